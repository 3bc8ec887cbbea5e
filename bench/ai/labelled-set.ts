import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Priority, SentimentLabel, TaskContext, TeamMember, TextKind } from '../../src/ai';

/**
 * The labelled texts of the AI benchmark (bench/ai/*.json; format and labelling conventions in
 * docs/ai.md). A set may carry its own team; otherwise team.json's is used.
 */
export interface ExpectedTask {
  /** Words of the text the task comes from: one of them must be in the extracted task's clause. */
  evidence?: string | string[];
  title: string;
  dueDate: string | null;
  priority: Priority;
  ownerId: string;
}

export interface LabelledText {
  id: string;
  /** The team of the text's organization (a corpus file's own team, else team.json's). */
  team?: TeamMember[];
  kind: TextKind;
  reference: string;
  timezone: string;
  defaultOwnerId: string;
  contactName?: string;
  companyName?: string;
  sentiment?: SentimentLabel;
  text: string;
  tasks: ExpectedTask[];
}

export interface LabelledSet {
  name: string;
  team: TeamMember[];
  items: LabelledText[];
  /** A frozen split (test, fresh-test): only its aggregate figures are printed, never its misses. */
  frozen?: boolean;
}

const DIR = join(process.cwd(), 'bench', 'ai');
const CORPUS = join(DIR, 'corpus');
/** Texts written after the split, read as train only (docs/ai.md, "The corpus and its splits"). */
const TRAIN_EXTRA = join(DIR, 'train-extra');
/**
 * The second frozen split, written like issue 26's hidden sets by writers who read neither the rules nor the
 * corpus, committed before the extractor ever ran on it (docs/ai.md, "The fresh test split"). Like test, only
 * its aggregate figures are ever printed.
 */
export const FRESH_TEST = join(DIR, 'fresh-test');

export function loadSet(path: string): LabelledSet {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as { split?: string; team?: TeamMember[]; items: LabelledText[] };
  const team = raw.team ?? (JSON.parse(readFileSync(join(DIR, 'team.json'), 'utf8')) as { team: TeamMember[] }).team;
  const items = raw.items.map((item) => ({ ...item, team: item.team ?? team }));
  return { name: raw.split ?? path, team, items, frozen: resolve(path).startsWith(FRESH_TEST + '/') };
}

export type SplitName = 'train' | 'dev' | 'test';
export const SPLITS: SplitName[] = ['train', 'dev', 'test'];

/**
 * The corpus (bench/ai/corpus/*.json, one file per style) cut into the train / dev / test splits of
 * corpus/split.json, written once (docs/ai.md, "The corpus and its splits"). A text the manifest does not
 * place is an error: a new text cannot slip into a split unnoticed. The texts of bench/ai/train-extra,
 * written after the split, are train's (an id of split.json there is an error too).
 */
export function corpusSplits(): (LabelledSet & { name: SplitName })[] {
  const manifest = JSON.parse(readFileSync(join(CORPUS, 'split.json'), 'utf8')) as Record<SplitName, string[]>;
  const splitOf = new Map(SPLITS.flatMap((s) => manifest[s].map((id) => [id, s] as const)));
  const sets = SPLITS.map((name) => ({
    name,
    team: [] as TeamMember[],
    items: [] as LabelledText[],
    frozen: name === 'test',
  }));
  const files = readdirSync(CORPUS).filter((f) => f.endsWith('.json') && f !== 'split.json');
  for (const file of files.sort()) {
    for (const item of loadSet(join(CORPUS, file)).items) {
      const split = splitOf.get(item.id);
      if (!split) throw new Error(`${item.id} (${file}) is in no split of bench/ai/corpus/split.json`);
      sets[SPLITS.indexOf(split)].items.push(item);
    }
  }
  for (const file of readdirSync(TRAIN_EXTRA)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    for (const item of loadSet(join(TRAIN_EXTRA, file)).items) {
      if (splitOf.has(item.id)) throw new Error(`${item.id} (train-extra/${file}) is already in split.json`);
      sets[0].items.push(item);
    }
  }
  return sets;
}

/** The fresh test split (every file of bench/ai/fresh-test, each with its own team), or null when there is none. */
export function freshTestSet(): LabelledSet | null {
  if (!existsSync(FRESH_TEST)) return null;
  const files = readdirSync(FRESH_TEST).filter((f) => f.endsWith('.json'));
  if (!files.length) return null;
  const items = files.sort().flatMap((file) => loadSet(join(FRESH_TEST, file)).items);
  const seen = new Set(corpusSplits().flatMap((set) => set.items.map((item) => item.id)));
  for (const item of items) {
    if (seen.has(item.id)) throw new Error(`${item.id} (fresh-test) is already in another split or file`);
    seen.add(item.id);
  }
  return { name: 'fresh-test', team: [], items, frozen: true };
}

/** The splits every figure is reported on: train, dev, test, then fresh-test when it holds texts. */
export function evaluationSplits(): LabelledSet[] {
  const fresh = freshTestSet();
  return [...corpusSplits(), ...(fresh ? [fresh] : [])];
}

/** The earlier sets, outside the splits (tuned on before the corpus existed): dev-set and heldout-set. */
export function legacySets(): LabelledSet[] {
  return [join(DIR, 'dev-set.json'), join(DIR, 'heldout-set.json')].map(loadSet);
}

/** AI_BENCH_SETS (comma-separated paths of labelled files), when set. */
export function extraSets(): LabelledSet[] | null {
  const paths = process.env.AI_BENCH_SETS?.split(',').filter(Boolean);
  return paths?.length ? paths.map(loadSet) : null;
}

export function contextOf(item: LabelledText): TaskContext {
  return {
    organizationId: 'bench',
    referenceInstant: item.reference,
    timezone: item.timezone,
    team: item.team ?? [],
    defaultOwnerId: item.defaultOwnerId,
    contactName: item.contactName ?? null,
    companyName: item.companyName ?? null,
    kind: (process.env.AI_BENCH_AS as TextKind | undefined) || item.kind,
  };
}
