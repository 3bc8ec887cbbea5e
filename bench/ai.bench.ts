/**
 * AI quality (docs/ai.md, "Measured quality"): the local provider's task extraction over the labelled
 * texts of bench/ai/ — precision, recall and F1 of task detection, and the accuracy of due date,
 * priority and owner on the matched tasks — plus sentiment accuracy. No database, no network.
 * AI_BENCH_SETS=path[,path] measures other labelled files; AI_BENCH_VERBOSE=1 lists every miss.
 */
import { analyzeSentiment, extractTasks } from '../src/ai';
import { benchSets, contextOf } from './ai/labelled-set';
import { addItem, emptyTally, figures } from './ai/score';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export default async function aiBench(): Promise<void> {
  const verbose = process.env.AI_BENCH_VERBOSE === '1';
  for (const set of benchSets()) {
    const tally = emptyTally();
    const started = process.hrtime.bigint();
    for (const item of set.items) {
      const predicted = extractTasks(item.text, contextOf(item, set.team));
      const sentiment = item.sentiment
        ? { expected: item.sentiment, got: analyzeSentiment(item.text).label }
        : undefined;
      const matches = addItem(tally, item.tasks, predicted, sentiment);
      if (!verbose) continue;
      for (const e of item.tasks.filter((t) => !matches.some((m) => m.expected === t)))
        console.log(`  ${item.id} MISSED   ${e.title}`);
      for (const p of predicted.filter((t) => !matches.some((m) => m.predicted === t)))
        console.log(`  ${item.id} EXTRA    ${p.title} | ${p.clause}`);
      for (const { expected: e, predicted: p } of matches) {
        const wrong = [
          e.dueDate !== p.dueDate && `due ${p.dueDate} != ${e.dueDate}`,
          e.priority !== p.priority && `priority ${p.priority} != ${e.priority}`,
          e.ownerId !== p.ownerId && `owner ${p.ownerId} != ${e.ownerId}`,
        ].filter(Boolean);
        if (wrong.length) console.log(`  ${item.id} WRONG    ${p.title}: ${wrong.join(', ')}  [${p.explanation}]`);
      }
      if (sentiment && sentiment.expected !== sentiment.got)
        console.log(`  ${item.id} SENTIMENT ${sentiment.got} != ${sentiment.expected}`);
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const f = figures(tally);
    console.log(
      `${set.name}: ${set.items.length} texts, ${tally.expected} labelled tasks, ${tally.predicted} extracted, ${tally.matched} matched (${ms.toFixed(0)} ms)`,
    );
    console.log(`  task detection  precision ${pct(f.precision)}  recall ${pct(f.recall)}  F1 ${pct(f.f1)}`);
    console.log(
      `  on matched tasks  due date ${pct(f.dueDateAccuracy)}  priority ${pct(f.priorityAccuracy)}  owner ${pct(f.ownerAccuracy)}  title similarity ${pct(f.titleSimilarity)}`,
    );
    console.log(
      `  sentiment label accuracy ${pct(f.sentimentAccuracy)} (${tally.sentimentRight}/${tally.sentimentTotal})`,
    );
  }
}
