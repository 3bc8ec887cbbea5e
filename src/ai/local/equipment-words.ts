import { distance } from 'fastest-levenshtein';

/**
 * How customers name rental equipment otherwise than a catalog does (docs/ai.md, "Buying intent"): trade slang and
 * short forms rewritten to the words catalogs use, sizes said in words or with "-footer" to a number and unit. Only
 * words of the trade: a rewrite names no organization's item, the catalog match still decides.
 */
const SLANG: [RegExp, string][] = [
  [/\b(?:little|small|mini)[\s-]+(?:diggers?|excavators?|ex)\b|\bmini[\s-]?ex\b/g, 'mini excavator'],
  [/\b(?:diggers?|track[\s-]?hoes?)\b/g, 'excavator'],
  [/\b(?:cherry[\s-]?pickers?|man[\s-]?lifts?)\b/g, 'boom lift'],
  [/\btower[\s-]?lights?\b/g, 'light tower'],
  [/\bbobcats?\b|\bskid[\s-]?steers?\b(?!\s*loaders?)/g, 'skid steer loader'],
  [/\b(?:gennys?|gennies|gensets?|gens?)\b/g, 'generator'],
  [/\bporta[\s-]?(?:johns?|potty|potties|loos?|lets?|sans?)\b|\bporta\b/g, 'portable toilet'],
  [/\b(?:tampers?|whackers?|wackers?)\b/g, 'plate compactor'],
  [/\b(?:tele[\s-]?handlers?|lulls?|teles?|reach[\s-]?fork(?:lift)?s?)\b/g, 'telehandler'],
  [/\bfencing\b|\bfences?\b(?!\s*panels?)/g, 'fence panel'],
  [/\blight(?:ing)?\s+(?:towers?|plants?)\b/g, 'light tower'],
  [/\bscissors?\b(?!\s*lifts?)/g, 'scissor lift'],
  [/\bbooms?\b(?!\s*lifts?)/g, 'boom lift'],
];

const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
};

/** The sentence, lower case, with slang rewritten, "60-footer" / 26' as "60ft" / "26ft", "sixty" as 60. */
export function equipmentWords(sentence: string): string {
  let s = sentence.toLowerCase();
  for (const [from, to] of SLANG) s = s.replace(from, to);
  return s
    .replace(/\b(\d+)\s*(?:-\s*)?(?:foot|feet|footers?|')/g, '$1ft ')
    .replace(/\b(\d+)\s*"/g, '$1in ')
    .replace(/\b(twenty|thirty|forty|fifty|sixty|seventy|eighty)\b/g, (w) => String(TENS[w]));
}

/** True when a and b differ by one letter changed, added or dropped ("scisor" / "scissor"). */
export function oneEditApart(a: string, b: string): boolean {
  return distance(a, b) === 1;
}
