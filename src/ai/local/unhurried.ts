import type { Candidate } from './candidate';
import type { TextFrame } from './frame';
import { LOW_CUES } from './lexicon';

/**
 * An item that says it can wait ("no hurry on this one", "when you get a chance, call the tire shop") takes no
 * deadline from what was written above it: the day of a list's heading, a subject line or an earlier sentence
 * ("Few things before the weekend:", "The walkthrough is Thursday.") is the other items' (docs/ai.md, "Due dates").
 * A day of its own sentence still dates it, and so does a needed-by said after it ("We need them by Friday.").
 * Reads the task's sentence, the words the date came from and the sentences before it.
 */
export function unhurriedFromAbove(frame: TextFrame, index: number, datePhrase: string): boolean {
  const sentence = frame.sentences[index].text;
  if (!LOW_CUES.test(sentence) || sentence.includes(datePhrase)) return false;
  return frame.sentences.slice(0, index).some((s) => s.text.includes(datePhrase));
}

/** The candidates' dates, less those an item that can wait took from above it (read as `unhurriedFromAbove`). */
export function undateUnhurried(candidates: Candidate[], frame: TextFrame): void {
  for (const c of candidates) if (c.due && unhurriedFromAbove(frame, c.sentenceIndex, c.due.phrase)) c.due = null;
}
