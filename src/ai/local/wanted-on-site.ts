/**
 * A customer's want of things at their place, said without "there" (docs/ai.md, "Local provider rules", round
 * twenty-three's finding more): "we need all three dumpers on site Nov 30", "they want the mixer out at the Elm St
 * lot tomorrow", "they want another one on site today". `cue-bookings.ts`'s `WANT_THERE` reads the want with
 * "there" or "on site" and a deadline word after it ("by", "before", "tomorrow"); this reads the wider shapes the
 * writers who saw no code used: "we" as the one who needs (a customer's mail, a call's caller), "another", "all" or
 * "both" before the things, "out at <place>" for "there", and a day or date said straight after it ("Thursday",
 * "Oct 6", "the 9th").
 *
 * "We need the scissor back on site Thursday, not Wednesday" is a delivery moved (its own task, the move), not a
 * want: "back" keeps it out; so does an hour after "at" that is no hour ("out at the farm for most of the fall").
 */
const WHO = String.raw`(?:they|he|she|we|the\s+(?:customer|client|crew|foreman|super))`;
const THINGS = String.raw`((?:the|a|an|two|three|four|five|six|\d+|their|some|another|all|both)\s+[^,.;!?]{1,60}?)`;
const PLACE = String.raw`(?:on\s+site|out\s+at\s+(?:the\s+)?[^,.;!?]{1,40}?)`;
const MONTH = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d`;
const WHEN = String.raw`(?:by|before|first\s+thing|tomorrow|today|tonight|this|next|at\s+\d|on\s+\S|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|${MONTH}|the\s+\d)`;

/** The want: its first group the things wanted, the match's start the one who wants them. */
export const WANTED_ON_SITE = new RegExp(
  String.raw`\b${WHO}\s+(?:still\s+|also\s+)?(?:wants?|needs?)\s+${THINGS}(?<!\bback)\s+${PLACE}\s+(?=${WHEN})`,
  'i',
);

/** "we need all three dumpers on site Nov 30": the match of a want of things on site by a day, or null. */
export function wantedOnSite(clause: string): RegExpExecArray | null {
  return WANTED_ON_SITE.exec(clause);
}
