import { machinesOf } from './needs-moves';

/**
 * What a price is for, read from the customer's ask (docs/ai.md, "Title"): a quote, price or offer sent with nothing
 * named ("Could you send me a quote by Wednesday?") names the items the text asked for before it, as a person at the
 * desk writes the task ("we'll need three 10x20 tents, 6 folding tables and a generator ... can you send a quote" ->
 * "Send quote for three 10x20 tents, 6 folding tables and generator"). The ask is a need, a want or a price asked on
 * ("she wants pricing on a trencher and a dump trailer", "we'd need a 100 ft boom, probably for March"); the list is
 * kept whole when one of its items is a machine, cut where a time, a place or a remark starts.
 */
const BARE_PRICE =
  /^((?:send|email|e-mail|text)\s+(?:(?:rough|ballpark|written|updated|revised|new|final)\s+)?(?:quote|pricing|prices?|rates|numbers?|estimate|offer|proposal)(?:\s+and\s+availability)?)(?=\s+(?:to|for)\s+[A-Z]|\s*$)/i;

/** "pricing on", "a package price,", "a quote for": the price asked, before its items. */
const PRICE_WORD =
  '(?:a\\s+)?(?:[a-z]+\\s+)?(?:pricing|price|prices|quote|quotes|rates?|numbers?|ballpark)(?:\\s+(?:on|for)\\s+|\\s*,\\s*)';
/** "need", "would like to rent", "looking for", "pricing on", "wants a quote for": where the asked items start. */
const ASK = new RegExp(
  `\\b(?:(?:need|needs|want|wants|would\\s+like|'d\\s+like|looking\\s+for)(?:\\s+to\\s+(?:rent|book|get|have))?|renting)\\s+(?:${PRICE_WORD})?|\\b${PRICE_WORD}`,
  'i',
);
/** Where the items end: a time, a place, a purpose, a remark. */
const ITEMS_END =
  /\s(?:for|by|on|from|starting|through|until|till|to|at|in|next|this|there|here|back|again|every|each|too|also|probably|maybe|so|because|if|when|which|that|while|delivered|picked|set)\b|[.;:?!()]|\s[-\u2013\u2014]\s/i;
/** An item a list can hold: a few words, no pronoun or clause. */
const ITEM =
  /^(?!(?:to|it|them|one|some|something|anything|we|i|they|you|he|she|probably|maybe)\b)[\w'"-]+(?:\s+[\w'"-]+){0,4}$(?<!\bones?)/i;

/** The items asked for in one sentence, "A, B and C" without articles, or null when none of them is a machine. */
function askedItems(sentence: string): string | null {
  const ask = ASK.exec(sentence);
  if (!ask) return null;
  // "a material hoist (28 ft or so) and a dumpster": the remark in brackets is not an item.
  const tail = sentence.slice(ask.index + ask[0].length).replace(/\s*\([^)]*\)/g, '');
  const end = ITEMS_END.exec(tail);
  const items = (end ? tail.slice(0, end.index) : tail)
    .replace(/[\s,]+$/, '')
    .split(/\s*,\s*(?:and\s+)?|\s+(?:and|&)\s+/i)
    .map((item) =>
      item.trim().replace(/^(?:a|an|the|some|about|our|your|their)\s+|\b(?:a\s+)?(?:bunch|couple|lot)\s+of\s+/gi, ''),
    );
  // "the 45 foot boom, the articulated one": the list ends where an item is no item of its own.
  const kept = items.indexOf(items.find((item) => !ITEM.test(item)) ?? '');
  if (kept >= 0) items.splice(kept);
  if (!items.length) return null;
  if (!items.some((item) => machinesOf(item).length)) return null;
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The title with what its price is for, from the nearest of `said` (the action, then the sentences before it,
 * nearest first) that asks for items: "Send quote to Ferncliff" -> "Send quote for two tents and generator to
 * Ferncliff". A title that names a thing already, or text with no such ask, stays as it was.
 */
export function pricedItems(title: string, said: string[]): string {
  const bare = BARE_PRICE.exec(title.trim());
  // "Send quote for heaters to ...", "Send price to Pawel for 45 ft boom": a price that names its thing already (a customer's name is written capitalised).
  if (!bare || /\sfor\s+[a-z\d]/.test(title.trim().slice(bare[1].length))) return title;
  const items = said.map(askedItems).find(Boolean);
  return items ? `${bare[1]} for ${items}${title.trim().slice(bare[1].length)}` : title;
}
