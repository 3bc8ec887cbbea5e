import { basename } from 'node:path';
/**
 * AI quality (docs/ai.md, "Measured quality"): the local provider's task extraction over the labelled
 * corpus of bench/ai/corpus, its train / dev / test splits side by side — precision, recall and F1 of task
 * detection, the accuracy of due date, priority and owner on the matched tasks, and the title lint's
 * violations — then the earlier dev and held-out sets, and sentiment accuracy where labelled. No database,
 * no network. AI_BENCH_SETS=path[,path] measures other labelled files instead; AI_BENCH_VERBOSE=1 lists
 * the misses of train and dev (never test's: the test split is frozen); AI_BENCH_VERBOSE=titles lists
 * instead their matched pairs whose titles are far apart (Dice below 0.5), label | predicted | clause.
 */
import { analyzeSentiment, ExtractedTask, extractTasks, TaskContext, titleViolations } from '../src/ai';
import { contextOf, evaluationSplits, extraSets, LabelledSet, legacySets } from './ai/labelled-set';
import { addItem, dice, emptyTally, figures, Match, Tally } from './ai/score';
import { opportunitiesBench } from './ai/opportunities';
import { addToBreakdown, Breakdown, emptyBreakdown, printBreakdowns } from './ai/breakdown';
import { extraDateSource, missedDateSource } from './ai/date-sources';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(6);

interface Measured {
  name: string;
  texts: number;
  tally: Tally;
  /** The same predictions matched on titles alone (score.ts, `byTitle`). */
  byTitle: Tally;
  lint: number;
  ms: number;
  breakdown: Breakdown;
}

/** What the verbose listing shows for train and dev: the misses ('1'), the far-apart titles ('titles'), or nothing. */
type Listing = 'misses' | 'titles' | false;
const listingOf = (env: string | undefined): Listing => (env === '1' ? 'misses' : env === 'titles' ? 'titles' : false);

/** Prints the matched pairs whose titles share less than half their content words (score.ts, `dice`). */
function listFarTitles(id: string, matches: Match[]): void {
  for (const { expected: e, predicted: p } of matches)
    if (dice(e.title, p.title) < 0.5) console.log(`  ${id} TITLES   ${e.title} | ${p.title} | ${p.clause}`);
}

