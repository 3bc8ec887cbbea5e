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
