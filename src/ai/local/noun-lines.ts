import { MONTHS } from './calendar';
import { isListedAction } from './lexicon';
import { tagsOf } from './words';

/**
 * Lines that name something rather than ask for it, though their first word can be read as a verb (docs/ai.md,
 * "Round twenty: actions"): a logged call's or meeting's heading ("Call with Yadira from Arroyo Blue Pools.", "Phone
 * call w/ Luka at Everly Fitness, ...", "Meeting w/ Saltbox Catering - Thu 12/2") and an event or a start named with
 * its day ("Harvest party Oct 9, about 300 guests", "start Feb 7", "Back from vacation Monday"); and (round twenty-one)
 * a machine's rental state ("boom on rent since December", "lift out through 7/31"), a count of things met ("Couple
 * leads.") and a matter named by its compound noun ("credit limit increase request", "spring townhome project").
 */

/** An activity with someone, said as a noun: "call with", "phone call w/", "long call with", "meeting with". */
const ACTIVITY_HEADING =
  /^(?:(?:long|short|quick|brief|good|phone|cell|follow[- ]?up|intro|first|video|zoom|teams)\s+)*(?:call|chat|meeting|mtg|convo|conversation|visit)\s+(?:with|w\/)\s+(?:(?:mr|mrs|ms|dr|sra?)\.?\s+)?[A-Z]/i;

/** A day said plainly: a weekday, a month with its day, a numeric date, an ordinal, "tomorrow". */
const DAY = new RegExp(
  `^(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\\.?|(?:${MONTHS})[a-z]*\\.?|\\d{1,2}[/.-]\\d{1,2}(?:[/.-]\\d{2,4})?|\\d{1,2}(?:st|nd|rd|th)|tomorrow|today|tonight)$`,
  'i',
);

/** A verb by its ending ("winterize", "certify", "calibrate", "shorten"): never a noun's name for an event. */
const VERB_ENDING = /(?:[iy]ze|ise|ify|ate|en)$/i;

/**
 * "Harvest party Oct 9", "start Feb 7": a first word the desk's verbs do not hold, then only bare nouns (no
 * determiner, pronoun or preposition: "Winterize the generators Friday" is a command) and a day. "Back from
 * vacation Monday", "back on the 3rd": a return, said of someone.
 */
