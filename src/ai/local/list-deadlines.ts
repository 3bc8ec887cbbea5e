import { addDays, LocalMoment } from './calendar';
import { dateMentions } from './due-date';
import type { TextFrame } from './frame';
import type { Candidate } from './candidate';

/**
 * "- Jake: restack the cones / - Dan: fix the drain / All of the above by Friday.", "Deadline for both: Thursday.",
 * "Need all of it done before the auditors come Monday.": a task-less line after a list that gives all of it a
 * deadline dates each undated task of the lines just above it (back to the last line without one).
 */
export const WRAP_UP =
  /\b(?:get|have)\s+(?:all\s+(?:of\s+)?)?(?:that|it|this|them|these|those|the\s+above|everything)\s+(?:done|finished|sorted|wrapped\s+up)\b/i;
/**
 * "Jake: fix the gate latch by next meeting" under "Weekly ops meeting - Mon 11/1": the next meeting's day, a line
 * that gives it ("Next meeting Friday 12/17"), else a week after the weekly meeting's dated header (the labelling
 * conventions, acme-11).
 */
const NEXT_MEETING = /\b(?:by|before|for|at)\s+(?:the\s+)?next\s+(?:meeting|huddle|sync)\b/i;
export function byNextMeeting(candidates: Candidate[], lines: string[], ref: LocalMoment): void {
  const waiting = candidates.filter((c) => !c.due && NEXT_MEETING.test(c.clause));
  if (!waiting.length) return;
  const told = lines.find((l) => /^\W*next\s+(?:meeting|huddle|sync)\b/i.test(l));
  const header = lines.find((l) => l.trim());
  const weekly = header && /\bweekly\b/i.test(header) ? dateMentions(header, ref, true)[0] : undefined;
  const day = (told && dateMentions(told, ref, true)[0]?.day) ?? (weekly ? addDays(weekly.day, 7) : null);
  if (day) for (const c of waiting) c.due = { day, phrase: 'next meeting', deadline: true, timeOnly: false };
}

const COLLECTIVE =
  /\b(?:all\s+(?:of\s+)?(?:it|that|them|this|these|those|the\s+above)|the\s+above|both|everything|each\s+of\s+(?:them|these|those))\b/i;
const DEADLINE_SAID = /\b(?:by|before|due|deadline|no\s+later\s+than|prior\s+to|ahead\s+of)\b/i;
export function closingDeadlines(candidates: Candidate[], frame: TextFrame, ref: LocalMoment, lines: string[]): void {
  frame.sentences.forEach((s, i) => {
    // "Deadline for both: Thursday.": the frame reads "Deadline for both" as a label; the line says it all.
    const said = frame.sentences.filter((o) => o.line === s.line).length === 1 ? (lines[s.line] ?? s.body) : s.body;
    if (candidates.some((c) => c.sentenceIndex === i) || !COLLECTIVE.test(said) || !DEADLINE_SAID.test(said)) return;
    const due = dateMentions(said, ref)[0];
    if (!due) return;
    for (let j = i - 1; j >= 0; j--) {
      const above = candidates.filter((c) => c.sentenceIndex === j);
      if (!above.length) break;
      for (const c of above) c.due ??= { ...due, deadline: true };
    }
  });
}
