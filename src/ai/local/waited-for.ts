/**
 * A deadline inside a condition on what has not happened yet ("If there's no check by Friday, I'll put the account on
 * hold", "send the demand letter if nothing comes in by 12/7", "unless it's paid by the 15th, ...", "if we haven't
 * heard back by tomorrow") is the day waited for, not the action's: the action is due only if the day passes without
 * it, and the labelling conventions give it no date (docs/ai.md, "Labelling conventions (bench/ai)": a day inside a
 * negated condition). A condition that is met on a day ("if they call Friday") is `othersDay`'s in due-date.ts; a
 * polite ask ("if you could send it by Friday") has no negation and stays a deadline.
 */
const NOT_YET = String.raw`(?:\bno\b|\bnot\b|n't\b|\bnothing\b|\bnobody\b|\bno\s+one\b|\bnever\b|\bnone\b|\bstill\s+waiting\b)`;
/** Words of one condition: no comma, semicolon or "and" / "then" / "so" that would start the action. */
const IN_CONDITION = String.raw`(?:(?!\b(?:and|then|so)\b)[^,;.!?\n])*?`;
/** "if ... not ... by the", "unless ... before": a condition on what has not happened, up to its day. */
const CONDITION = String.raw`\b(?:if\b${IN_CONDITION}${NOT_YET}|unless\b)${IN_CONDITION}\b(?:by|before|until|till|til)\s+(?:the\s+)?`;
/** Up to the day: "by end of the", and a time said before the day ("by noon Thursday", "by 3pm on Friday"). */
const WAITED_FOR = new RegExp(
  String.raw`${CONDITION}(?:end\s+of\s+(?:the\s+)?|(?:noon|\d{1,2}(?::\d\d)?\s*(?:am|pm)?)\s+(?:on\s+)?)?$`,
  'i',
);
/** The same condition with the day it waits for said in it: a weekday, a month, a number, "tomorrow", "end of ...". */
const WAITS_FOR_A_DAY = new RegExp(
  String.raw`${CONDITION}(?:\d|end\b|next\b|this\b|tomorrow|today|tonight|noon|eod\b|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)`,
  'i',
);

/** Reads the words before a date phrase (its clause up to it): does the date end a condition on what has not happened? */
export function waitedFor(before: string): boolean {
  return WAITED_FOR.test(before);
}

/**
 * Reads a clause: does a condition in it wait for a day ("If there's no check by Friday, I'll put them on hold")?
 * Its action then takes no date from the step before it, as a step under a plain condition does ("If it's the tire,
 * swap it": group-dates.ts).
 */
export function waitsForADay(clause: string): boolean {
  return WAITS_FOR_A_DAY.test(clause);
}
