/**
 * A second labeller's pass over the corpus's due dates (docs/ai.md, "A second labeller's pass").
 *
 *   node dist/bench/ai/second-pass/second-pass.js sheet <split> <part>/<parts> <out.json>
 *     writes a labelling sheet: the split's texts of bench/ai/corpus (every <parts>-th, from <part>) with their labelled tasks,
 *     each task's due date blanked. The labeller fills `dueDate` (YYYY-MM-DD or null) from the text and the
 *     conventions alone: no extractor output and no first label is on the sheet.
 *   node dist/bench/ai/second-pass/second-pass.js compare <out-prefix> <sheet.json>...
 *     prints, per split, how many due dates the two labellers agree on, and writes each disagreement (the text,
 *     both dates) to <out-prefix>-<split>.json for an adjudicator, who also sees no extractor output.
 *   node dist/bench/ai/second-pass/second-pass.js apply <decisions.json>...
 *     writes the adjudicated dates ({ id, task, dueDate, basis }[]) that a convention settles into the corpus files.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Priority } from '../../../src/ai';
import { corpusSplits, SPLITS, type LabelledText, type SplitName } from '../labelled-set';

interface SheetTask {
  task: number;
  title: string;
  evidence?: string | string[];
  dueDate: string | null | '?';
}
interface SheetText extends Omit<LabelledText, 'tasks' | 'team'> {
  split: SplitName;
  team: { id: string; name: string }[];
  tasks: SheetTask[];
}
interface Decision {
  id: string;
  task: number;
  dueDate: string | null;
  basis: 'convention' | 'silent';
}

const CORPUS = join(process.cwd(), 'bench', 'ai', 'corpus');
const byId = () => new Map(corpusSplits().flatMap((s) => s.items.map((t) => [t.id, { ...t, split: s.name }] as const)));

function sheet(split: SplitName, part: string, out: string): void {
  const [i, n] = part.split('/').map(Number);
  // The split's texts of bench/ai/corpus (train-extra's, labelled with the conventions of their day, are left out).
  const placed = new Set<string>(JSON.parse(readFileSync(join(CORPUS, 'split.json'), 'utf8'))[split]);
  const texts = corpusSplits()
    [SPLITS.indexOf(split)].items.filter((t) => placed.has(t.id) && t.tasks.length > 0)
    .filter((t, k) => k % n === i - 1);
  const rows: SheetText[] = texts.map(({ tasks, team, ...text }) => ({
    ...text,
    split,
    team: (team ?? []).map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}` })),
    tasks: tasks.map((t, task) => ({ task, title: t.title, evidence: t.evidence, dueDate: '?' })),
  }));
  writeFileSync(out, JSON.stringify(rows, null, 1) + '\n');
  console.log(`${rows.length} texts, ${rows.reduce((a, r) => a + r.tasks.length, 0)} tasks -> ${out}`);
}

function compare(prefix: string, files: string[]): void {
  const labels = byId();
  const tally = new Map<SplitName, { agree: number; all: number; open: unknown[] }>();
  for (const row of files.flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as SheetText[])) {
    const first = labels.get(row.id);
    if (!first) throw new Error(`${row.id} is in no split`);
    const t = tally.get(first.split) ?? { agree: 0, all: 0, open: [] };
    tally.set(first.split, t);
    for (const task of row.tasks) {
      if (task.dueDate === '?') throw new Error(`${row.id} task ${task.task} is not labelled`);
      t.all += 1;
      const a = first.tasks[task.task].dueDate;
      if (a === task.dueDate) t.agree += 1;
      else
        t.open.push({
          ...row,
          task: task.task,
          title: task.title,
          evidence: task.evidence,
          dates: [a, task.dueDate].sort(),
        });
    }
  }
  for (const [split, t] of tally) {
    console.log(`${split}: due dates agreed ${t.agree}/${t.all} (${((100 * t.agree) / t.all).toFixed(1)}%)`);
    writeFileSync(`${prefix}-${split}.json`, JSON.stringify(t.open, null, 1) + '\n');
  }
}

/** JSON as the corpus files write an item: one line, a space after every `:` and `,` outside strings. */
function itemLine(item: LabelledText): string {
  let out = '';
  let [inString, escaped] = [false, false];
  for (const c of JSON.stringify(item)) {
    out += c;
    if (inString) [inString, escaped] = [escaped || c !== '"', !escaped && c === '\\'];
    else if (c === '"') inString = true;
    else if (c === ':' || c === ',') out += ' ';
  }
  return out;
}

/** The priority the conventions give a task by its date alone (docs/ai.md, "Labelling conventions": Priority). */
function priorityOfDate(item: LabelledText, dueDate: string | null): Priority {
  if (!dueDate) return 'medium';
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: item.timezone }).format(new Date(item.reference));
  const days = (Date.parse(dueDate) - Date.parse(today)) / 86_400_000;
  return days <= 1 ? 'high' : days <= 14 ? 'medium' : 'low';
}

/**
 * Writes the decisions a convention settles (`basis: "convention"`; where the conventions are silent the first
 * label stays). A priority that the old date gave (no urgency or low word set it) follows the new date.
 */
function apply(files: string[]): void {
  const decisions = files
    .flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as Decision[])
    .filter((d) => d.basis === 'convention');
  const want = new Map(decisions.map((d) => [`${d.id}#${d.task}`, d.dueDate]));
  for (const name of readdirSync(CORPUS).filter((f) => f.endsWith('.json') && f !== 'split.json')) {
    const path = join(CORPUS, name);
    const lines = readFileSync(path, 'utf8').split('\n');
    const edited = lines.map((line) => {
      const body = line.trim().replace(/,$/, '');
      if (!body.startsWith('{"id"') || !body.includes('"tasks"')) return line;
      const item = JSON.parse(body) as LabelledText;
      if (itemLine(item) !== body) throw new Error(`${item.id}: its line is not in the corpus's format`);
      item.tasks.forEach((task, k) => {
        const date = want.get(`${item.id}#${k}`);
        if (date === undefined) return;
        if (task.priority === priorityOfDate(item, task.dueDate)) task.priority = priorityOfDate(item, date);
        task.dueDate = date;
        want.delete(`${item.id}#${k}`);
      });
      return line.replace(body, itemLine(item));
    });
    writeFileSync(path, edited.join('\n'));
  }
  if (want.size) throw new Error(`no such tasks: ${[...want.keys()].join(', ')}`);
  console.log(`${decisions.length} decisions applied`);
}

const [cmd, ...args] = process.argv.slice(2);
if (cmd === 'sheet') sheet(args[0] as SplitName, args[1], args[2]);
else if (cmd === 'compare') compare(args[0], args.slice(1));
else if (cmd === 'apply') apply(args);
else
  throw new Error(
    'usage: second-pass sheet <split> <i>/<n> <out> | compare <prefix> <sheet>... | apply <decisions>...',
  );
