import type { TeamDirectory } from './team';

/**
 * A member the writer wants to act ("And I want Noemi to call the customer", "we need Sam to load the trailer",
 * "I'd like Jake to swap it"): the writer hands the work on, as "have Noemi call ..." does.
 */
const WANTS_MEMBER =
  /\b(?:I|we)(?:\s+(?:really|also|just))?(?:\s+want|\s+need|\s+would\s+like|'d\s+like)\s+([A-Z][a-z'-]+)\s+to\s+(?=[a-z])/;

/**
 * Reads a clause for "I want / need / would like <member> to <verb>", the name a member of the team; returns the
 * clause with those words said as "have <member> <verb>", which the cue reader reads as the member's task, or the
 * clause as it was.
 */
export function memberWanted(clause: string, team: TeamDirectory): string {
  const m = WANTS_MEMBER.exec(clause);
  if (!m || !team.find(m[1])) return clause;
  return `${clause.slice(0, m.index)}have ${m[1]} ${clause.slice(m.index + m[0].length)}`;
}