function measure(set: LabelledSet, listing: Listing): Measured {
  const tally = emptyTally();
  const byTitle = emptyTally();
  const breakdown = emptyBreakdown();
  let lint = 0;
  const started = process.hrtime.bigint();
  for (const item of set.items) {
    const context = contextOf(item);
    const predicted = extractTasks(item.text, context);
    const sentiment = item.sentiment ? { expected: item.sentiment, got: analyzeSentiment(item.text).label } : undefined;
    const matches = addItem(tally, item.tasks, predicted, sentiment);
    addItem(byTitle, item.tasks, predicted, undefined, true);
    addToBreakdown(breakdown, item, context, predicted);
    const linted = predicted.map((p) => ({ p, v: titleViolations(p.title, p.clause, context) }));
    lint += linted.filter((l) => l.v.length > 0).length;
    if (listing === 'titles') listFarTitles(item.id, matches);
    if (listing !== 'misses') continue;
    for (const { p, v } of linted.filter((l) => l.v.length > 0))
      console.log(`  ${item.id} TITLE    ${p.title} (${v.join(', ')}) | ${p.clause}`);
    for (const e of item.tasks.filter((t) => !matches.some((m) => m.expected === t)))
      console.log(`  ${item.id} MISSED   ${e.title}`);
    for (const p of predicted.filter((t) => !matches.some((m) => m.predicted === t)))
      console.log(`  ${item.id} EXTRA    ${p.title} | ${p.clause}`);
    for (const { expected: e, predicted: p } of matches) {
      const wrong = [
        e.dueDate !== p.dueDate && `due ${p.dueDate} != ${e.dueDate}${dueSourceNote(item.text, context, e.dueDate, p)}`,
        e.priority !== p.priority && `priority ${p.priority} != ${e.priority}`,
        e.ownerId !== p.ownerId && `owner ${p.ownerId} != ${e.ownerId}`,
      ].filter(Boolean);
      if (wrong.length) console.log(`  ${item.id} WRONG    ${p.title}: ${wrong.join(', ')}  [${p.explanation}]`);
    }
    if (sentiment && sentiment.expected !== sentiment.got)
      console.log(`  ${item.id} SENTIMENT ${sentiment.got} != ${sentiment.expected}`);
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { name: set.name, texts: set.items.length, tally, byTitle, lint, ms, breakdown };
}

/** The class of a wrong date's source (date-sources.ts), for the verbose listing of train's and dev's misses. */
function dueSourceNote(text: string, context: TaskContext, expected: string | null, p: ExtractedTask): string {
  if (p.dueDate === null && expected) return ` (${missedDateSource(text, context, p, expected).source})`;
  return expected === null ? ` (${extraDateSource(p)})` : '';
}

function table(rows: Measured[]): void {
  console.log(
    '  set          texts  tasks   found  precision  recall      F1  due date  priority   owner  title lint  sentiment',
  );
  for (const { name, texts, tally, lint } of rows) {
    const f = figures(tally);
    const sentiment = tally.sentimentTotal ? pct(f.sentimentAccuracy) : '     -';
    console.log(
      `  ${name.padEnd(12)} ${String(texts).padStart(5)} ${String(tally.expected).padStart(6)} ${String(tally.predicted).padStart(7)}     ${pct(f.precision)}  ${pct(f.recall)}  ${pct(f.f1)}    ${pct(f.dueDateAccuracy)}    ${pct(f.priorityAccuracy)}  ${pct(f.ownerAccuracy)}  ${String(lint).padStart(10)}     ${sentiment}`,
    );
  }
}

/**
 * How near the titles are to the ones a person wrote: the mean Dice of content words on the matched tasks, and
 * precision / recall / F1 when tasks are matched on titles alone (Dice >= 0.5), as a scorer with no evidence
 * phrases would match them.
 */
function titleTable(rows: Measured[]): void {
  console.log('  titles      similarity   matched on titles alone: precision  recall      F1');
  for (const { name, tally, byTitle } of rows) {
    const f = figures(byTitle);
    console.log(
      `  ${name.padEnd(12)}    ${pct(figures(tally).titleSimilarity)}                              ${pct(f.precision)}  ${pct(f.recall)}  ${pct(f.f1)}`,
    );
  }
}

export default async function aiBench(): Promise<void> {
  const listing = listingOf(process.env.AI_BENCH_VERBOSE);
  const extra = extraSets();
  if (extra) {
    const rows = extra.map((set) => measure(set, !set.frozen && listing));
    table(rows);
    titleTable(rows);
    printBreakdowns(rows.map((row) => ({ ...row, name: basename(row.name, '.json').slice(-9) })));
    return;
  }
  const splits = evaluationSplits().map((set) => {
    if (listing && set.frozen) console.log(`  ${set.name}: misses not listed (the split is frozen)`);
    return measure(set, !set.frozen && listing);
  });
  const ms = splits.reduce((sum, s) => sum + s.ms, 0);
  console.log(
    `corpus (bench/ai/corpus, train-extra and fresh-test, ${splits.reduce((n, s) => n + s.texts, 0)} texts, ${ms.toFixed(0)} ms)`,
  );
  table(splits);
  titleTable(splits);
  const test = figures(splits[2].tally);
  const targets = [
    ['F1 >= 0.85', test.f1 >= 0.85],
    ['due date >= 0.9', test.dueDateAccuracy >= 0.9],
    ['priority >= 0.8', test.priorityAccuracy >= 0.8],
    ['title lint 0', splits.every((s) => s.lint === 0)],
  ] as const;
  printBreakdowns(splits);
  console.log(`  targets on test: ${targets.map(([t, ok]) => `${t} ${ok ? 'met' : 'NOT met'}`).join(', ')}`);
  console.log('earlier sets (tuned on before the corpus; outside the splits)');
  table(legacySets().map((set) => measure(set, listing)));
  opportunitiesBench();
}
