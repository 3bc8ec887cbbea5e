import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
}

const DIR = join(process.cwd(), 'bench', 'ai');

export function loadSet(path: string): LabelledSet {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as { split?: string; team?: TeamMember[]; items: LabelledText[] };
  const team = raw.team ?? (JSON.parse(readFileSync(join(DIR, 'team.json'), 'utf8')) as { team: TeamMember[] }).team;
  return { name: raw.split ?? path, team, items: raw.items };
}

/** The sets to measure: AI_BENCH_SETS (comma-separated paths), else the dev and held-out sets. */
export function benchSets(): LabelledSet[] {
  const paths = process.env.AI_BENCH_SETS?.split(',').filter(Boolean) ?? [
    join(DIR, 'dev-set.json'),
    join(DIR, 'heldout-set.json'),
  ];
  return paths.map(loadSet);
}

export function contextOf(item: LabelledText, team: TeamMember[]): TaskContext {
  return {
    organizationId: 'bench',
    referenceInstant: item.reference,
    timezone: item.timezone,
    team,
    defaultOwnerId: item.defaultOwnerId,
    contactName: item.contactName ?? null,
    companyName: item.companyName ?? null,
    kind: item.kind,
  };
}
