import { onFirstUse } from '../../lib/on-first-use';
import { equipmentWords, oneEditApart } from './equipment-words';

const chrono = onFirstUse('chrono-node');

/** One item of the organization's catalog (inventory), as the detector sees it. */
export interface CatalogItem {
  id: string;
  name: string;
  category?: string | null;
}

/** An item the text asks for: the catalog item, how many, and the sentence that asks. */
export interface RequestedItem {
  itemId: string;
  quantity: number;
  sentence: string;
}

/** What a conversation asks for (docs/ai.md, "Buying intent"). */
export interface BuyingIntent {
  hasIntent: boolean;
  items: RequestedItem[];
  /** The rental period the text names, YYYY-MM-DD, or null. */
  startDate: string | null;
  endDate: string | null;
  /** Rental days when the text says "for two weeks" and names no end. */
  days: number | null;
  /** The sentences that ask (the evidence), in text order. */
  evidence: string[];
}

// A request for equipment: a verb or phrase of asking, renting or pricing.
const ASK =
  /\b(need(s|ed)?|looking for|look for|want(s|ed)?|would like|we'd like|i'd like|rent(ing)?|rental of|hire|book(ing)?|reserve|quote|pricing|price on|price for|rates? (for|on)|availability|available|do (you|u|ya) have|have any|(can|could|may) (we|i|you|u) (also |please |still )?(get|have|book|rent|add|send|keep)|make it|(you|u|ya)( guys)? (got|carry)|(if|whether) (you|u|ya|we) (have|carry|rent)|(is|are|'s|'re) after|looking at|interested in|how much|cost|a price|prices?|avail|any chance|(?<!feel )free|extend|longer|order (a|an|one|two|three|some|more)|(put|pencil) (us|me|him|her|them) (down )?for|set (us|me|them) up with|hold (a|an|one|two|the)|(we'?ll|i'?ll|we will|i will) take|bump (it|that) (up )?to|send (us|me|out|over)|deliver|drop off|add(ing)?|another|extra|more)\b/i;
// Not a request: the equipment is already out, going back, broken, billed or not wanted.
const NOT_ASK =
  /\b(don'?t need|do not need|no need|(we have|we've got|they have) (it |them )?out|rental agreement|copy of|flicker(s|ing)?|not working|look at it|no longer|not need|cancel(led|ling)?|return(ed|ing)?|pick(ed)? (it |them )?up|off rent|call off|broke|broken|leak(s|ing)?|won'?t start|repair|invoice|paid|payment|refund|damage[d]?|late fee|inspect(ed|ion)?|service (is )?due|was delivered|were delivered|arrived|came back|back from|cracked|billing|fault|needs? (a )?service|no rental|(their|our|his|her) own|want(ed)? to (say|thank)|(not|isn'?t|won'?t|doesn'?t|stopped) (work|heat|run|start|charg|pump)\w*)\b/i;

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  another: 1,
  two: 2,
  couple: 2,
  pair: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
};
const UNIT = /^(ft|foot|feet|m|kw|kva|ton|tons|t|in|inch|gal|lb|lbs|hp|cy|yd|cfm)$/;
const STOP = new Set(['the', 'and', 'with', 'for', 'of', 'ft', 'kw', 'ton', 'in', 'x', 'cfm']);
// Words that may stand before an item's last word alone ("a compressor", "the big generator", "185 compressor");
// another word there makes it another thing ("scaffolding tower", "water pump").
const LEAD =
  /^(a|an|the|one|two|three|four|five|six|seven|eight|nine|ten|twelve|\d+|ft|kw|in|more|another|extra|any|some|our|your|that|this|those|these|big|bigger|small|smaller|little|large|same|of|x|and|or|plus|new|second|other|s|up)$/;

const words = (s: string): string[] => s.toLowerCase().match(/[a-z]+|\d+/g) ?? [];
const stem = (w: string): string => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);

