import type { Priority } from '../types';
import { daysBetween } from './calendar';
import { HIGH_CUES, LOW_CUES } from './lexicon';

/**
 * Priority per task (docs/ai.md, "Priority"): an urgency cue in the task's sentence ("urgent", "ASAP", "top
 * priority") or a text marked urgent by a line that starts with the word (for an item due within two days
 * or undated) makes it high; a low cue ("no rush", "when you get a chance") makes it low; otherwise the due
 * date decides: today or the next day high, within 14 days medium, later low; no date medium.
 */
export function priorityOf(
  sentence: string,
  textIsUrgent: boolean,
  due: { day: string; phrase: string } | null,
  today: string,
): { priority: Priority; why: string } {
  const dueDate = due?.day ?? null;
  const low = LOW_CUES.exec(sentence);
  const calm = sentence.replace(/\bnot\s+(?:urgent|a\s+priority)\b/gi, '');
  const high = HIGH_CUES.exec(calm);
  if (high) return { priority: 'high', why: `urgency cue "${high[0]}"` };
  if (low) return { priority: 'low', why: `low-urgency cue "${low[0]}"` };
  const days = dueDate ? daysBetween(today, dueDate) : null;
  if (textIsUrgent && (days === null || days <= 2)) return { priority: 'high', why: 'the text is marked urgent' };
  if (days === null) return { priority: 'medium', why: 'no urgency cue and no due date' };
  if (days <= 0) return { priority: 'high', why: 'due today' };
  // "tomorrow" is pressing; "by Friday" said on a Thursday is a deadline like any other.
  if (days === 1) return { priority: 'high', why: 'due the next day' };
  if (days <= 14) return { priority: 'medium', why: `due in ${days} days` };
  return { priority: 'low', why: `due in ${days} days` };
}

/**
 * The text as a whole is marked urgent: a line starts with the word ("URGENT: the county called", "Urgent -
 * ..."). An "urgent" inside one sentence makes that sentence's tasks high, not every task of the text.
 */
export function isUrgent(text: string): boolean {
  return /^\s*(?:[-*]\s*)?(?:urgent|emergency)\b/im.test(text);
}
