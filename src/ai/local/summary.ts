import { CLOSINGS } from './lexicon';
import { normalizeText } from './normalize';
import { sentencesOf } from './words';

/**
 * Extractive summary, local (docs/ai.md, "Summary"): the text's most informative sentences in their
 * own order. A sentence scores by the frequency of its content words in the whole text (Luhn), plus a
 * bonus for coming first and for carrying a request, a date, an amount or an urgency word; greetings,
 * sign-offs and pleasantries never score. One or two sentences are kept whole; longer texts keep a third
 * of their sentences, at most three, within `maxChars`.
 */
const STOP = new Set(
  'a an the and or but so to of in on at for with from by is are was were be been it its this that these those i we you he she they me us him her them my our your their just also then there here have has had do does did will would can could should not no yes hi hello hey thanks thank please'.split(
    ' ',
  ),
);
const SALIENT =
  /\b(?:please|need|needs|urgent|asap|can\s+you|could\s+you|will|should|must|by\s+\w+day|tomorrow|today|\$\d|\d+\s*(?:days?|hours?)|invoice|quote|damage|overdue)\b/i;
const PLEASANTRY =
  /^(?:hi|hello|hey|dear|thanks|thank\s+you|cheers|best|regards|kind\s+regards|morning|good\s+(?:morning|afternoon))\b[^.!?]{0,25}[.!?,]?$/i;

const GREETING = /^(?:hi|hello|hey|dear|morning|good\s+(?:morning|afternoon))(?:\s+[A-Z][a-z]+)?\s*[,!]\s*/i;
const words = (s: string) => (s.toLowerCase().match(/[a-z][a-z'-]+/g) ?? []).filter((w) => !STOP.has(w));

export function summarize(text: string, maxChars = 320): string {
  const sentences = normalizeText(text)
    .split('\n')
    .map((line) => line.replace(/^\s*(?:[-*\u2022]|\d{1,2}[.)])\s+/, '').replace(GREETING, ''))
    .flatMap((line) => sentencesOf(line))
    .filter((s) => words(s).length >= 2 && !PLEASANTRY.test(s) && !CLOSINGS.test(s));
  if (sentences.length <= 2) return clip(sentences.join(' '), maxChars);
  const frequency = new Map<string, number>();
  for (const w of sentences.flatMap(words)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const scored = sentences.map((s, i) => {
    const ws = words(s);
    const luhn = ws.reduce((sum, w) => sum + (frequency.get(w) ?? 0), 0) / Math.sqrt(ws.length || 1);
    return { i, s, score: luhn + (i === 0 ? 1 : 0) + (SALIENT.test(s) ? 1.5 : 0) };
  });
  const keep = Math.min(3, Math.ceil(sentences.length / 3));
  const chosen = [...scored]
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, keep)
    .sort((a, b) => a.i - b.i);
  return clip(chosen.map((c) => c.s).join(' '), maxChars);
}

function clip(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[,;:\s]+$/, '')}\u2026`;
}