interface Key {
  id: string;
  terms: string[];
  numbers: string[];
  /** The number with its unit as the name says it ("60ft"), for "a 60-footer". */
  sized: string[];
  /** The last word, when no item of another family has it ("compressor", not "lift"). */
  head: string | null;
  /** Two words of the name in a row that no other family has ("skid steer", "trash pump"). */
  pairs: string[][];
  family: string;
}

/** The distinctive words of an item name ("Scissor Lift 19ft" -> scissor, lift; number 19). */
function keysOf(catalog: CatalogItem[]): Key[] {
  const base = catalog.map((item) => {
    const ws = words(item.name);
    const terms = ws.filter((w) => /[a-z]/.test(w) && w.length > 1 && !STOP.has(w)).map(stem);
    return {
      id: item.id,
      terms,
      numbers: ws.filter((w) => /^\d+$/.test(w)),
      sized: ws.flatMap((w, i) => (/^\d+$/.test(w) && UNIT.test(ws[i + 1] ?? '') ? [w + ws[i + 1]] : [])),
      // Items whose names differ by a number only are one family (the 19ft and 26ft scissor lifts).
      family: terms.join(' '),
    };
  });
  const unique = (family: string, has: (terms: string[]) => boolean) =>
    base.every((o) => o.family === family || !has(o.terms));
  return base.map((k) => {
    const last = k.terms[k.terms.length - 1];
    const pairs = k.terms.slice(1).map((t, i) => [k.terms[i], t]);
    return {
      ...k,
      head: last && unique(k.family, (ts) => ts.includes(last)) ? last : null,
      pairs: pairs.filter(([a, b]) => unique(k.family, (ts) => ts.some((t, i) => t === a && ts[i + 1] === b))),
    };
  });
}

/** A word one letter off a catalog word (five letters or more) is that word: "scisor", "excavater", "genrator". */
function spelled(ws: string[], keys: Key[]): string[] {
  const vocabulary = [...new Set(keys.flatMap((k) => k.terms))].filter((t) => t.length >= 5);
  return ws.map((w) =>
    w.length < 5 || vocabulary.includes(stem(w)) ? w : (vocabulary.find((t) => oneEditApart(stem(w), t)) ?? w),
  );
}

// Words that may follow a catalog number said alone ("the 320 out at Miller Road", "a 60 and a compressor"); any
// other word makes the number something else's ("a 10 minute call", "a 20 ton").
const AFTER_NUMBER =
  /^(and|or|for|on|out|from|to|at|again|too|next|this|that|please|thanks|if|with|till|until|back|there|here|one|ones|is|was|we|i|you|free|available)$/;

