/**
 * Team reports (docs/analytics.md, part 5), organization in UTC; range October, previous 08-31..09-30.
 *   T1 admin: created 10-02, due 10-05, completed 10-04 (on time)    T2 admin: created 10-03, due 10-06, completed 10-08 (late)
 *   T3 mate:  created 10-10, due 10-20, open (overdue on 10-31)      T4 mate:  created 09-10, due 09-20, completed 10-01 (overdue on 09-30)
 *   T5 admin: created 09-12, no due date, completed 09-15
 */
import { randomUUID } from 'node:crypto';
import { TENANT_FILTER } from '../src/db/tenant-filter';
import { ActivityReports } from '../src/modules/analytics/team/activity.report';
import { scopeOf } from '../src/modules/analytics/shared/report-sql';
import { TaskSource } from '../src/modules/sales/tasks/task.entity';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { get, post } from './support/analytics';

let t: TestApp;
let org: Registered;
let mate: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Team');
  mate = await t.addMember(org.organizationId, 'user');
  const task = async (assigneeId: string, created: string, due: string | null, completed: string | null) => {
    const tk = await post(org.agent, '/api/tasks', {
      title: `Task ${created}`,
      assigneeId,
      ...(due ? { dueDate: due } : {}),
    });
    if (completed) await post(org.agent, `/api/tasks/${tk.id}/complete`);
    await t.sql('update tasks set created_at = $1::timestamptz, completed_at = $2::timestamptz where id = $3', [
      `${created}T10:00:00Z`,
      completed ? `${completed}T10:00:00Z` : null,
      tk.id,
    ]);
  };
  await task(org.userId, '2026-10-02', '2026-10-05', '2026-10-04');
  await task(org.userId, '2026-10-03', '2026-10-06', '2026-10-08');
  await task(mate.userId, '2026-10-10', '2026-10-20', null);
  await task(mate.userId, '2026-09-10', '2026-09-20', '2026-10-01');
  await task(org.userId, '2026-09-12', null, '2026-09-15');
});
afterAll(() => t.close());

it('tasks by assignee: created, completed (on time) and overdue, with the previous period', async () => {
  const body = await get(org.agent, '/api/analytics/tasks?startDate=2026-10-01&endDate=2026-10-31');
  expect(body.rows).toEqual([
    { userId: org.userId, name: 'Ada Admin', created: 2, completed: 2, completedOnTime: 1, overdue: 0 },
    { userId: mate.userId, name: 'Mem Ber', created: 1, completed: 1, completedOnTime: 0, overdue: 1 },
  ]);
  expect(body.totals).toEqual({
    created: { current: 3, previous: 2, change: 1, changePercent: 50 },
    completed: { current: 3, previous: 1, change: 2, changePercent: 200 },
    overdue: { current: 1, previous: 1, change: 0, changePercent: 0 },
  });
});

it('AI task acceptance from the event log: completed, open and deleted AI tasks by source', async () => {
  const ai = async (source: TaskSource, then: 'complete' | 'delete' | 'open', day: string) => {
    const em = t.orm.em.fork();
    const tk = await em.transactional(async (tx) =>
      t.deps.services.tasks.createInTransaction(tx, org.organizationId, {
        title: `AI ${source}`,
        source,
        isAiGenerated: true,
      }),
    );
    if (then === 'complete') await post(org.agent, `/api/tasks/${tk.id}/complete`);
    if (then === 'delete') expect((await org.agent.delete(`/api/tasks/${tk.id}`)).status).toBe(200);
    await t.sql(
      `update outbox_events set created_at = $1::timestamptz where event = 'task.created' and payload->'data'->>'id' = $2`,
      [`${day}T10:00:00Z`, tk.id],
    );
  };
  await ai(TaskSource.voice_memo, 'complete', '2026-10-02');
  await ai(TaskSource.voice_memo, 'complete', '2026-10-03');
  await ai(TaskSource.voice_memo, 'delete', '2026-10-04');
  await ai(TaskSource.email, 'open', '2026-10-05');
  await ai(TaskSource.email, 'delete', '2026-10-06');
  await ai(TaskSource.call, 'delete', '2026-09-20'); // previous range
  const body = await get(org.agent, '/api/analytics/tasks/ai-acceptance?startDate=2026-10-01&endDate=2026-10-31');
  expect(body.rows).toEqual([
    { source: 'voice_memo', generated: 3, completed: 2, open: 0, deleted: 1, acceptanceRate: 66.7 },
    { source: 'email', generated: 2, completed: 0, open: 1, deleted: 1, acceptanceRate: 0 },
  ]);
  expect(body.totals).toEqual({
    source: 'All sources',
    generated: 5,
    completed: 2,
    open: 1,
    deleted: 2,
    acceptanceRate: 50,
  });
  expect(body.previousAcceptanceRate).toBe(0);
});

it('the activities report (a seam until the activities table exists) counts by user, type and direction, in the organization only', async () => {
  await t.sql(`create table activities (id uuid primary key, organization_id uuid not null, contact_id uuid, type text not null, direction text not null,
    occurred_at timestamptz not null, source text, author_id uuid)`);
  const other = await t.registerOrg('Other');
  const add = (orgId: string, author: string | null, type: string, direction: string, at: string) =>
    t.sql(
      'insert into activities (id, organization_id, type, direction, occurred_at, source, author_id) values ($1, $2, $3, $4, $5::timestamptz, $6, $7)',
      [randomUUID(), orgId, type, direction, at, 'user', author],
    );
  await add(org.organizationId, org.userId, 'call', 'outbound', '2026-10-02T10:00:00Z');
  await add(org.organizationId, org.userId, 'call', 'outbound', '2026-10-03T10:00:00Z');
  await add(org.organizationId, org.userId, 'call', 'outbound', '2026-09-03T10:00:00Z');
  await add(org.organizationId, mate.userId, 'email', 'inbound', '2026-10-04T10:00:00Z');
  await add(other.organizationId, other.userId, 'call', 'outbound', '2026-10-02T10:00:00Z');
  const em = t.orm.em.fork();
  em.setFilterParams(TENANT_FILTER, { organizationId: org.organizationId });
  const scope = await scopeOf(em, {
    userId: org.userId,
    organizationId: org.organizationId,
    role: 'admin' as never,
    email: org.email,
  });
  const body = await new ActivityReports().byTypeDirectionUser(scope, {
    startDate: '2026-10-01',
    endDate: '2026-10-31',
  });
  expect(body.rows).toEqual([
    { userId: org.userId, name: 'Ada Admin', type: 'call', direction: 'outbound', count: 2, previousCount: 1 },
    { userId: mate.userId, name: 'Mem Ber', type: 'email', direction: 'inbound', count: 1, previousCount: 0 },
  ]);
});
