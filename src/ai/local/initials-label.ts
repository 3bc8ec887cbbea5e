import type { TeamMember } from '../types';
import { isListedAction } from './lexicon';
import type { TeamDirectory } from './team';

/**
 * A notes item opened by a member's initials and the verb of the item, with no colon ("CB deliver the light towers +
 * pump to Lund Bros", "TK put seal in #14 once kit shows up", "Action: DL send Rausch the photos", round twenty-four,
 * actions): the member is the item's owner, as "DL:" already made them (`frame.ts`, `byInitials`). Only two capitals
 * that are one member's initials, then a desk verb in its base form (or "to" and one): "PO number is wrong" and "AP
 * needs the W-9" name no member's item.
 */
const OPENING = /^([A-Z]{2})\s+(?:to\s+)?([a-z]+)\b/;

/** The member whose initials open `line` before a desk verb, and the line after them; else null. */
export function initialsOpening(line: string, team: TeamDirectory): { member: TeamMember; rest: string } | null {
  const m = OPENING.exec(line);
  const member = m && isListedAction(m[2]) ? team.byInitials(m[1]) : null;
  return m && member ? { member, rest: line.slice(m[1].length).trim() } : null;
}