/** Catalog numbers said alone: "the 320", "a 60-footer" (with the unit, when two items share the number). */
function byNumber(text: string, keys: Key[]): { id: string; number: string }[] {
  const out: { id: string; number: string }[] = [];
  for (const m of text.matchAll(/\b(?:(\w+)\s+)?(?:a|an|the)\s+(\d+)(ft|kw|in)?(?![\w'])(\s*[a-z]+)?/g)) {
    if (m[1] && /^(from|to|until|till|on|by|before|after|since)$/.test(m[1])) continue;
    if (!m[3] && m[4] && !AFTER_NUMBER.test(m[4].trim())) continue;
    const hits = keys.filter((k) => (m[3] ? k.sized.includes(m[2] + m[3]) : k.numbers.includes(m[2])));
    if (hits.length === 1) out.push({ id: hits[0].id, number: m[2] });
  }
  return out;
}

/** An item found in a sentence: where its name's words begin and end, and the numbers of its name. */
interface Found {
  id: string;
  at: number;
  end: number;
  sizes: string[];
}

/**
 * Where the words of a name are said, not yet taken by another item: the places closest together, and among those
 * the ones nearest after (else before) the name's number when it is said ("two 26ft scissor lifts and a 19ft
 * scissor lift"). Null when a word has no place left.
 */
function placeOf(stems: string[], named: string[], near: number, taken: Set<number>): number[] | null {
  const free = (t: string) => stems.flatMap((w, i) => (w === t && !taken.has(i) ? [i] : []));
  let best: { spots: number[]; cost: number } | null = null;
  for (const anchor of free(named[0])) {
    const spots = [anchor];
    for (const t of named.slice(1)) {
      const options = free(t).filter((i) => !spots.includes(i));
      if (!options.length) return null;
      spots.push(options.reduce((a, b) => (Math.abs(b - anchor) < Math.abs(a - anchor) ? b : a)));
    }
    const from = Math.min(...spots);
    const cost =
      (Math.max(...spots) - from) * stems.length +
      (near < 0 ? from : from >= near ? from - near : near - from + stems.length);
    if (!best || cost < best.cost) best = { spots, cost };
  }
  return best?.spots ?? null;
}

/**
 * The catalog items a sentence names: all the words of the name present, or the name's last word when no other
 * kind of item has it ("a compressor"), or two of its words in a row no other kind has ("skid steer"), or a number
 * only that item has ("the 320"). Where two names share words of the sentence, the better-named one only: a number
 * of the name said in the sentence decides between sizes ("26 ft scissor lift" is not also the 19 ft one), more
 * words beat fewer ("mini excavator" is not also "Excavator 320").
 */
function itemsIn(sentence: string, keys: Key[]): { ws: string[]; found: Found[] } {
  const text = equipmentWords(sentence);
  const ws = spelled(words(text), keys);
  const stems = ws.map(stem);
  const has = (t: string) => stems.includes(t);
  const numbered = byNumber(text, keys);
  const found = keys
    .map((k) => {
      let named: string[] = [];
      if (k.terms.length > 0 && k.terms.every(has)) named = k.terms;
      else {
        const pair = k.pairs.find(([a, b]) => stems.some((w, i) => w === a && stems[i + 1] === b));
        if (pair) named = pair;
        else if (
          k.head &&
          stems.some(
            (w, i) =>
              w === k.head &&
              (i === 0 || LEAD.test(ws[i - 1]) || UNIT.test(ws[i - 1]) || k.terms.includes(stems[i - 1])),
          )
        )
          named = [k.head];
      }
      const number = numbered.find((n) => n.id === k.id);
      if (!named.length && !number) return null;
      return {
        id: k.id,
        named,
        number: number?.number,
        sizes: k.numbers,
        // Where the name's own number is said: a word said twice names the item nearest that number.
        near: ws.indexOf(number?.number ?? k.numbers.find((n) => ws.includes(n)) ?? ''),
        score: named.length * 2 + k.numbers.filter((n) => ws.includes(n)).length * 3 - k.numbers.length,
      };
    })
    .filter((f): f is NonNullable<typeof f> => f !== null)
    .sort((a, b) => b.score - a.score);
  const taken = new Set<number>();
  const chosen: Found[] = [];
  for (const f of found) {
    // Each word of the sentence names one item; a word said twice can name two ("a 19ft scissor lift and a 26ft one").
    const spots = f.named.length ? placeOf(stems, f.named, f.near, taken) : [ws.indexOf(f.number as string)];
    if (!spots || spots.some((i) => i < 0 || taken.has(i))) continue;
    spots.forEach((i) => taken.add(i));
    chosen.push({ id: f.id, at: Math.min(...spots), end: Math.max(...spots), sizes: f.sizes });
  }
  return { ws, found: chosen.sort((a, b) => a.at - b.at) };
}

/**
 * The quantity said just after the item ("ground heaters x2") or else just before it ("two scissor lifts", "3
 * excavators", "a couple of"); 1 otherwise. A number with a unit ("26ft") or the name's own number ("a 45 boom")
 * is the item's size, not a count. The words are the sentence's as the item match read them (slang rewritten).
 */
function quantityOf(ws: string[], { at, end, sizes }: Found): number {
  if (ws[end + 1] === 'x' && /^\d+$/.test(ws[end + 2] ?? '') && Number(ws[end + 2]) > 0) return Number(ws[end + 2]);
  const before = ws
    .slice(Math.max(0, at - 5), at)
    .map((w, i, all) => (/^\d+$/.test(w) && (UNIT.test(all[i + 1] ?? ws[at] ?? '') || sizes.includes(w)) ? '' : w))
    .reverse();
  for (const w of before) {
    if (/^\d+$/.test(w) && Number(w) > 0 && Number(w) < 500) return Number(w);
    if (NUMBER_WORDS[w] !== undefined) return NUMBER_WORDS[w];
  }
  return 1;
}

const DURATION = /\bfor (\d+|a|one|two|three|four|five|six|a couple of|couple of) (day|week|month)s?\b/i;
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30 };

function rentalDays(text: string): number | null {
  const m = DURATION.exec(text);
  if (!m) return null;
  const n = /^\d+$/.test(m[1])
    ? Number(m[1])
    : (NUMBER_WORDS[m[1].replace(/ of$/, '').replace('a couple', 'couple')] ?? 1);
  return n * UNIT_DAYS[m[2].toLowerCase()];
}

const iso = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * Buying intent of a conversation, by local rules: a sentence that asks (ASK) and names an item of the
 * organization's own catalog, and does not speak of equipment already out, going back or billed (NOT_ASK).
 * Only the given catalog is ever matched, so another organization's items cannot be.
 */
export function detectBuyingIntent(text: string, catalog: CatalogItem[], at: Date): BuyingIntent {
  const keys = keysOf(catalog);
  // The quoted earlier message under a reply is not this conversation's request.
  const own = text
    .split('\n')
    .filter((line) => !/^\s*>/.test(line))
    .join('\n')
    .replace(/\n\s*On [^\n]{0,120}wrote:[\s\S]*$/, '');
  const sentences = own
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.replace(/^[-*•\s]+/, '').trim())
    .filter(Boolean);
  const items = new Map<string, RequestedItem>();
  const evidence: string[] = [];
  const read = sentences.map((sentence) => ({ sentence, ...itemsIn(sentence, keys) }));
  let asking = false;
  let listing = false;
  for (const [n, { sentence, ws, found }] of read.entries()) {
    // "also / plus ..." right after an asking sentence goes on asking ("- also lighting towers x3"), and so do the
    // lines naming items under an asking line that ends with a colon ("Please quote the following:").
    const goesOn = (asking && /^(also|plus|and)\b/i.test(sentence)) || (listing && found.length > 0);
    listing = (listing && found.length > 0) || (/:$/.test(sentence) && ASK.test(sentence) && !NOT_ASK.test(sentence));
    asking = false;
    if (!(ASK.test(sentence) || goesOn) || NOT_ASK.test(sentence)) continue;
    let from = { ws, found };
    if (!found.length) {
      // "Can we keep it another week?": in a question or an ask for more or longer, it / them / one is the item of
      // one of the two sentences before.
      if (
        !/\b(it|them|one|those)\b/i.test(sentence) ||
        !/\b(keep|extend|another|longer|more|again)\b|\?/i.test(sentence)
      )
        continue;
      const before = read
        .slice(Math.max(0, n - 2), n)
        .reverse()
        .find((r) => r.found.length);
      if (!before || NOT_ASK.test(before.sentence)) continue;
      from = before;
    }
    asking = true;
    evidence.push(sentence);
    for (const f of from.found)
      if (!items.has(f.id)) items.set(f.id, { itemId: f.id, quantity: quantityOf(from.ws, f), sentence });
  }
  const asked = evidence.join(' ');
  const dates = asked ? chrono().parse(asked, { instant: at, timezone: 'UTC' }, { forwardDate: true }) : [];
  // A range names the rental period better than a lone day said beside it ("for next week Monday through Friday":
  // chrono reads "next week" apart, as a day seven days on).
  const first = dates.find((d) => d.end) ?? dates[0];
  const start = first ? iso(first.start.date()) : null;
  const end = first?.end ? iso(first.end.date()) : null;
  return {
    hasIntent: items.size > 0,
    items: [...items.values()],
    startDate: start,
    endDate: end && start && end >= start ? end : null,
    days: rentalDays(asked),
    evidence,
  };
}
