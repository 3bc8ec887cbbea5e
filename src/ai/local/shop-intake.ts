import { FILLERS } from './lexicon';

/**
 * A machine brought into the shop, then the work done on it ("pull LT-07 into the shop, check the oil pressure
 * sender", "bring the roller in and look at the drum bearing"): one task, the work, as "come out and fix it" is one
 * (the bringing in is how the work gets done, not a task a person lists).
 */
const INTAKE =
  /^(?:[\w']+\s+){0,3}?(?:pull|bring|get|roll|drive|move|haul|take)\s+(?:[\w#'-]+\s+){1,4}?(?:in(?:to)?\s+(?:the\s+)?(?:shop|bay|service\s+bay)|in)\s*$/i;
/** The work after it: a look, a check, a fix. */
const WORK = /^(?:check|look\s+(?:at|over)|inspect|test|fix|repair|replace|swap|change|diagnose|service|find)\b/i;

/** Reads two clauses of a sentence: whether `before` brings a machine in and `rest` is the work done on it. */
export function intakeThenWork(before: string, rest: string): boolean {
  return INTAKE.test(before.replace(FILLERS, '').trim()) && WORK.test(rest.replace(FILLERS, '').trim());
}

/**
 * Reads a cue's action ("pull LT-07 into the shop, check the oil pressure sender"); returns the work alone, with
 * the machine it is done on ("check the oil pressure sender on LT-07"), or null.
 */
export function intakeWork(action: string): string | null {
  for (const m of action.matchAll(/,\s*(?:and\s+)?|\s+and\s+/g)) {
    const before = action.slice(0, m.index);
    const rest = action.slice((m.index ?? 0) + m[0].length);
    if (!intakeThenWork(before, rest)) continue;
    const machine = /^(?:[\w']+\s+){0,3}?(?:pull|bring|get|roll|drive|move|haul|take)\s+(.+?)\s+in(?:to)?\b/i.exec(
      before,
    );
    const its = machine && !/^(?:it|them|her|him|that|this)$/i.test(machine[1]) ? ` on ${machine[1]}` : '';
    return `${rest}${its}`;
  }
  return null;
}
