import type { ExtractedTask, Priority, SentimentLabel, TaskContext } from '../types';

/**
 * The model's JSON, checked before use: a wrong type, a missing field, an unknown label or an impossible
 * date throws MalformedOutput (the call is retried, then the local provider answers). An owner id that
 * is not a team member's becomes the default owner: the model may not invent users.
 */
export class MalformedOutput extends Error {
  override readonly name = 'MalformedOutput';
}

const PRIORITIES: Priority[] = ['low', 'medium', 'high'];
const LABELS: SentimentLabel[] = ['positive', 'neutral', 'negative'];
const MAX_TASKS = 50;

function object(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new MalformedOutput(`${what} is not an object`);
  return value as Record<string, unknown>;
}

function text(value: unknown, what: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '') throw new MalformedOutput(`${what} is not a non-empty string`);
  return value.trim().slice(0, max);
}

function day(value: unknown, what: string): string | null {
  if (value === null) return null;
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value))
    throw new MalformedOutput(`${what} is not YYYY-MM-DD or null`);
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value)
    throw new MalformedOutput(`${what} is not a real date`);
  return value;
}

const tryJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The JSON of an answer: a code fence, a reasoning model's <think> block and prose around one object are
 * dropped (a server in plain mode answers in free text).
 */
export function parseJson(content: string | null | undefined): unknown {
  if (!content) throw new MalformedOutput('empty answer');
  const text = content
    .replace(/<think>[\s\S]*?<\/think>/g, '')
    .replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, '')
    .trim();
  const whole = tryJson(text);
  if (whole !== undefined) return whole;
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  const inner = start >= 0 && end > start ? tryJson(text.slice(start, end + 1)) : undefined;
  if (inner === undefined) throw new MalformedOutput('answer is not JSON');
  return inner;
}

export function validateTasks(value: unknown, context: TaskContext): ExtractedTask[] {
  const tasks = object(value, 'answer').tasks;
  if (!Array.isArray(tasks)) throw new MalformedOutput('tasks is not an array');
  const members = new Set(context.team.map((m) => m.id));
  return tasks.slice(0, MAX_TASKS).map((raw, i) => {
    const t = object(raw, `tasks[${i}]`);
    if (!PRIORITIES.includes(t.priority as Priority))
      throw new MalformedOutput(`tasks[${i}].priority is not low, medium or high`);
    const ownerId = typeof t.ownerId === 'string' && members.has(t.ownerId) ? t.ownerId : context.defaultOwnerId;
    const source = text(t.source, `tasks[${i}].source`, 1000);
    return {
      title: text(t.title, `tasks[${i}].title`, 200),
      priority: t.priority as Priority,
      dueDate: day(t.dueDate, `tasks[${i}].dueDate`),
      ownerId,
      source,
      clause: source,
      explanation: typeof t.explanation === 'string' ? t.explanation.slice(0, 500) : '',
    };
  });
}

export function validateSentiment(value: unknown): { label: SentimentLabel; score: number } {
  const s = object(value, 'answer');
  if (!LABELS.includes(s.label as SentimentLabel))
    throw new MalformedOutput('label is not positive, neutral or negative');
  if (typeof s.score !== 'number' || !Number.isFinite(s.score) || s.score < -1 || s.score > 1)
    throw new MalformedOutput('score is not a number in -1..1');
  return { label: s.label as SentimentLabel, score: s.score };
}

export function validateSummary(value: unknown): string {
  return text(object(value, 'answer').summary, 'summary', 2000);
}
