import { MACHINE_WORDS } from './lexicon';

/**
 * The things a request lists, read by the list's own marks rather than by the noun chunker, which drops items joined
 * by "+" or cut by a number ("want 2 mini skid steers + a walk-behind trencher", "we'll need two 20x40 tents,
 * 8 portable restrooms and a generator for the scoring tent", "pricing on a mini ex and a skid steer with a planer
 * for about six weeks"). The list starts after the asking words ("pricing on", "quote for", "need", "want") and
 * ends where a period, place or time starts ("for about six weeks", "starting in March", "by Friday").
 */
const ASKED_PRICE =
  /\b(?:(?:monthly|weekly|daily)\s+)?(?:pricing|prices?|quotes?|numbers|rates?|estimate)\s+(?:on|for)\s+(?:(?:a|one|\w+)\s+(?:months?|weeks?|days?)\s+of\s+)?/i;
const ASKED_THING =
  /\b(?:wants?|wanted|needs?|needed|'ll\s+need|will\s+need|looking\s+for|asked\s+(?:about|for)|asking\s+(?:about|for))\s+(?:(?:probably|maybe|about|around)\s+)?/i;
/** Where the list ends: a period, place, time or reason after the things. */
const LIST_END =
  /\s+(?:for|from|starting|by|this|next|so|to|on|in|at|until|till|through|thru|when|if|because|but|that|which|who|over|during|around|asap)\b|[.;:?!()]|\s[-\u2013\u2014]\s/i;
/** Rental things the machine words leave out: a party's tents and restrooms, a yard's forklifts. */
const ITEM = new RegExp(
  `\\b(?:${MACHINE_WORDS}|forklifts?|tents?|restrooms?|toilets?|stages?|chairs?|tables?|barricades?|scaffold(?:ing)?|planers?|hoists?|lighting|skid\\s+steers?|light\\s+towers?)\\b`,
  'i',
);
/** A word no item has: a pronoun, a verb of the sentence, a hedge ("maybe twenty"). */
const NOT_ITEM =
  /\b(?:i|we|you|he|she|they|it|them|us|is|are|was|were|be|been|have|has|had|do|does|did|can|could|would|will|should|maybe|probably|about|approx|around|like|some|any|more|other|else|thing|things|stuff|this|that|those|these|time|price|pricing|quote|rate|rates)\b/i;
const SMALL = 'zero one two three four five six seven eight nine ten'.split(' ');

/** One item as a task list writes it: no article, a small count in words ("2 mini skid steers" -> "two ..."). */
function itemOf(part: string): string {
  return part
    .trim()
    .replace(/^(?:the|a|an|our|your|their)\s+/i, '')
    .replace(/\b(?:a|an|the)\s+/gi, '')
    .replace(/^(\d{1,2})(?=\s)/, (n) => SMALL[Number(n)] ?? n);
}

/**
 * The things a sentence asks for or about, as a list ("two mini skid steers and walk-behind trencher"); null when it
 * names no list of rental things, or when a piece of it is no thing ("we need it back", "want to know the rate").
 */
export function requestedItems(sentence: string): string | null {
  const asked = ASKED_PRICE.exec(sentence) ?? ASKED_THING.exec(sentence);
  if (!asked) return null;
  const rest = sentence.slice(asked.index + asked[0].length);
  const end = LIST_END.exec(rest);
  const list = end ? rest.slice(0, end.index) : rest;
  const parts = list
    .split(/\s*(?:,|\+|&|\bplus\b|\band\b)\s*/i)
    .map(itemOf)
    .filter(Boolean)
    // "patio heaters, maybe twenty, and lighting": a count said after the thing is no item of its own.
    .filter((p) => !/^(?:maybe|about|around|approx\.?|like|roughly)?\s*(?:\d+|[a-z]+ty|ten|twelve|dozen)$/i.test(p));
  if (parts.length < 2 || !parts.some((p) => ITEM.test(p))) return null;
  if (parts.some((p) => NOT_ITEM.test(p) || p.split(/\s+/).length > 5 || !/^[\w$#,./-]/.test(p))) return null;
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
