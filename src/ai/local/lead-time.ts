/**
 * "I gotta order those, they're about four days out", "parts are two weeks out", "it's about 60 days out": a span
 * "out" after a form of "be" says how far off something is (a part's arrival, an invoice's age), the subject's day,
 * not when the action is due (docs/ai.md, "Due dates"). "Call them in two days" or "two days out from the pour, prep
 * the site" have no "be" before the span and stay as they are.
 */
const BE_BEFORE =
  /\b(?:is|are|was|were|'s|'re|be|being)\s+(?:(?:about|like|maybe|roughly|around|still|only|just)\s+)*$/i;
const SPAN_OUT =
  /^(?:(?:about|like|maybe|roughly|around)\s+)?(?:\w+|a\s+couple(?:\s+of)?|a\s+few)\s+(?:days?|weeks?|months?)\s+out$/i;

/** Reads a date phrase and the words before it: is it a span "out" said of the subject ("they're four days out")? */
export function leadTime(phrase: string, before: string): boolean {
  return SPAN_OUT.test(phrase.trim()) && BE_BEFORE.test(before);
}
