import type { LocalMoment } from './calendar';
import type { Cue } from './cues';
import { dueDateOf } from './due-date';
import type { FramedSentence, TextFrame } from './frame';
import { tagsOf } from './words';

/**
 * A note's item given to a member as a noun phrase with its deadline: "- Kwame: new heater rate card by end of
 * the month", "Ray: trailer 2 brake check Friday". The member is to complete the thing named; a line with no date
 * ("Hannah: the contact") or one that opens with a verb (read by the other cues) is no such item.
 */
export function listedItemCue(
  clause: string,
  sentence: FramedSentence,
  frame: TextFrame,
  ref: LocalMoment,
): Cue | null {
  const member = sentence.label?.member;
  if (frame.dialogue || !member || clause.split(/\s+/).length > 10 || !dueDateOf(clause, ref)) return null;
  const first = tagsOf(clause)[0]?.tags;
  if (!first || first.has('Verb') || first.has('Pronoun') || first.has('Copula')) return null;
  return {
    kind: 'imperative',
    words: `${sentence.label?.name}: (item)`,
    action: `complete ${clause}`,
    subject: 'none',
  };
}
