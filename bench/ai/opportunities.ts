import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectBuyingIntent, CatalogItem } from '../../src/ai/local/buying-intent';

/**
 * Buying intent on its own labelled corpus (bench/ai/opportunities; docs/ai.md, "Buying intent"): precision and
 * recall of "has buying intent" per text, and of the catalog items matched (item by item), on train (train.json),
 * dev and the frozen test split. Misses are listed for train and dev only, with AI_BENCH_VERBOSE=1.
 */
interface IntentText {
  id: string;
  kind: string;
  reference: string;
  text: string;
  intent: boolean;
  items: string[];
}

const DIR = join(process.cwd(), 'bench', 'ai', 'opportunities');
const read = <T>(file: string): T => JSON.parse(readFileSync(join(DIR, file), 'utf8')) as T;

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

const ratio = (n: number, d: number): string => (d ? (n / d).toFixed(3) : '-');
const pr = (c: Counts): string => `P ${ratio(c.tp, c.tp + c.fp)} R ${ratio(c.tp, c.tp + c.fn)}`;

function measure(name: string, texts: IntentText[], catalog: CatalogItem[], verbose: boolean): string {
  const intent: Counts = { tp: 0, fp: 0, fn: 0 };
  const items: Counts = { tp: 0, fp: 0, fn: 0 };
  for (const t of texts) {
    const got = detectBuyingIntent(t.text, catalog, new Date(t.reference));
    if (got.hasIntent && t.intent) intent.tp++;
    else if (got.hasIntent) intent.fp++;
    else if (t.intent) intent.fn++;
    const found = new Set(got.items.map((i) => i.itemId));
    const want = new Set(t.items);
    for (const id of found)
      if (want.has(id)) items.tp++;
      else items.fp++;
    for (const id of want) if (!found.has(id)) items.fn++;
    const wrong = got.hasIntent !== t.intent || [...want].some((id) => !found.has(id)) || found.size !== want.size;
    if (verbose && wrong)
      console.log(
        `  ${t.id} expected ${t.intent ? 'intent' : 'none'} ${t.items.join(',') || '-'} got ${got.hasIntent ? 'intent' : 'none'} ${[...found].join(',') || '-'}`,
      );
  }
  return `  ${name.padEnd(5)} ${String(texts.length).padStart(3)} texts  has intent: ${pr(intent)}   items: ${pr(items)}`;
}

export function opportunitiesBench(): void {
  const verbose = process.env.AI_BENCH_VERBOSE === '1';
  const catalog = read<{ items: CatalogItem[] }>('catalog.json').items;
  const texts = read<{ items: IntentText[] }>('texts.json').items;
  const train = read<{ items: IntentText[] }>('train.json').items;
  const split = read<{ dev: string[]; test: string[] }>('split.json');
  const inSplit = new Set([...split.dev, ...split.test]);
  const both = train.filter((t) => inSplit.has(t.id) || texts.some((u) => u.id === t.id)).map((t) => t.id);
  if (both.length) throw new Error(`bench/ai/opportunities: train.json and split.json both hold ${both.join(', ')}`);
  const byId = new Map(texts.map((t) => [t.id, t]));
  const of = (ids: string[]) => ids.map((id) => byId.get(id) as IntentText);
  console.log(
    `buying intent (bench/ai/opportunities, ${train.length} train + ${texts.length} texts, catalog of ${catalog.length} items)`,
  );
  console.log(measure('train', train, catalog, verbose));
  console.log(measure('dev', of(split.dev), catalog, verbose));
  console.log(measure('test', of(split.test), catalog, false));
}
