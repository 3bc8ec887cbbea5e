import { withoutSelfCorrections } from './self-correction';
/**
 * Text as it comes from phones and inboxes, made readable for the rules: curly quotes straightened,
 * texting shorthand spelled out ("can u grab it tmrw" -> "can you grab it tomorrow").
 */
const SHORTHAND: Array<[RegExp, string]> = [
  [
    /\b(?:tmrw|tmrrw|tmw|tmr|2moro|2morro|2morrow|2mrw|tomoz|tomorow|tommorow|tommorrow|tomorro|tomorrw)\b/gi,
    'tomorrow',
  ],
  [/\b(?:tonite|2nite|2night)\b/gi, 'tonight'],
  // "call Mr. Desai": a title's period is no sentence's end (a task was titled "Call Mr").
  [/\b(Mr|Mrs|Ms|Dr)\.(?=\s+[A-Z])/g, '$1'],
  [/\b2day\b/gi, 'today'],
  // "call him back this aft": the afternoon clipped as notes clip it, and Australian "arvo".
  [/\bthis\s+(?:arvo|aft|aftn)\b/gi, 'this afternoon'],
  // chrono-node reads "Tue" and "Wed" but not "Tues" and "Weds".
  [/\btues\b/gi, 'Tuesday'],
  [/\bweds\b/gi, 'Wednesday'],
  // "wont start", "doesnt work": texting drops the apostrophe of a negation.
  [/\b(won|don|can|doesn|isn|didn|wasn|aren|haven|hasn|couldn|shouldn|wouldn)t\b/gi, "$1't"],
  [/\b(?:pls|plz|pse)\b/gi, 'please'],
  [/\ba\.s\.a\.p\.?/gi, 'ASAP'],
  [/\bthx\b/gi, 'thanks'],
  [/\bu\b(?!-)/g, 'you'],
  [/\bur\b/g, 'your'],
  [/\bb4\b/gi, 'before'],
  [/\bcn\b/gi, 'can'],
  [/\b(?:sum1|some1|sm1)\b/gi, 'someone'],
  [/\b(?:any1|ne1)\b/gi, 'anyone'],
  [/\b4get\b/gi, 'forget'],
  [/\br\s+(?=you\b)/gi, 'are '],
  // "they r done w it", "tires r bald": the verb and the preposition texting spells as one letter.
  [/(?<=\b[a-z0-9]+\s)r(?=\s+[a-z])/g, 'are'],
  [/(?<=\b[a-z]+\s)w(?=\s+(?:it|them|the|a|us|you|him|her|that|this|our|your|their)\b)/g, 'with'],
  [/\bthru\b/gi, 'through'],
  // "flag 'em at the counter", "ill extend it": speech's and texting's pronoun and "I'll" spelled out.
  [/(?<=\s)'em\b/gi, 'them'],
  [
    /\b(?:ill|Ill)\s+(?=(?:send|call|text|email|extend|check|get|have|do|look|bring|drop|grab|swing|put|add|take|ask|let|update|fix|book|hold|order|run|pick|be)\b)/g,
    "I'll ",
  ],
  [/\bl8r?\b/gi, 'late'],
  // "tmrw 7a", "mon 9:30p": an hour with the first letter of am / pm.
  [/\b(\d{1,2}(?::[0-5]\d)?)([ap])\b(?!\.?m\b)/gi, '$1$2m'],
  [/\bthurs?\b(?!day)/gi, 'Thursday'],
  // "ready by 7 mon": the hour, then the day (chrono reads "7 mon" as July).
  [/\b(by|at|around|before)\s+(\d{1,2})\s+((?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)\b/gi, '$1 $3 at $2'],
  [/\bwks\b/gi, 'weeks'],
  [/\bwk\b/gi, 'week'],
  [/\bnxt\b/gi, 'next'],
  [/(?<=\s)@(?=\s)/g, 'at'],
  [/\bw\/(?=\s)/gi, 'with'],
  [/\bmins?\b/gi, 'minutes'],
  [/\bre:\s*/gi, 'about '],
  // "Jake please you order the part today": as writers of German or Polish put "bitte" / "prosze" before the verb.
  [
    /\bplease\s+you\s+(?!(?:can|could|will|would|may|might|should|must|have|are|were|know)\b)(?=[a-z]{3,}\b)/gi,
    'please ',
  ],
  // "check if we have one free and, uh, call them back", "so, um, the Kessler dumpster": a spoken hesitation.
  [/\b(and|but|so|or|then|by|before|on|at|to|for|the|a|is|was),\s*(?:u+m+|u+h+m*|e+r+m+|hmm+)\b\s*,?\s*/gi, '$1 '],
  [/(?<=(?:^|[,.;:!?])\s*)(?:u+m+|u+h+m*|e+r+m+|hmm+)\b\s*,?\s*/gim, ''],
  [/\s+(?:u+m+|u+h+m*|e+r+m+|hmm+)\b\s*,?(?=\s)/gi, ''],
  // "when it comes in grease it and check the tracks": texting leaves out the comma after what is waited for.
  [
    /\b((?:when|once|as\s+soon\s+as)\s+(?:it|they|he|she)(?:'s|'re|s)?\s+(?:comes?\s+(?:in|back)|back|in|here|arrives?|lands?|shows?\s+up|gets?\s+(?:here|back)))\s+(?=[a-z]+\s+(?:it|them|the)\b)/gi,
    '$1, ',
  ],
  // "heads up - truck 6 brakes are squealing": a line's opener, not a thing the text speaks of.
  [/^(?:heads[- ]up|quick\s+heads[- ]up)\b[\s,:!.\u2013-]*/gim, ''],
  // "Sam: jake heads up, vega called": after a line's label or the name it turns to, too.
  [/^((?:[A-Z][a-z'-]+:\s*)?(?:[a-zA-Z][a-z'-]+,?\s+)?)(?:quick\s+)?heads[- ]up\b[\s,:!.\u2013-]+/gm, '$1'],
];

export function normalizeText(text: string): string {
  let out = text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u00a0/g, ' ');
  for (const [pattern, replacement] of SHORTHAND) out = out.replace(pattern, replacement);
  return withoutSelfCorrections(withoutQuotedReply(out));
}

/**
 * Where an earlier message quoted under a reply starts ("> ...", "On Nov 28, ... wrote:", "-----Original
 * Message-----", Outlook's rule of underscores), or the mail client's footer ("Sent from my iPhone", "This email
 * and any attachments are confidential ... please notify the sender"): nothing after it is the writer's request.
 */
export const QUOTE_START =
  /^(?:>|-{2,}\s*(?:original\s+message|forwarded\s+message)|on\s.{0,120}\bwrote:\s*$|from:\s.+$|_{10,}\s*$|(?:this\s+(?:e-?mail|message)(?:\s+and\s+any\s+attachments?)?\s+(?:is|are|may\s+be|contains?)\s+(?:confidential|privileged|intended)|confidentiality\s+notice|disclaimer:|sent\s+from\s+my\s+(?:iphone|ipad|android|samsung|mobile)))/im;

/** The text without the earlier message a reply quotes: its requests were the other side's, answered or not. */
export function withoutQuotedReply(text: string): string {
  const m = QUOTE_START.exec(text);
  return m && m.index > 0 ? text.slice(0, m.index).trimEnd() : text;
}
