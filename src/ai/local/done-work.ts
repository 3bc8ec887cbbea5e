import { tagsOf } from './words';

/**
 * Verbs whose past is their base form ("put", "set"), read as work done where the text tells it so (docs/ai.md,
 * "Round twenty: actions"): "I put the hold on them", "we set the pressure", said with no time ahead, and a logged
 * call's subjectless "Put a soft hold on unit 3 til Thu noon." among the log's other past tenses ("Offered her ...",
 * "Pulled the ticket").
 */
const SAME_IN_PAST = /^(?:put|set|reset|cut|let|shut|hit|quit|split|spread)$/i;

/** A time still ahead: the work would be a plan ("I put the new filters on tomorrow"). */
const AHEAD =
  /\b(?:today|tonight|tomorrow|later|next|soon|asap|by|before|after|this\s+(?:morning|afternoon|evening|week)|first\s+thing|(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*)\b/i;

/** "I put the hold on them": a first person's same-form past told with no time ahead (`verb` the word after "I"). */
export function toldAsDone(verb: string, clause: string): boolean {
  return SAME_IN_PAST.test(verb) && (/\balready\b/i.test(clause) || !AHEAD.test(clause));
}

/** A sentence that opens with a past tense and no subject: "Offered her Fri pickup", "Pulled the ticket". */
const opensInPast = (sentence: string) => {
  const first = tagsOf(
    sentence
      .split(/[\s,]+/)
      .slice(0, 3)
      .join(' '),
  )[0];
  return !!first && first.tags.has('PastTense') && !SAME_IN_PAST.test(first.word);
};

/**
 * "Put a soft hold on unit 3 til Thu noon." in a call the rep logged in the past ("Spoke with Renee ... Offered her
 * Fri afternoon pickup ..."): the same-form verb with no subject is the log's past too.
 */
export function loggedAsDone(verb: string, sentences: string[]): boolean {
  return SAME_IN_PAST.test(verb) && sentences.some(opensInPast);
}
