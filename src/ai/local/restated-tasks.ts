import type { Candidate } from './candidate';

/**
 * A task said again in other words is one task (docs/ai.md, "Local provider rules"): an offer the same line goes on
 * to promise ("I can pull those. I'll send a PDF by Friday."), "get it done" after the task it refers back to, and a
 * need that restates the request before it ("Can you quote a 45 ft boom? We need the quote by Monday."); the later
 * words give the kept task their date or owner.
 */

/**
 * "I can pull those. I'll send a PDF of everything by Friday.": an offer the same line goes on to promise in
 * other words is that promise (one task, the promise's).
 */
export function offersKeptAfter(candidates: Candidate[]): Candidate[] {
  return candidates.filter(
    (c, i) =>
      !/\bcan\b/i.test(c.cue.words) ||
      c.cue.kind !== 'obligation' ||
      !candidates
        .slice(i + 1)
        .some(
          (o) => o.sentence.line === c.sentence.line && o.cue.kind === 'obligation' && !/\bcan\b/i.test(o.cue.words),
        ),
  );
}

const REFERS_BACK =
  /^(?:(?:get|have)\s+(?:it|this|that|them|these|those|both)\s+(?:done|sorted|fixed|handled|booked|taken\s+care\s+of|(?:in|on|back|here|over|out|there)(?!\s+(?:a|an|the|to|our|their|your|my|his|her|with|for)\b))|(?:do|handle|sort|sort\s+out|take\s+care\s+of)\s+(?:it|this|that|them))\b/i;

/**
 * "The generator is due for its service. Please get it done before the 10th.": the second sentence is
 * the first one's task again; its date and owner complete that task.
 */
export function mergeReferences(candidates: Candidate[]): Candidate[] {
  return candidates.filter((c) => {
    if (!REFERS_BACK.test(c.cue.action.trim())) return true;
    // "Please order two pumps. Stock is at zero. Get them in by the end of the month.": a sentence between.
    const target = [...candidates]
      .reverse()
      .find((o) => o.sentenceIndex < c.sentenceIndex && o.sentenceIndex >= c.sentenceIndex - 2);
    if (!target) return true;
    target.due = c.due ?? target.due;
    if (c.cue.member) target.owner = c.owner;
    return false;
  });
}

/**
 * "Can you quote a 45 ft boom for December? We need the quote by Monday.": the need restates the request of
 * the sentence before (its noun is in that request's clause); its date completes that request.
 */
export function mergeRestatedNeeds(candidates: Candidate[]): Candidate[] {
  return candidates.filter((c) => {
    if (c.cue.kind !== 'noun_request') return true;
    const noun = c.cue.words.split(' ').pop() ?? '';
    const target = candidates.find(
      (o) =>
        o.sentenceIndex === c.sentenceIndex - 1 &&
        o.sentence.line === c.sentence.line &&
        new RegExp(`\\b${noun}`, 'i').test(o.clause),
    );
    if (!target) return true;
    target.due = target.due ?? c.due;
    return false;
  });
}
