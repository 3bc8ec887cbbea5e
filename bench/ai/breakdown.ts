import type { ExtractedTask, TaskContext } from '../../src/ai';
import { addItem, emptyTally, figures, Tally } from './score';
import type { ExpectedTask } from './labelled-set';
import {
  EXTRA_PHRASES,
  EXTRA_SOURCES,
  extraDatePhrase,
  extraDateSource,
  MISSED_SOURCES,
  missedDateSource,
} from './date-sources';

/**
 * Aggregate breakdowns of a split (docs/ai.md, "Measured quality"): detection and due date per style (the
 * text's kind), the matched tasks' due-date errors by class, and where the date of a missed or extra one stood
 * (date-sources.ts). Counts only, never a text, so they may be printed for test too.
 */
export const DUE_ERROR_CLASSES = [
  'no date predicted',
  'date where none',
  '1 day early',
  '1 day late',
  'a week off',
  'other earlier',
  'other later',
] as const;
export type DueErrorClass = (typeof DUE_ERROR_CLASSES)[number];

const DAY = 86_400_000;

export function dueErrorClass(expected: string | null, predicted: string | null): DueErrorClass | null {
  if (expected === predicted) return null;
  if (predicted === null) return 'no date predicted';
  if (expected === null) return 'date where none';
  const days = Math.round((Date.parse(predicted) - Date.parse(expected)) / DAY);
  if (days === -1) return '1 day early';
  if (days === 1) return '1 day late';
  if (Math.abs(days) === 7) return 'a week off';
  return days < 0 ? 'other earlier' : 'other later';
}

interface StyleEntry {
  texts: number;
  tally: Tally;
  /** Due-date errors of the style's matched tasks: no date predicted, a date where none, a wrong date. */
  missing: number;
  spurious: number;
  wrong: number;
}

export interface Breakdown {
  byStyle: Map<string, StyleEntry>;
  dueErrors: Map<DueErrorClass, number>;
  /** "no date predicted" by where a date expression stood; the second count: one there is the labelled day. */
  missedFrom: Map<string, [number, number]>;
  /** "date where none" by where the phrase that gave it stands. */
  extraFrom: Map<string, number>;
  /** "date where none" by what the phrase is, and by whether it stands before the action. */
  extraPhrase: Map<string, number>;
}

export const emptyBreakdown = (): Breakdown => ({
  byStyle: new Map(),
  dueErrors: new Map(),
  missedFrom: new Map(),
  extraFrom: new Map(),
  extraPhrase: new Map(),
});

/**
 * A text's style: its kind, except a call the rep logged in his own words ("Spoke w/ Dana ...": kind
 * `call_transcript`, fewer than two speakers' lines), which is `call_log`, as the issue's second hidden set sends them.
 */
function styleOf(item: { kind: string; text: string }): string {
  if (item.kind !== 'call_transcript') return item.kind;
  const speakers = item.text
    .split('\n')
    .filter((line) => /^\s*[A-Z][\w'.]*(?:\s+[A-Z][\w'.]*)?\s*(?:\([^)]*\))?\s*:\s*\S/.test(line));
  return speakers.length >= 2 ? item.kind : 'call_log';
}

/** Scores one text into its style's tally and counts its matched tasks' due-date errors by class. */
export function addToBreakdown(
  b: Breakdown,
  item: { kind: string; text: string; tasks: ExpectedTask[] },
  context: TaskContext,
  predicted: ExtractedTask[],
) {
  const { tasks: expected } = item;
  const style = styleOf(item);
  const entry = b.byStyle.get(style) ?? { texts: 0, tally: emptyTally(), missing: 0, spurious: 0, wrong: 0 };
  b.byStyle.set(style, entry);
  entry.texts++;
  for (const { expected: e, predicted: p } of addItem(entry.tally, expected, predicted)) {
    const cls = dueErrorClass(e.dueDate, p.dueDate);
    if (!cls) continue;
    b.dueErrors.set(cls, (b.dueErrors.get(cls) ?? 0) + 1);
    if (cls === 'no date predicted') {
      entry.missing++;
      const { source, labelledDay } = missedDateSource(item.text, context, p, e.dueDate ?? '');
      const [n, right] = b.missedFrom.get(source) ?? [0, 0];
      b.missedFrom.set(source, [n + 1, right + (labelledDay ? 1 : 0)]);
    } else if (cls === 'date where none') {
      entry.spurious++;
      const source = extraDateSource(p);
      b.extraFrom.set(source, (b.extraFrom.get(source) ?? 0) + 1);
      for (const key of extraDatePhrase(p)) b.extraPhrase.set(key, (b.extraPhrase.get(key) ?? 0) + 1);
    } else entry.wrong++;
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(6);
/** Width of a split's column in the count tables ("fresh-test" and a space). */
const COLUMN = 12;

export function printBreakdowns(splits: { name: string; breakdown: Breakdown }[]): void {
  const styles = [...new Set(splits.flatMap((s) => [...s.breakdown.byStyle.keys()]))].sort();
  const width = 48;
  console.log(
    '  per style: texts, tasks, found, P, R, F1, due date right / matched, due errors (none / extra / wrong)',
  );
  console.log(`  ${'style'.padEnd(16)}${splits.map((s) => s.name.padEnd(width)).join('')}`);
  for (const style of styles) {
    const cells = splits.map(({ breakdown }) => {
      const entry = breakdown.byStyle.get(style);
      if (!entry) return '-'.padEnd(width);
      const { tally } = entry;
      const f = figures(tally);
      const counts = [entry.texts, tally.expected, tally.predicted].map((n) => String(n).padStart(3)).join(' ');
      const due = `${tally.dueDate}/${tally.matched}`.padStart(7);
      const errors = `${entry.missing}/${entry.spurious}/${entry.wrong}`.padStart(6);
      return `${counts} ${pct(f.precision)} ${pct(f.recall)} ${pct(f.f1)} ${due} ${errors}  `;
    });
    console.log(`  ${style.padEnd(16)}${cells.join('')}`);
  }
  console.log('  due-date errors on matched tasks, by class');
  console.log(`  ${'class'.padEnd(20)}${splits.map((s) => s.name.padStart(COLUMN)).join('')}`);
  for (const cls of DUE_ERROR_CLASSES)
    console.log(
      `  ${cls.padEnd(20)}${splits.map((s) => String(s.breakdown.dueErrors.get(cls) ?? 0).padStart(COLUMN)).join('')}`,
    );
  console.log('  no date predicted: where the nearest date expression stood (n / of them the labelled day)');
  for (const source of MISSED_SOURCES)
    console.log(
      `  ${source.padEnd(24)}${splits
        .map((s) => {
          const [n, right] = s.breakdown.missedFrom.get(source) ?? [0, 0];
          return `${n} / ${right}`.padStart(COLUMN);
        })
        .join('')}`,
    );
  console.log('  date where none: where the phrase that gave it stands');
  for (const source of EXTRA_SOURCES)
    console.log(
      `  ${source.padEnd(24)}${splits.map((s) => String(s.breakdown.extraFrom.get(source) ?? 0).padStart(COLUMN)).join('')}`,
    );
  console.log('  date where none: what the phrase is, and whether it stands before the action in its sentence');
  for (const key of EXTRA_PHRASES)
    console.log(
      `  ${key.padEnd(24)}${splits.map((s) => String(s.breakdown.extraPhrase.get(key) ?? 0).padStart(COLUMN)).join('')}`,
    );
}
