import type { TaskContext, TeamMember } from '../types';
import type { TeamDirectory } from './team';

/** A person of the text: a name, and the team member it is, if any. */
export interface Person {
  name: string;
  member: TeamMember | null;
}

/**
 * Who is speaking (docs/ai.md, "Local provider rules"). Automatic transcription names its speakers by number
 * ("Speaker 1:", "SPEAKER_00:", "Unknown Speaker:", "[00:01:12] Speaker 2:") or by role alone ("Agent:"); which of
 * them is the team is read from what each says: the side that answers the phone with a business's name, introduces
 * itself as a member, greets the customer by name or hands work to a member is the team; the side that greets a
 * member, introduces itself as the contact or speaks of "you guys" is the customer. A memo that opens "Jake here" or
 * "this is Jake" is Jake's: its "I'll ..." is his.
 */

/** A speaker named by number or not at all: "Speaker 1", "Speaker B", "SPEAKER_00", "Unknown Speaker", "Spk 2". */
export const NUMBERED_SPEAKER =
  /^((?:unknown\s+)?(?:speaker|spk)(?:\s*[-_ ]?\s*(?:\d{1,2}|[A-Z]))?|unknown(?:\s+\d{1,2})?)\s*:\s*(.*)$/i;

/** A side of a call read from its lines: positive the team's, negative the customer's. */
function sideScore(lines: string[], context: TaskContext, team: TeamDirectory): number {
  const text = lines.join(' ');
  const contact = (context.contactName ?? '').split(/\s+/)[0]?.toLowerCase() ?? '';
  const isContact = (name: string) => contact.length > 1 && name.toLowerCase() === contact;
  let score = 0;
  // "Thanks for calling ...", "How can I help?", "Northline Lift, this is ...", "Acme Rentals, Sam speaking".
  if (
    /\bthanks?(?:\s+you)?\s+for\s+calling\b|\bhow\s+(?:can|may)\s+(?:i|we)\s+help\b|\bwhat\s+can\s+i\s+do\s+for\s+you\b/i.test(
      text,
    )
  )
    score += 2;
  if (
    /^(?:(?:good\s+(?:morning|afternoon|evening)|hi|hello)[,!.]?\s+)?(?:[A-Z][\w&'-]*\s+){0,3}(?:rentals?|equipment|lift|hire|tools?|supply|service|billing|yard|dispatch)\b[,.]?\s+(?:this\s+is\b|\w+\s+speaking\b|\w+[.!]?$)/i.test(
      lines[0] ?? '',
    )
  )
    score += 2;
  // "this is Jake", "it's Nora from Quinn Homes", "Jake speaking": a member or the contact says who they are.
  for (const m of text.matchAll(
    /\b(?:this\s+is|it'?s|i'?m|i\s+am|my\s+name\s+is)\s+([A-Z][a-z'-]+)|\b([A-Z][a-z'-]+)\s+speaking\b/g,
  )) {
    const name = m[1] ?? m[2];
    if (team.find(name)) score += 2;
    else if (isContact(name)) score -= 2;
  }
  // "Hi Jake," greets a member (the customer speaks); "Hi Nora," greets the contact (the team speaks).
  for (const m of text.matchAll(/\b(?:hi|hey|hello|morning)\s+([A-Z][a-z'-]+)\b/g)) {
    if (team.find(m[1])) score -= 2;
    else if (isContact(m[1])) score += 2;
  }
  // "I'll have Jake run it out", "I'll get Maria to call you": work handed to a member.
  if ([...text.matchAll(/\b(?:have|get|send)\s+([A-Z][a-z'-]+)\b/g)].some((m) => team.find(m[1]))) score += 1;
  // "you guys", "the saw I rented from you", "your driver": the customer speaks of the business.
  if (
    /\byou\s+guys\b|\b(?:rented|got)\s+(?:it\s+|one\s+|\w+\s+)?from\s+you\b|\byour\s+(?:driver|guy|tech|yard|delivery|invoice)\b/i.test(
      text,
    )
  )
    score -= 1;
  const company = (context.companyName ?? '').split(/\s+/)[0];
  if (company && new RegExp(`\\b(?:from|at|with|over\\s+at)\\s+${company}\\b`).test(text) && score <= 0) score -= 1;
  return score;
}

export interface SpeakerLine {
  /** The label as written ("Speaker 1", "Agent"), null when the line carries another or no label. */
  speaker?: string | null;
  rest: string;
  label: Person | null;
}

/**
 * Gives each numbered or role-only speaker a side: the team's side is the member it introduces itself as, else the
 * default owner; the other side is the customer. Lines of a side that cannot be told keep no label, as before.
 */
export function resolveSpeakers<T extends SpeakerLine>(lines: T[], context: TaskContext, team: TeamDirectory): T[] {
  const keys = [...new Set(lines.map((l) => l.speaker?.toLowerCase()).filter((k): k is string => !!k))];
  if (keys.length === 0) return lines;
  const linesOf = (key: string) => lines.filter((l) => l.speaker?.toLowerCase() === key).map((l) => l.rest);
  const named = lines.filter((l) => !l.speaker && l.label);
  const scores = new Map(
    keys.map((k) => [k, /^(?:agent|rep|operator|dispatcher)$/.test(k) ? 5 : sideScore(linesOf(k), context, team)]),
  );
  let teamKey: string | null = null;
  const best = [...scores.entries()].sort((a, b) => b[1] - a[1]);
  if (best[0][1] > 0 && (best.length === 1 || best[1][1] < best[0][1])) teamKey = best[0][0];
  else if (keys.length === 2 && best[1][1] < 0 && best[0][1] === 0) teamKey = best[0][0];
  else if (keys.length === 1 && named.length > 0) {
    // "Nora: ..." / "Speaker 2: ...": the one numbered side answers named lines of the other side.
    if (named.every((l) => !l.label?.member)) teamKey = keys[0];
    else if (named.every((l) => l.label?.member)) teamKey = null;
    else return lines;
  } else return lines;
  const defaultMember = team.members.find((m) => m.id === context.defaultOwnerId) ?? null;
  const introduced = teamKey ? memberIntroduced(linesOf(teamKey), team) : null;
  const member = introduced ?? defaultMember;
  if (teamKey && !member) return lines;
  return lines.map((l) => {
    const key = l.speaker?.toLowerCase();
    if (!key || !l.speaker) return l;
    const label: Person = key === teamKey ? { name: l.speaker, member } : { name: l.speaker, member: null };
    return { ...l, label };
  });
}

function memberIntroduced(lines: string[], team: TeamDirectory): TeamMember | null {
  for (const m of lines
    .join(' ')
    .matchAll(/\b(?:this\s+is|it'?s|i'?m|my\s+name\s+is)\s+([A-Z][a-z'-]+)|\b([A-Z][a-z'-]+)\s+speaking\b/g)) {
    const member = team.find(m[1] ?? m[2]);
    if (member) return member;
  }
  return null;
}

/** "Jake here.", "ok this is Jake", "hey it's Jake": a memo's opening that names who records it ("it's Jake who ..." does not). */
const SELF_NAMED =
  /^(?:(?:ok(?:ay)?|so|yeah|hey|hi|hello|um+|uh+|alright|morning|right)[,.]?\s+)*(?:(?:this\s+is|it'?s|its)\s+([A-Za-z][a-z'-]+)\b(?!\s+(?:who|that|which|and)\b)|([A-Za-z][a-z'-]+)\s+here\b)/i;

/** The member a memo's first line says is speaking, or null. */
export function speakingMember(firstLine: string, team: TeamDirectory): Person | null {
  const m = SELF_NAMED.exec(firstLine);
  const name = m ? (m[1] ?? m[2]) : null;
  const member = name ? team.find(name) : null;
  return member && name ? { name, member } : null;
}
