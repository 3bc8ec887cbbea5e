import type { TeamMember } from '../types';

/**
 * A promise to report back said after the work (docs/ai.md, "Title"): "I'll check with the yard and get back to you",
 * "look into it and let Nora know", "pull the readings and report back to Quinn Homes" are the work, as a person at
 * the desk writes it, for the one told when that is no member: "Check with yard for Nora Quinn". What the tail says
 * after the one told ("... know what's happening", "... after the holidays") goes with it; a title that names the one
 * told already keeps only its work ("Call Stu and let Stu Barlow know" -> "Call Stu").
 */
const WHOM = "([A-Z][\\w.'-]*(?:\\s+[A-Z][\\w.'-]*){0,3}|(?:yard|office|shop|customer|dispatch|billing)\\b)";
const REPORT_BACK = new RegExp(
  `^(.+?\\S)\\s+and\\s+(?:get\\s+back\\s+to\\s+${WHOM}|let\\s+${WHOM}\\s+know|report\\s+back(?:\\s+to\\s+${WHOM})?)(?:\\s.*)?$`,
);

/** The title without its report-back tail, with "for" the one told when no member and not named before. */
export function withoutReportBack(title: string, team: TeamMember[]): string {
  const said = REPORT_BACK.exec(title.trim());
  if (!said) return title;
  const [, work, ...named] = said;
  const whom = named.find(Boolean);
  // "Reply and get back to Nora": a tail that leaves no work of its own (a verb alone) is the task.
  if (!/\s/.test(work)) return title;
  if (!whom || /^[a-z]/.test(whom)) return work;
  const words = whom.toLowerCase().split(/\s+/);
  const member = team.some((m) => words.includes(m.firstName.toLowerCase()));
  const namedBefore = work
    .toLowerCase()
    .split(/\s+/)
    .some((w) => words.includes(w));
  return member || namedBefore ? work : `${work} for ${whom}`;
}
