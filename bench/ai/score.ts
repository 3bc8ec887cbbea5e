import { normalizeText } from '../../src/ai/local/normalize';
import type { ExtractedTask, SentimentLabel } from '../../src/ai';
import type { ExpectedTask } from './labelled-set';

/**
 * Scoring of extracted tasks against labelled ones (docs/ai.md, "Measured quality"). A prediction
 * matches an expected task when one of its evidence phrases is in the prediction's clause, or (for a
 * label without evidence) when their titles share at least half their content words (Dice >= 0.5);
 * pairs are matched one to one, best first. Due date, priority and owner are scored on matched pairs.
 * `byTitle` ignores the evidence and matches on titles alone, as a scorer whose labels carry only titles
 * would (the hidden sets of issue 26): it says how far a title is from the one a person wrote.
 */
export interface Tally {
  expected: number;
  predicted: number;
  matched: number;
  dueDate: number;
  priority: number;
  owner: number;
  titleDice: number;
  sentimentTotal: number;
  sentimentRight: number;
}

export const emptyTally = (): Tally => ({
  expected: 0,
  predicted: 0,
  matched: 0,
  dueDate: 0,
  priority: 0,
  owner: 0,
  titleDice: 0,
  sentimentTotal: 0,
  sentimentRight: 0,
});

const STOP = new Set(
  'the a an to for of on in at with and or by from about their our your his her its this that'.split(' '),
);
const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const stem = (w: string) => w.replace(/(?:ing|ed|es|s)$/, '');
const contentWords = (s: string) =>
  new Set(
    squash(s)
      .split(' ')
      .filter((w) => w && !STOP.has(w))
      .map(stem),
  );

export function dice(a: string, b: string): number {
  const x = contentWords(a);
  const y = contentWords(b);
  if (!x.size || !y.size) return 0;
  let common = 0;
  for (const w of x) if (y.has(w)) common++;
  return (2 * common) / (x.size + y.size);
}

function pairScore(expected: ExpectedTask, predicted: ExtractedTask, byTitle: boolean): number {
  const evidence =
    expected.evidence === undefined || byTitle
      ? []
      : Array.isArray(expected.evidence)
        ? expected.evidence
        : [expected.evidence];
  const similarity = dice(expected.title, predicted.title);
  // The clause is read after texting's spellings are spelled out ("pls" -> "please", "u" -> "you"): so is the evidence.
  const clause = squash(predicted.clause);
  if (evidence.some((e) => clause.includes(squash(e)) || clause.includes(squash(normalizeText(e)))))
    return 2 + similarity;
  return evidence.length === 0 && similarity >= 0.5 ? 1 + similarity : 0;
}

export interface Match {
  expected: ExpectedTask;
  predicted: ExtractedTask;
}

export function matchTasks(expected: ExpectedTask[], predicted: ExtractedTask[], byTitle = false): Match[] {
  const pairs = expected
    .flatMap((e, i) => predicted.map((p, j) => ({ i, j, score: pairScore(e, p, byTitle) })))
    .filter((p) => p.score > 0);
  pairs.sort((a, b) => b.score - a.score || a.i - b.i || a.j - b.j);
  const usedE = new Set<number>();
  const usedP = new Set<number>();
  const matches: Match[] = [];
  for (const { i, j } of pairs) {
    if (usedE.has(i) || usedP.has(j)) continue;
    usedE.add(i);
    usedP.add(j);
    matches.push({ expected: expected[i], predicted: predicted[j] });
  }
  return matches;
}

export function addItem(
  t: Tally,
  expected: ExpectedTask[],
  predicted: ExtractedTask[],
  sentiment?: { expected: SentimentLabel; got: SentimentLabel },
  byTitle = false,
): Match[] {
  const matches = matchTasks(expected, predicted, byTitle);
  t.expected += expected.length;
  t.predicted += predicted.length;
  t.matched += matches.length;
  for (const { expected: e, predicted: p } of matches) {
    if (e.dueDate === p.dueDate) t.dueDate++;
    if (e.priority === p.priority) t.priority++;
    if (e.ownerId === p.ownerId) t.owner++;
    t.titleDice += dice(e.title, p.title);
  }
  if (sentiment) {
    t.sentimentTotal++;
    if (sentiment.expected === sentiment.got) t.sentimentRight++;
  }
  return matches;
}

export interface Figures {
  precision: number;
  recall: number;
  f1: number;
  dueDateAccuracy: number;
  priorityAccuracy: number;
  ownerAccuracy: number;
  titleSimilarity: number;
  sentimentAccuracy: number;
}

export function figures(t: Tally): Figures {
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  const precision = ratio(t.matched, t.predicted);
  const recall = ratio(t.matched, t.expected);
  return {
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    dueDateAccuracy: ratio(t.dueDate, t.matched),
    priorityAccuracy: ratio(t.priority, t.matched),
    ownerAccuracy: ratio(t.owner, t.matched),
    titleSimilarity: ratio(t.titleDice, t.matched),
    sentimentAccuracy: ratio(t.sentimentRight, t.sentimentTotal),
  };
}
