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
