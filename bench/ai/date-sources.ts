import type { ExtractedTask, TaskContext } from '../../src/ai';
import { LocalMoment, localMoment } from '../../src/ai/local/calendar';
import { dateMentions, EVENT_DATE, NOT_DEADLINE } from '../../src/ai/local/due-date';
import { frameText } from '../../src/ai/local/frame';
import { normalizeText } from '../../src/ai/local/normalize';
import { TeamDirectory } from '../../src/ai/local/team';
import { onFirstUse } from '../../src/lib/on-first-use';

/**
 * Where a matched task's due date was, or came from, when it is wrong (docs/ai.md, "Measured quality"): for a
 * date labelled and none predicted, the nearest place a date expression stood (the task's clause, its sentence,
 * the sentence before, the one after (each: read as a due date, or only as a period's or an event's), elsewhere in the text, a phrase only chrono-node reads that the rules drop, none
 * at all), and whether a date there is the labelled day; for a date predicted where none was labelled, where the
 * phrase that gave it stands. Counts only, so test's may be printed.
 */
export const MISSED_SOURCES = [
  'clause: a due date',
  "clause: a period's",
  "clause: an event's",
  'sentence: a due date',
  'sentence: period/event',
  'before: a due date',
  'before: period/event',
  'after: a due date',
  'after: period/event',
  'elsewhere in text',
  'dropped by the rules',
  'no date expression',
] as const;
export type MissedSource = (typeof MISSED_SOURCES)[number];

export const EXTRA_SOURCES = [
  'deadline in clause',
  'bare date in clause',
  'sentence, other clause',
  'another sentence',
] as const;
export type ExtraSource = (typeof EXTRA_SOURCES)[number];

const chrono = onFirstUse('chrono-node');

interface Reading {
  sentences: string[];
  index: number;
  days: (text: string) => string[];
  ref: LocalMoment;
}

function readingOf(text: string, context: TaskContext, task: ExtractedTask): Reading {
  const normalized = normalizeText(text);
  const frame = frameText(normalized, context, new TeamDirectory(context.team));
  const ref = localMoment(context.referenceInstant, context.timezone);
  const sentences = frame.sentences.map((s) => s.text);
  // The date phrases of a text, read as the rules read them but with events and periods kept.
  const days = (t: string) => dateMentions(t, ref, true).map((m) => m.day);
  return { sentences, index: sentences.indexOf(task.source), days, ref };
}

/** The nearest place a date expression stands for a task labelled with `labelled` and predicted with none. */
export function missedDateSource(
  text: string,
  context: TaskContext,
  task: ExtractedTask,
  labelled: string,
): { source: MissedSource; labelledDay: boolean } {
  const { sentences, index, days, ref } = readingOf(text, context, task);
  const sentence = task.source.replace(task.clause, ' ');
  // Said in the task's own words: read as a due date (the pipeline lost it), or as a period's or an event's day.
  for (const [where, part] of [
    ['clause', task.clause],
    ['sentence', sentence],
  ] as const) {
    const found = days(part);
    if (!found.length) continue;
    const labelledDay = found.includes(labelled);
    if (dateMentions(part, ref).length) return { source: `${where}: a due date`, labelledDay };
    if (where === 'sentence') return { source: 'sentence: period/event', labelledDay };
    const event = chrono()
      .casual.parse(part, new Date(context.referenceInstant))
      .some((r) => {
        const before = part.slice(0, r.index) + (/^(?:on|for)\s+/i.exec(r.text)?.[0] ?? '');
        return EVENT_DATE.test(before) && !NOT_DEADLINE.test(before);
      });
    return { source: event ? "clause: an event's" : "clause: a period's", labelledDay };
  }
  // The sentence before, then the one after: a date there the rules read as a due date, or only as an event's.
  for (const [where, neighbour] of [
    ['before', sentences[index - 1]],
    ['after', sentences[index + 1]],
  ] as const) {
    const found = index >= 0 && neighbour ? days(neighbour) : [];
    if (!found.length) continue;
    const labelledDay = found.includes(labelled);
    const due = dateMentions(neighbour, ref).length > 0;
    return { source: `${where}: ${due ? 'a due date' : 'period/event'}`, labelledDay };
  }
  const elsewhere = sentences.filter((_, i) => i < index - 1 || i > index + 1);
  const places: [MissedSource, string[]][] = [['elsewhere in text', index < 0 ? sentences : elsewhere]];
  for (const [source, texts] of places) {
    const found = texts.flatMap(days);
    if (found.length) return { source, labelledDay: found.includes(labelled) };
  }
  const anyChrono = chrono().casual.parse(normalizeText(text), new Date(context.referenceInstant)).length > 0;
  return { source: anyChrono ? 'dropped by the rules' : 'no date expression', labelledDay: false };
}

const DEADLINE_BEFORE =
  /\b(?:by|before|until|till|due|no\s+later\s+than|prior\s+to|ahead\s+of|latest)\s+(?:the\s+)?(?:end\s+of\s+)?$/i;

/** Where the phrase that gave a predicted date stands, for a task labelled with none. */
export function extraDateSource(task: ExtractedTask): ExtraSource {
  const phrase = /due \d{4}-\d{2}-\d{2} from "([^"]*)"/.exec(task.explanation)?.[1] ?? '';
  const lower = (s: string) => s.toLowerCase();
  const at = phrase ? lower(task.clause).indexOf(lower(phrase)) : -1;
  if (at >= 0)
    return DEADLINE_BEFORE.test(task.clause.slice(0, at)) || /^(?:by|before|due)\b/i.test(phrase)
      ? 'deadline in clause'
      : 'bare date in clause';
  return phrase && lower(task.source).includes(lower(phrase)) ? 'sentence, other clause' : 'another sentence';
}

/** What the phrase is that gave a date predicted where none was labelled, and whether it stands before its action. */
export const EXTRA_PHRASES = [
  'today, now, tonight',
  'tomorrow',
  'a weekday',
  'a day of the month',
  'a time of day',
  'other phrase',
  'before the action',
  'after the action',
] as const;
export type ExtraPhrase = (typeof EXTRA_PHRASES)[number];

export function extraDatePhrase(task: ExtractedTask): [ExtraPhrase, ExtraPhrase] {
  const phrase = (/due \d{4}-\d{2}-\d{2} from "([^"]*)"/.exec(task.explanation)?.[1] ?? '').toLowerCase();
  const kind: ExtraPhrase = /\b(?:today|now|tonight|asap|eod|this\s+(?:morning|afternoon|evening))\b/.test(phrase)
    ? 'today, now, tonight'
    : /\btomorrow\b/.test(phrase)
      ? 'tomorrow'
      : /\b(?:mon|tue|wed|thu|fri|sat|sun)/.test(phrase)
        ? 'a weekday'
        : /\d{1,2}(?:st|nd|rd|th)\b|\d{1,2}\/\d{1,2}|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d/.test(
              phrase,
            )
          ? 'a day of the month'
          : /\d|\b(?:noon|morning|afternoon|evening|first\s+thing)\b/.test(phrase)
            ? 'a time of day'
            : 'other phrase';
  const words = (/action cue "([^"]*)"/.exec(task.explanation)?.[1] ?? '').toLowerCase().split(/\s+/)[0] ?? '';
  const source = task.source.toLowerCase();
  const [atAction, atPhrase] = [words ? source.indexOf(words) : -1, phrase ? source.indexOf(phrase) : -1];
  return [kind, atPhrase >= 0 && atAction >= 0 && atPhrase < atAction ? 'before the action' : 'after the action'];
}
