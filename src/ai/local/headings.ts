import { SUBJECT_LINE, TextFrame } from './frame';

/**
 * The headings a sentence of a text is written under (docs/ai.md, "Local provider rules"): read from the framed
 * sentences before it, the last line that heads a list (ending with a colon, naming only a day, or a section's own
 * head such as "Action items") and an email's subject line. A notes' dispatch line takes its place from the first, a
 * task with no date of its own its day from either.
 */

/** A line that only names a day, heading what follows it: "Tomorrow", "Friday -", "By Thursday", "For Mon 6/14". */
const DATE_LINE =
  /^(?:(?:by|before|for|due|on)\s+)?(?:(?:this|next)\s+)?(?:today|tomorrow|tmrw|tonight|(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday)?\.?(?:\s+\d{1,2}(?:\/\d{1,2})?)?|\d{1,2}\/\d{1,2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?)(?:\s+(?:am|pm|morning|afternoon|first\s+thing))?\s*[-\u2013\u2014:]?$/i;

/**
 * The headings a sentence is written under, nearest first: the last line before it that ends with a colon
 * ("Yard to do before xmas:", "For Thursday's site visit at Harmon:"), then an email's subject line.
 */
const SECTION_HEAD =
  /^(?:action\s+items?|actions?|to[- ]?dos?|follow[- ]?ups?|next\s+steps|notes|decisions|tasks|open\s+items|discussed)$/i;
export function headingsBefore(frame: TextFrame, index: number): string[] {
  const before = frame.sentences.slice(0, index).filter((s) => s.line < frame.sentences[index].line);
  // "This week's runs: ... / Action items / - Tom to email Angela": a section's own head without a colon ends the
  // list before it, whose head no longer dates what follows.
  const listHead = [...before]
    .reverse()
    .find((s) => /:\s*$/.test(s.text) || DATE_LINE.test(s.text.trim()) || SECTION_HEAD.test(s.text.trim()));
  const subject = before.find((s) => s.heading && SUBJECT_LINE.test(s.text));
  return [listHead?.text.replace(SUBJECT_LINE, ''), subject?.text.replace(SUBJECT_LINE, '')].filter(
    (h): h is string => !!h,
  );
}
