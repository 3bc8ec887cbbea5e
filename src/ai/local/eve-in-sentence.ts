import { eveOfDaySaidBefore } from './before-said-day';
import type { LocalMoment } from './calendar';
import type { Candidate } from './candidate';

/**
 * "DOT inspection on the trailer expires 7/31 — Hank book it before it runs out", "The Dunn crew starts Monday -
 * have the mats loaded before they start": the "before" of a task points back to the day a task-less part of its
 * sentence said before it, though the sentence was cut into clauses there (a dash, a semicolon), so the clause alone
 * no longer holds the day: the task is due on that day's eve, as within a clause (`eveOfDaySaidBefore`).
 */
export function eveOfDayInSentence(candidates: Candidate[], ref: LocalMoment): void {
  for (const c of candidates) {
    if (c.due) continue;
    const body = c.sentence.body;
    const at = body.indexOf(c.clause);
    if (at <= 0) continue;
    // (A part before that is another task's has its own day.)
    const before = candidates.filter((o) => o !== c && o.sentenceIndex === c.sentenceIndex);
    if (before.some((o) => body.indexOf(o.clause) >= 0 && body.indexOf(o.clause) < at)) continue;
    // (An action read in other words, "get Ray out there" read as a fix, is looked for where its clause starts.)
    const action = body.includes(c.cue.action.slice(0, 20)) ? c.cue.action : c.clause;
    c.due = eveOfDaySaidBefore(body, action, ref);
  }
}
