import type { TextKind } from '../types';

/**
 * A meeting's notes open with their title (round twenty-four, actions): "Dispatch planning for next week (Fri 7/26)",
 * "AR review 11/26 - Imogen, Wendell, Rafael", "Shop sync" over a single item. `frame.ts` reads a first line of six
 * words or fewer as a heading in a text of three lines or more; in meeting notes the title may be longer when it dates
 * the meeting or names who sat in, and stands over a single item too. It is never a task ("Dispatch planning" was
 * read as "Dispatch ...", "AR review" as "Complete AR review"). A line that ends a sentence, asks ("please", "can",
 * "need", "to") or is longer than ten words is no title.
 */
const ASKS = /\b(?:please|pls|can|could|need|needs|must|should|to|will|I'll|we'll)\b/i;
/** A meeting's day ("11/26", "7/26", "Mon 3/25") or the people at it after a dash ("- Imogen, Wendell, Rafael"). */
const DATED_OR_ATTENDED = /\b\d{1,2}\/\d{1,2}\b|\s[-\u2013\u2014]\s+[A-Z][a-z'-]+(?:,\s*[A-Z][a-z'-]+)+\s*$/;
const SHORT = /^(?:\S+\s+){0,5}\S+$/;

/** Is the first line of a text its notes' title? (`lines`: how many lines the text has.) */
export function isNotesTitle(line: string, kind: TextKind | undefined, lines: number): boolean {
  if (kind !== 'meeting_notes' || lines < 2 || ASKS.test(line) || /[.!?:]\s*$/.test(line)) return false;
  const words = line.trim().split(/\s+/).length;
  return words <= 10 && (SHORT.test(line.trim()) || DATED_OR_ATTENDED.test(line));
}
