import { escapeRegExp } from '../../lib/regexp';
/**
 * Signs, in a text's own lines, of the form it was written in, whatever it was sent as (docs/ai.md, "Framing";
 * read by text-form.ts). Each looks at the layout or the spelling, never at what the text asks.
 */

/** A transcript's time mark before the speaker: "[00:01:12] Luis:", "10:02 - Luis:". */
const TIME_MARK = /^[[(]?\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?[\])]?\s*(?:[-\u2013]\s*)?/i;
/** "Luis: ...", "Raúl: ...", "Agent (Luis): ...", "Speaker 2: ...": a line that opens with who says it. */
const SPEAKER = /^([A-Z][\p{L}'.-]*(?:\s+[A-Z][\p{L}'.-]*){0,2}(?:\s*\([^)]*\))?|speaker\s*\d+)\s*:\s*(\S.*)$/iu;
/** A speaker named by the side of the call they are on. */
const ROLE = /^(?:agent|rep|representative|operator|dispatcher|customer|caller|client|speaker\s*\d+)\b/i;
/** Words before a colon that head a line or a field rather than name a speaker ("Subject:", "Friday:", "Note:"). */
const FIELD =
  /^(?:subject|subj|re|fwd?|from|to|cc|sent|date|attendees|present|agenda|action\s+items?|next\s+steps|decisions?|notes?|todo|to\s+do|follow[\s-]?ups?|when|where|location|site|time|ps|p\.s|fyi|update|reminder|mon|tue|wed|thu|fri|sat|sun|today|tomorrow|tonight)\b/i;
/** What people say to each other and notes do not write: a question, a greeting, a yes, "you", "I'll". */
const SPOKEN =
  /\?|\b(?:you|hi|hello|hey|okay|ok|yeah|yes|yep|sure|thanks|thank|great|perfect|sorry|I|I'll|I'm|we'll)\b/i;
/** A list's mark: "- ", "* ", "• ", "1. ", "2) ". */
export const LIST_MARK = /^\s*(?:[-*\u2022\u00b7]|\d{1,2}[.)])\s+/;
/** The headings of meeting notes: "Action items:", "Next steps", "Attendees: ...", "Present: ...", "Agenda". */
const NOTES_HEADING =
  /^(?:action\s+items?|next\s+steps|decisions|follow[\s-]?ups|attendees|present|agenda)\b\s*(?::|$)/i;

/**
 * A call's transcript: most lines open with a speaker, two speakers or more, who take turns (one speaks again after
 * another) or are named by their side of the call ("Rep:", "Customer:"), and say what people say to each other
 * (a question, "okay", "you", "I'll"). Notes that label their lines with whose item it is do it in a list, or
 * without turns, or without speech.
 */
export function takesTurns(lines: string[]): boolean {
  if (lines.some((l) => LIST_MARK.test(l))) return false;
  const turns = lines
    .map((l) => SPEAKER.exec(l.replace(TIME_MARK, '')))
    .filter((m): m is RegExpExecArray => !!m && !FIELD.test(m[1]))
    .map((m) => ({ who: m[1].toLowerCase(), said: m[2] }));
  const who = turns.map((t) => t.who);
  if (new Set(who).size < 2 || turns.length < Math.max(2, lines.length / 2)) return false;
  const again = who.some((w, k) => k > 1 && who[k - 1] !== w && who.slice(0, k - 1).includes(w));
  return (again || who.some((w) => ROLE.test(w))) && turns.some((t) => SPOKEN.test(t.said));
}

/**
 * Texting's spellings no recording writes down: "u", "ur" ("u-bolt" is none), "r" for "are" ("tires r bald"), "b4",
 * "thx", "lmk". The short spellings typed notes and logged calls use too ("pls", "tmrw", "w/", "thru") are no sign.
 */
const TEXTING = /\b(?:u|ur)\b(?!-)|\br\s+[a-z]|\b(?:abt|cuz)\b/;
const TEXTING_ANY_CASE = /\b(?:b4|thx|thnx|2day|2nite|lmk|wknd)\b/i;
/** A recording's fillers: what was said, not typed. */
const FILLER = /\b(?:um+|uh+|erm|hmm+)\b/i;
/** "Tom: jake harmon's job starts ...", "dan the lift at harmon ...": a first word in lower case, after a sender. */
const LOWER_FIRST = /^(?:[A-Z][a-z'-]+\s*:\s*)?([a-z][a-z'-]+)\s+(?!here\b|speaking\b)[a-z0-9]/;

/** A message's length: four lines at most, no list. */
const isShort = (text: string, lines: string[]) =>
  lines.length <= 4 && text.length <= 400 && !lines.some((l) => LIST_MARK.test(l));

/**
 * A text message (docs/ai.md, "Framing"): short, no recording's fillers, and written as texting writes: its
 * spellings ("can u", "b4 wed", "thx"), or a member named first in lower case ("dan the lift at harmon wont go
 * up", "Sam: jake heads up ..."), which a recording's transcript capitalises ("dan here" is a member saying who
 * records). `isMember` says whether a first name is a team member's.
 */
export function texted(text: string, lines: string[], isMember: (name: string) => boolean): boolean {
  if (!isShort(text, lines) || FILLER.test(text)) return false;
  const lower = LOWER_FIRST.exec(lines[0]);
  return TEXTING.test(text) || TEXTING_ANY_CASE.test(text) || (!!lower && isMember(lower[1]));
}

/** The record's contact and company, as a text may name them. */
export interface RecordContact {
  name?: string | null;
  company?: string | null;
}

/**
 * A short message the record's contact opens by saying who writes or calls ("Hi Maria, it's Dave from Pinecrest",
 * "this is Grace Yu", "Lydia Fox here", "Harold Finch. Excavator died again"): the customer's text or voicemail,
 * whose "I'll drop the check off" is the customer's plan. A name a member also has says nothing, nor "Hector from
 * Vance Civil wants ...", a memo's report of what the customer said.
 */
export function fromTheContact(
  text: string,
  lines: string[],
  contact: RecordContact,
  isMember: (name: string) => boolean,
): boolean {
  if (!isShort(text, lines)) return false;
  const full = contact.name?.trim() ?? '';
  const names = [full, full.split(/\s+/)[0], contact.company?.trim() ?? '']
    .filter((n) => n.length > 1 && !isMember(n))
    .map(escapeRegExp);
  if (!names.length) return false;
  const who = `(?:${names.join('|')})`;
  const opening = new RegExp(
    `^(?:(?:hi|hey|hello)\\b[^.!?]{0,30}?[,.!]?\\s+)?(?:(?:it'?s|it\\s+is|this\\s+is)\\s+${who}\\b|${who}\\s+here\\b)`,
    'i',
  );
  const signed =
    /\s/.test(full) && !isMember(full) && new RegExp(`^${escapeRegExp(full)}\\s*[.:-]`, 'i').test(lines[0]);
  return opening.test(lines[0]) || signed;
}

/**
 * Meeting notes: a list (two lines or more with a list's mark) or a notes heading ("Action items:", "Attendees: ...").
 * Their "- Kovacs Millwork: wants two scissors" labels say what a line is about, not who speaks.
 */
export function listed(lines: string[]): boolean {
  return lines.filter((l) => LIST_MARK.test(l)).length >= 2 || lines.some((l) => NOTES_HEADING.test(l));
}
