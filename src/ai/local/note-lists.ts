import type { LocalMoment } from './calendar';
import type { Candidate } from './candidate';
import { DateMention, dateMentions } from './due-date';
import type { TeamDirectory } from './team';

/**
 * A note's lists (docs/ai.md, "Local provider rules"): the line that opens the list of what was agreed ("Action
 * items:", "Next steps:", "Owners"), below which the tasks are and above which is the discussion, unless a line there
 * gives a member a task; "No decisions." (nothing given out); and a dispatch list's day ("Mon: 2 mini ex to Saguaro
 * Site Works, first load 7am").
 */

/** The line that opens a note's list of what was agreed: "Action items:", "Next steps:", "TODO", "Decisions:". */
// "Owners", "Assignments", "Action points" (round twenty-two): the list of who does what, as "Action items" is.
const ACTION_ITEMS =
  /^(?:action\s+(?:items?|points?)|actions?|next\s+steps?|to-?\s?dos?|decisions?|follow[- ]ups?|owners?|assignments?|tasks?)\b\s*(?::|-|$)/i;

/**
 * Notes that list what was agreed under "Action items:" hold their tasks there; the lines above are the
 * discussion ("- We hold rates but add a free delivery zone", "- Lesson: confirm dates a week before"), unless
 * a line there gives a member a task ("- Greta and Ray each need to complete the training").
 */
export function afterActionItems(
  candidates: Candidate[],
  text: string,
  team: TeamDirectory,
  ref: LocalMoment,
): Candidate[] {
  const lines = text.split('\n');
  // "No decisions, revisit in September.", "No action items.": the notes' points were discussed, not given out.
  if (lines.some((line) => NONE_AGREED.test(line.replace(/^[\s*\u2022-]+/, ''))))
    return candidates.filter((c) => c.cue.member);
  const markers = lines.flatMap((line, i) => (ACTION_ITEMS.test(line.replace(/^[\s*\u2022-]+/, '')) ? [i] : []));
  // "Decisions:" above "Follow-ups:": what was decided is discussion, the list of who does what holds the tasks.
  const decided = markers.find((i) => /^decisions?\b/i.test(lines[i].replace(/^[\s*\u2022-]+/, '')));
  const marker = (decided !== undefined ? markers.find((i) => i > decided) : undefined) ?? markers[0];
  // A dispatch list's run ("Thu: two scissor lifts to Northgate Electric", "Fri: pick up the trencher from Garza") is
  // the week's work, above the items or not.
  if (marker === undefined) return candidates;
  // "2. Riverbend County Fair - ... Send them a multi-year proposal." above "Owners" / "- #2 Tom, by the 6th": an item
  // the list points back to by its number and only a member and a day is kept, given that member and day ("#1 PS: get
  // the credit application processed" is an item of its own).
  const pointing = new Map<string, string>();
  for (const line of lines.slice(marker + 1)) {
    const m = /^\s*(?:[-*\u2022]\s*)?#(\d{1,2})\b(.*)$/.exec(line);
    const rest = m ? team.namedIn(m[2]).reduce((t, w) => t.replace(w.firstName, ' '), m[2]) : '';
    if (m && !pointing.has(m[1]) && rest.split(/\s+/).filter((w) => /\w/.test(w)).length <= 4) pointing.set(m[1], m[2]);
  }
  return candidates.filter((c) => {
    if (c.sentence.line >= marker || c.cue.member || DAY_LINE.test(c.clause)) return true;
    const number = /^\s*(\d{1,2})[.)]\s/.exec(lines[c.sentence.line] ?? '')?.[1];
    const said = number ? pointing.get(number) : undefined;
    if (said === undefined) return false;
    const member = team.namedIn(said)[0];
    if (member) c.owner = { id: member.id, why: `${member.firstName} ${member.lastName}, named for item #${number}` };
    c.due = dateMentions(said, ref)[0] ?? c.due;
    return true;
  });
}

const DAY_LINE = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?\s*:\s/i;

/** "Mon: 2 mini ex to Saguaro Site Works, first load 7am": a dispatch line's day, not the hour said after it. */
export function lineDay(clause: string, ref: LocalMoment): DateMention | null {
  const day = DAY_LINE.test(clause) ? dateMentions(clause, ref)[0] : undefined;
  return day && !day.timeOnly && clause.startsWith(day.phrase) ? day : null;
}

const NONE_AGREED =
  /^(?:no\s+(?:decisions?|action\s+items?|actions?|next\s+steps?|follow[- ]ups?)|nothing\s+(?:decided|agreed|assigned)|(?:decisions?|action\s+items?|next\s+steps?)\s*:\s*(?:none|n\/a|tbd)\b)\b/i;
