import type { FramedSentence } from './frame';

/**
 * The clause a task reports, as it was said: where the clause opens a sentence that turns to someone ("Rafael, can
 * you line up two customers for the demo?"), the rules read it without the name (`FramedSentence.body`), but the
 * words the task comes from start with it. Reads the sentence as written and its body; returns the clause with the
 * name and its comma put back, or the clause as it was.
 */
export function clauseAsSaid(clause: string, sentence: FramedSentence): string {
  if (!sentence.vocative || sentence.body === sentence.text || !sentence.body.startsWith(clause)) return clause;
  if (!sentence.text.endsWith(sentence.body)) return clause;
  return `${sentence.text.slice(0, sentence.text.length - sentence.body.length)}${clause}`;
}
