import type { TeamMember } from '../types';
import { machinesOf } from './needs-moves';
import { deskVerbs } from './title-verbs';

/**
 * "Make sure" said of work (docs/ai.md, "Title"): the work itself, as a person at the desk writes it. A member who is
 * to do it, with the verb said of him ("make sure Sam checks the spare tire", "make sure Jake looks at that pump")
 * -> "Check spare tire", "Check pump"; a thing to be on a machine or a truck ("make sure the ramps are on the
 * trailer") -> "Put ramps on trailer". Other states ("make sure the lift is in good shape") stay as said.
 */
const MEMBER_DOES = /^[Mm]ake\s+sure\s+([A-Z][a-z]+)\s+([a-z]+s)\s+(.+)$/;
const PUT_ON = /^make\s+sure\s+(.+?)\s+(?:is|are)\s+on\s+(.+)$/i;

/** "looks" -> "look", "fixes" -> "fix", "tidies" -> "tidy": the verb said of a member, as a command. */
const base = (verb: string) =>
  verb
    .replace(/ies$/, 'y')
    .replace(/(ch|sh|x|ss|z)es$/, '$1')
    .replace(/s$/, '');

/** The work a "make sure ..." title says, else the title as it was. */
export function madeSure(title: string, team: TeamMember[]): string {
  const t = title.trim();
  const does = MEMBER_DOES.exec(t);
  if (does && team.some((m) => m.firstName === does[1])) return deskVerbs(`${base(does[2])} ${does[3]}`);
  const on = PUT_ON.exec(t);
  if (on && machinesOf(on[2]).length && !/\b(?:it|they|them)\b/i.test(on[1])) return `put ${on[1]} on ${on[2]}`;
  return title;
}