function eventWithDay(clause: string): boolean {
  const head = clause.split(/[,;:(]|\s+-\s+/)[0].trim();
  if (/^back\s+(?:from|on|in\s+(?:the\s+)?office)\b/i.test(head) && head.split(/\s+/).some((w) => DAY.test(w)))
    return true;
  const words = head.replace(/[.!?]+$/, '').split(/\s+/);
  const first = words[0] ?? '';
  if (isListedAction(first) || VERB_ENDING.test(first) || words.length > 5) return false;
  const at = words.findIndex((w, i) => i > 0 && DAY.test(w));
  if (at < 1) return false;
  const tags = tagsOf(words.slice(0, at).join(' '));
  return tags.slice(1).every((t) => t.tags.has('Noun') && !t.tags.has('Pronoun') && !isListedAction(t.word));
}

/** "Willowbend Apartments", "Tamarack Golf Club" (a signature's company after its title): a name, every word capitalised. */
function nameOnly(words: string[]): boolean {
  return words.length > 1 && !isListedAction(words[0]) && words.every((w) => /^[A-Z0-9&][\w&'.-]*,?$/.test(w));
}

/** "Boom 135-02 still at Vanterpool", "Unit 7 back Friday": a thing and its number. */
const NUMBERED = /^([A-Za-z]+)\s+#?\d[\w/-]*\b/;
/** "Contact on site is Cal", "Access through the back gate is fine": a subject with a phrase of its own, then "is". */
const PHRASE_SUBJECT =
  /^([A-Za-z]+)\s+(?:on|at|in|for|from|of|near|behind|through|inside|outside|off)\s+(?:[\w'-]+\s+){0,4}?(?:is|are|was|were)\b/i;
/** Verbs whose object can be a clause with "is" in it ("Check the gauge on the pump is reading", "Make sure ..."). */
const TAKES_CLAUSE =
  /^(?:check|make|tell|confirm|see|verify|find|ask|let|note|show|explain|mention|write|remind|ensure)$/i;
/** "ask for Yesenia" after directions to a site: whom the driver sees there. */
const ASK_FOR_PERSON = /^ask\s+for\s+(?:(?:mr|mrs|ms|dr)\.?\s+)?[A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+)?\s*[.!]?$/i;
/** "call me if you have any questions", "so text me if anything comes up": an offer to be reached, no task. */
const REACH_ME_IF =
  /^(?:(?:so|and|then|please|just|feel\s+free\s+to)\s+)*(?:call|text|email|e-mail|ring|phone|contact|ping|message|reach\s+out\s+to)\s+(?:me|us)\b[^.]*?\bif\s+(?:you\s+(?:have|need|run\s+into)|anything|there\s+(?:is|are|'s)|any\b|something|questions|problems|issues)/i;

/** "open Sat 3rd 7-12", "We close at five on Saturday", "we're closed Sundays": the business's hours, a schedule. */
const HOURS =
  /^(?:we(?:'re|\s+are|'ll\s+be|\s+will\s+be)?\s+)?(?:open|close|closed|opening|closing)\s+(?:(?:on\s+)?(?:the\s+)?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|at\s+(?:\d|noon|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b|\d{1,2}(?::\d\d)?\s*(?:am|pm|-|to)\b)/i;

/** "boom on rent since December", "scissor still out through 7/31", "lift off rent Friday": a machine's rental state. */
const RENTAL_STATE =
  /^(?:(?:the|our|their|his|her|a|one)\s+)?([A-Za-z][\w-]*)(?:\s+[\w-]+){0,2}?\s+(?:still\s+)?(?:(?:on|off)\s+rent\b|out\s+(?:on\s+rent|through|thru|till|until|since|to)\b)/i;

/** "Couple leads.", "A few calls about heaters.", "Handful of walk-ins": things met, counted, with no verb. */
const COUNTED = /^(?:a\s+)?(?:couple|few|handful|bunch|lots|several)\s+(?:of\s+)?(?:[a-z-]+\s+){0,2}?[a-z-]+s\b/i;

/** The head nouns that name a matter, not a thing to act on: "increase request", "townhome project". */
const MATTER =
  /^(?:request|project|inquiry|enquiry|opportunity|lead|leads|complaint|question|questions|issue|dispute)$/i;

/**
 * "credit limit increase request ($15k to $25k)", "spring townhome project, 3 telehandlers": three nouns or more, no
 * article or preposition, the last naming a matter. A command says what to do with it ("Review the credit request").
 */
function matterNamed(clause: string): boolean {
  const head = clause.split(/[,;:(]|\s+-\s+|[.!?](?:\s|$)/)[0].trim();
  const tags = tagsOf(head);
  return (
    tags.length >= 3 &&
    MATTER.test(tags[tags.length - 1].word.replace(/[^\w]/g, '')) &&
    tags.every((t) => t.tags.has('Noun') && !t.tags.has('Pronoun') && !t.tags.has('Verb'))
  );
}

/** A machine's rental state, its first word no desk verb ("Put the boom on rent" is a command). */
function rentalState(clause: string): boolean {
  const m = RENTAL_STATE.exec(clause);
  return !!m && !isListedAction(m[1]) && !/^(?:get|put|take|keep|leave|send|move|bring)$/i.test(m[1]);
}

/** Whether a clause is a heading, a name, a thing named with its day or number, hours, or an offer to be reached. */
export function namesNotAsks(clause: string): boolean {
  const c = clause.trim();
  const words = c.replace(/[.!?]+$/, '').split(/\s+/);
  const numbered = NUMBERED.exec(c);
  const phrase = PHRASE_SUBJECT.exec(c);
  return (
    ACTIVITY_HEADING.test(c) ||
    eventWithDay(c) ||
    nameOnly(words) ||
    (!!numbered && !isListedAction(numbered[1]) && !VERB_ENDING.test(numbered[1])) ||
    (!!phrase && !TAKES_CLAUSE.test(phrase[1])) ||
    ASK_FOR_PERSON.test(c) ||
    REACH_ME_IF.test(c) ||
    HOURS.test(c) ||
    rentalState(c) ||
    COUNTED.test(c) ||
    matterNamed(c)
  );
}
