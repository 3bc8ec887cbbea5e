import type { TaskContext } from '../types';
import type { Cue } from './cue';
import { FILLERS } from './lexicon';
import { machineBefore } from './pronouns';
import type { TeamDirectory } from './team';

/**
 * A machine's fault reported (docs/ai.md, "Round nineteen, breakdowns"): "the light tower won't crank", "throws a
 * hydraulic temp code and shuts down", "the pan's warped", "keeps cutting out", "leaking from the boom cylinder".
 * A fault the machine has now, not a repair done ("we fixed it") nor a thing that will not fit or be needed; a platform
 * or mast that "drifts down", a machine that "has a flat" (round twenty-three).
 */
export const FAULT_REPORTED =
  /\b(?:(?:won'?t|wont|wouldn'?t|doesn'?t|isn'?t|can'?t|not)\s+(?:start|crank|run|work|light|fire|idle|charge|restart|go\s+up|go\s+down|hold\s+pressure|pick\s+up\s+(?:any\s+)?water)|not\s+(?:working|starting|running|charging)|keeps?\s+(?:cutting\s+out|shutting\s+(?:off|down)|dying|stalling|tripping|leaking)|cut(?:s|ting)\s+out|shut(?:s|ting)?\s+(?:itself\s+)?(?:off|down)|(?:is|are|'s|was)\s+leaking|leaking\s+(?:from|oil|fuel|hydraulic|hyd)|overheat(?:s|ing|ed)?|throw(?:s|ing)\s+(?:a\s+)?(?:[\w-]+\s+){0,3}(?:codes?|errors?|faults?|alarms?|teeth)|warped|broke\s+down|died|seized|jammed|bogging\s+down|drift(?:s|ing)?\s+down|(?:has|got|with)\s+a\s+flat|flat\s+tire)\b/i;

/**
 * A visit the team promises: "I'll be out first thing tomorrow with a hose kit", "I can be there around ten",
 * "Heading up after the morning runs", "Going out tomorrow with the tire trailer", "Told him Dan can be there by noon",
 * "Dan will be over at two". Group 1 is the
 * member named as the one who goes, if any (else the speaker goes).
 */
const VISIT =
  /^(?:(?:ok(?:ay)?|so|and|then|alright|sure)[,.]?\s+)*(?:(?:(?:I|we)\s+)?(?:told|promised)\s+(?:him|her|them|'em|[A-Z][a-z]+)\s+(?:that\s+)?)?(?:(?:I|we|([A-Z][a-z'-]+))(?:'ll|\s+will|\s+can|\s+could|'d|\s+would|\s+should)\s+(?:be|head|come|swing|run|get)|(?:I'm|I\s+am|we're|we\s+are)\s+(?:heading|coming|going|swinging|running)|heading|coming|swinging|going)\s+(?:out|over|up|down|by|there|on\s+site)\b/i;

/** A visit for another errand: "to pick it up", "to drop off the key", "to measure", "to walk the site". */
const ERRAND =
  /^\s*(?:\S+\s+){0,4}?to\s+(?:pick|collect|grab|drop|deliver|measure|walk|meet|sign|quote|show|look\s+at\s+the\s+site|take\s+(?:it|them)\s+back)\b/i;
/** A repair done: "we fixed it Friday", "Dan got it running", "it's working again". */
const REPAIRED =
  /\b(?:(?:fixed|repaired|sorted|replaced|swapped)\s+(?:it|them|that)|got\s+(?:it|them)\s+(?:running|going|working)|(?:running|working)\s+(?:again|fine)\s*(?:now)?)\b/i;

/**
 * "1 of the 2 light towers won't crank ... Heading up after the morning runs w/ a spare battery", "the excavator
 * throws a temp code ... Told him Dan can be there by noon": a visit the team promises after a machine's fault is
 * reported is the fix of that machine, the visit's evidence and date. Null when no fault is said before (a visit to
 * measure, deliver or walk a site) or no machine is named with it.
 */
export function faultVisit(
  clause: string,
  before: string[],
  own: string,
  team: TeamDirectory,
  context: TaskContext,
): Cue | null {
  // "the generator overheats after an hour, heading over after lunch": a run-on's visit after a comma, its report before.
  const parts = clause.replace(FILLERS, '').trim().split(/,\s+/);
  const at = Math.max(
    parts.findIndex((_, i) => VISIT.test(parts.slice(i).join(', '))),
    0,
  );
  const c = parts.slice(at).join(', ');
  if (at > 0) before = [parts.slice(0, at).join(', '), ...before];
  const visit = VISIT.exec(c);
  // "I'll be out Monday to pick it up", "swing by to drop off the key": a visit for something else than the machine.
  if (!visit || ERRAND.test(c.slice(visit[0].length))) return null;
  const member = visit[1] ? team.find(visit[1]) : null;
  if (visit[1] && !member) return null;
  // The nearest sentence before that reports a fault ("heading out to Pinnacle, their boom is throwing a fault code":
  // else the visit's own), and the machine it names (else the one named nearest before).
  const reported = before.findIndex((s) => FAULT_REPORTED.test(s));
  const report = reported >= 0 ? before[reported] : FAULT_REPORTED.test(own) ? own : null;
  // "it was leaking, we fixed it Friday": a repair done since.
  if (!report || before.slice(0, Math.max(reported, 0)).some((s) => REPAIRED.test(s)) || REPAIRED.test(report))
    return null;
  const machine = machineBefore([report], context) ?? machineBefore(before, context);
  if (!machine || /\s(?:and|or)\s/i.test(machine)) return null;
  return {
    kind: member ? 'delegation' : 'obligation',
    words: visit[0].trim(),
    action: `fix ${machine.replace(/'s$/i, '')}`,
    visit: true,
    subject: member ? 'member' : 'first',
    ...(member ? { member } : {}),
    // "I'll be out Monday morning to top it off and test it": the visit's time is the fix's.
    when: c.slice(visit[0].length).trim(),
  };
}

/** A work said as the fallback of a visit: "if I can't fix it on site, I'll swap ...", "if it's the valve, ...". */
const FALLBACK = /(?:^|,\s*)(?:(?:and|but|or)\s+)?(?:if|unless|otherwise)\b/i;

/** Work on a machine: "swap it", "fix the trowel", "look at the pump". */
const WORKS_ON = /^(?:swap|fix|repair|replace|check|look|inspect|service|jump|change|tag)\b/i;

/**
 * "I'll swap you a different one ... I can be there around ten": a visit is the work another task on that machine
 * already says (that task is kept, the visit dropped; its time is the work's when the work's own clause has none),
 * unless that work is said as a fallback ("if I can't fix it on site ...": round twenty-three).
 */
export function visitsCovered<T extends { cue: Cue; clause: string; due: unknown }>(
  candidates: T[],
  dated: (clause: string) => boolean,
): T[] {
  // ("if I can't fix it on site I'll swap you a different unit": a fallback said after the visit is a task of its own.)
  const works = candidates.filter((c) => !c.cue.visit && WORKS_ON.test(c.cue.action) && !FALLBACK.test(c.clause));
  return candidates.filter((c) => {
    if (!c.cue.visit) return true;
    const head = c.cue.action.split(/\s+/).pop()?.replace(/s$/i, '') ?? '';
    const pointsTo = new RegExp(`\\b(?:${head}s?|it|them|that(?:\\s+one)?|this\\s+one)\\b`, 'i');
    const work = works.find((w) => pointsTo.test(w.cue.action.replace(WORKS_ON, '')));
    if (work && c.due && dated(c.clause) && !dated(work.clause)) work.due = c.due;
    return !work;
  });
}
