import type { FramedSentence, TextFrame } from './frame';
import { HIGH_CUES, LOW_CUES } from './lexicon';

/**
 * How urgent a task is, said around it (docs/ai.md, "Local provider rules"): the sentence its priority is read from,
 * with a short neighbour on its line that only says how urgent it is ("Not urgent.", "No rush, next week is fine.")
 * and a sentence before that opens by declaring the matter urgent ("Hi, this is urgent: ...").
 */

// ("Not urgent, they don't need another one till April.": a reason after the word, up to twelve words in all.)
// ("It's not urgent, they have a spare.", "There's no rush on it": said of it, as "Not urgent" is.)
const URGENCY_OPENS =
  /^(?:(?:(?:it|this|that)(?:'s|\s+is)|there(?:'s|\s+is))\s+)?(?:no\s+rush|no\s+hurry|not\s+urgent|urgent|asap|whenever)\b/i;

const DECLARED_URGENT =
  /^(?:(?:hi|hey|ok(?:ay)?|so|guys)[,!]?\s+)?(?:this|it|that)(?:'s|\s+is)\s+(?:kind\s+of\s+|pretty\s+|really\s+|very\s+|quite\s+)?(?:urgent|an?\s+emergency)\s*(?::|[.!]?$)/i;

/**
 * The sentence a task's priority is read from, with a short neighbour that only says how urgent it is:
 * "Truck two's liftgate is slow. Not urgent. Look at it Monday." / "Call Gordon about it. No rush."
 */
export function withUrgencyAround(index: number, frame: TextFrame): string {
  const own = frame.sentences[index];
  // "No rush.", "Not urgent.", and one that opens with the word and says when ("No rush, next week is fine.").
  const cueOnly = (s?: FramedSentence) =>
    s &&
    s.line === own.line &&
    (s.body.split(/\s+/).length <= 5 ||
      (s.body.split(/\s+/).length <= 12 && URGENCY_OPENS.test(s.body) && !/\b(?:and|but)\b/i.test(s.body))) &&
    (HIGH_CUES.test(s.body) || LOW_CUES.test(s.body));
  // "Hi, this is urgent: the bank reversed a payment. Please call them.": a sentence that opens by saying the matter
  // is urgent, then tells what happened (or says only that), at any length, is read with the task after it.
  const previous = frame.sentences[index - 1];
  const declared = previous && previous.line === own.line && DECLARED_URGENT.test(previous.body) ? [previous] : [];
  const around = [previous, frame.sentences[index + 1]].filter(cueOnly).concat(declared);
  return [own.text, ...around.map((s) => s?.body ?? '')].join(' ');
}
