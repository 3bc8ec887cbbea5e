/**
 * The configured AI server beside the local provider (docs/ai.md, "Comparing providers"): the labelled
 * corpus of bench/ai/corpus (train / dev / test, loaded as `npm run bench ai` loads it) or the files of
 * AI_BENCH_SETS, each text extracted by both; per set and provider, precision, recall and F1 of task
 * detection, due date, priority and owner on matched tasks, title lint violations, how many texts the
 * server failed on (the local provider answered those) and the time per text. Reads AI_PROVIDER=openai and
 * the OPENAI_* variables; without them it says so and ends. AI_BENCH_CONCURRENCY (default 4) calls at once.
 */
import {
  aiConfigFromEnv,
  createAiProvider,
  extractTasks,
  OpenAiProvider,
  titleViolations,
  type ExtractedTask,
  type TaskContext,
} from '../src/ai';
import { contextOf, evaluationSplits, extraSets, type LabelledSet } from './ai/labelled-set';
import { addItem, emptyTally, figures, type Tally } from './ai/score';

type Extract = (text: string, context: TaskContext) => Promise<{ tasks: ExtractedTask[]; failed: boolean }>;

interface Row {
  set: string;
  provider: string;
  texts: number;
  tally: Tally;
  lint: number;
  failed: number;
  ms: number;
}

async function measure(set: LabelledSet, provider: string, extract: Extract, concurrency: number): Promise<Row> {
  const row: Row = { set: set.name, provider, texts: set.items.length, tally: emptyTally(), lint: 0, failed: 0, ms: 0 };
  const started = Date.now();
  const results = new Array<{ tasks: ExtractedTask[]; failed: boolean }>(set.items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < set.items.length; i = next++)
      results[i] = await extract(set.items[i].text, contextOf(set.items[i]));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  row.ms = Date.now() - started;
  set.items.forEach((item, i) => {
    const { tasks, failed } = results[i];
    addItem(row.tally, item.tasks, tasks);
    row.lint += tasks.filter((t) => titleViolations(t.title, t.clause, contextOf(item)).length > 0).length;
    if (failed) row.failed++;
  });
  return row;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(7);

function table(rows: Row[]): void {
  console.log(
    '  set        provider  texts  tasks  found  precision  recall      F1  due date  priority    owner  lint  failed  ms/text',
  );
  for (const r of rows) {
    const f = figures(r.tally);
    console.log(
      `  ${r.set.padEnd(10)} ${r.provider.padEnd(8)} ${String(r.texts).padStart(6)} ${String(r.tally.expected).padStart(6)} ${String(r.tally.predicted).padStart(6)}    ${pct(f.precision)} ${pct(f.recall)} ${pct(f.f1)}   ${pct(f.dueDateAccuracy)}   ${pct(f.priorityAccuracy)}  ${pct(f.ownerAccuracy)} ${String(r.lint).padStart(5)} ${String(r.failed).padStart(7)} ${(r.ms / Math.max(r.texts, 1)).toFixed(0).padStart(8)}`,
    );
  }
}

export default async function providersBench(env: Record<string, string | undefined> = process.env): Promise<void> {
  const config = aiConfigFromEnv(env);
  if (config.provider !== 'openai' || !config.openai) {
    console.log('no AI server configured (AI_PROVIDER=openai and OPENAI_*, docs/ai.md "Comparing providers"): skipped');
    return;
  }
  const failures: string[] = [];
  const logger = {
    warn: (details: Record<string, unknown>, message: string) => {
      if (details.operation) failures.push(String((details.reasons as string[] | undefined)?.at(-1) ?? message));
      else
        console.log(`  ${message} (${String(details.refused)} -> ${String(details.now)}: ${String(details.reason)})`);
    },
  };
  const server = createAiProvider(config, { logger }) as OpenAiProvider;
  const concurrency = Math.max(1, Number(env.AI_BENCH_CONCURRENCY) || 4);
  console.log(
    `server ${config.openai.server}, model ${config.openai.model}, output mode ${server.outputMode}, ${concurrency} calls at once`,
  );
  const local: Extract = async (text, context) => ({ tasks: extractTasks(text, context), failed: false });
  const remote: Extract = async (text, context) => {
    const out = await server.extractTasks(text, context);
    return { tasks: out.tasks, failed: out.provider !== 'openai' };
  };
  const rows: Row[] = [];
  for (const set of extraSets() ?? evaluationSplits()) {
    rows.push(await measure(set, 'local', local, 1), await measure(set, config.openai.server, remote, concurrency));
  }
  table(rows);
  console.log(`  output mode at the end: ${server.outputMode}`);
  if (failures.length) console.log(`  ${failures.length} texts failed on the server; first: ${failures[0]}`);
}
