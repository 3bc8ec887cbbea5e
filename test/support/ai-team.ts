import { extractTasks } from '../../src/ai';
import type { TaskContext, TeamMember } from '../../src/ai';

/** A small team and a task context for the AI unit tests (no database). */
export const TEAM: TeamMember[] = [
  { id: 'u-maria', firstName: 'Maria', lastName: 'Lopez', email: 'maria@example.test' },
  { id: 'u-tom', firstName: 'Tom', lastName: 'Becker', email: 'tom@example.test' },
  { id: 'u-jake', firstName: 'Jake', lastName: 'Wilson', email: 'jake@example.test' },
  { id: 'u-priya', firstName: 'Priya', lastName: 'Shah', email: 'priya@example.test' },
];

/** Monday 2026-11-23, 09:00 in Chicago. */
export function taskContext(overrides: Partial<TaskContext> = {}): TaskContext {
  return {
    organizationId: 'org-1',
    referenceInstant: '2026-11-23T15:00:00Z',
    timezone: 'America/Chicago',
    team: TEAM,
    defaultOwnerId: 'u-tom',
    ...overrides,
  };
}

/**
 * The cases of a spec's table, one a line: "kind | what it shows | text ("\\n" a line break) | what is read from it".
 */
export function tableCases(table: string): Array<{ kind: string; name: string; text: string; expected: string }> {
  return table
    .trim()
    .split('\n')
    .map((line) => line.split(' | '))
    .map(([kind, name, text, expected]) => ({ kind, name, text: text.replace(/\\n/g, '\n'), expected }));
}

/** A spec table's kind of text ("memo", "notes", "note", "email", "call", "sms"); a customer's kinds name Nora Quinn. */
export function kindContext(kind: string): TaskContext {
  const kinds: Record<string, TaskContext['kind']> = {
    memo: 'voice_memo',
    notes: 'meeting_notes',
    note: 'note',
    email: 'email',
    call: 'call_transcript',
    sms: 'sms',
  };
  const customer = ['email', 'call', 'sms'].includes(kind)
    ? { contactName: 'Nora Quinn', companyName: 'Quinn Homes' }
    : {};
  return taskContext({ kind: kinds[kind], ...customer });
}

/** The due dates of the tasks read from a text of a spec table's kind, in order ("-" for an undated task). */
export const duesOf = (kind: string, text: string) =>
  extractTasks(text, kindContext(kind))
    .map((t) => t.dueDate ?? '-')
    .join(', ');

/** A date rule's table, whose cases change, and the table of cases that must stay as they are: each case's due dates. */
export function describeDates(title: string, changed: string, kept: string): void {
  describe(title, () => {
    it.each(tableCases(changed))('$name', ({ kind, text, expected }) => {
      expect(duesOf(kind, text)).toBe(expected);
    });
    it.each(tableCases(kept))('keeps: $name', ({ kind, text, expected }) => {
      expect(duesOf(kind, text)).toBe(expected);
    });
  });
}
