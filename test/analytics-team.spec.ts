/**
 * Team reports (docs/analytics.md, part 5), organization in UTC; range October, previous 08-31..09-30.
 *   T1 admin: created 10-02, due 10-05, completed 10-04 (on time)    T2 admin: created 10-03, due 10-06, completed 10-08 (late)
 *   T3 mate:  created 10-10, due 10-20, open (overdue on 10-31)      T4 mate:  created 09-10, due 09-20, completed 10-01 (overdue on 09-30)
 *   T5 admin: created 09-12, no due date, completed 09-15
 */
import { randomUUID } from 'node:crypto';
import { TaskSource } from '../src/modules/sales/tasks/task.entity';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { get, post, setTimezone } from './support/analytics';
import { newContact } from './support/crm';

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

describe('the activities report (GET /api/analytics/activities, activityReport)', () => {
  /**
   * Organization "Calls" in America/Chicago (UTC-5 in October, UTC-5 on 09-30 too); range October, previous
   * 08-31..09-30. Admin: call out 10-02, 10-31 23:30 local (= 11-01 04:30 UTC: still October), 09-30 23:30 local
   * (= 10-01 04:30 UTC: September); mate: email in 10-04. Another organization's call on 10-02 never counts.
   */
  let calls: Registered;
  let member: Registered;
  const OCT = 'startDate=2026-10-01&endDate=2026-10-31';
  beforeAll(async () => {
    calls = await t.registerOrg('Calls');
    member = await t.addMember(calls.organizationId, 'user');
    const other = await t.registerOrg('Other');
    await setTimezone(calls.agent, 'America/Chicago');
    const contactOf = new Map<string, string>();
    for (const o of [calls, other]) contactOf.set(o.organizationId, (await newContact(o.agent)).id);
    const add = (o: Registered, author: string | null, type: string, direction: string, at: string) =>
      t.sql(
        `insert into activities (id, organization_id, contact_id, type, direction, occurred_at, source, author_id, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6::timestamptz, $7, $8, now(), now())`,
        [randomUUID(), o.organizationId, contactOf.get(o.organizationId), type, direction, at, 'user', author],
      );
    await add(calls, calls.userId, 'call', 'outbound', '2026-10-02T15:00:00Z');
    await add(calls, calls.userId, 'call', 'outbound', '2026-10-31T23:30:00-05:00');
    await add(calls, calls.userId, 'call', 'outbound', '2026-09-30T23:30:00-05:00');
    await add(calls, member.userId, 'email', 'inbound', '2026-10-04T15:00:00Z');
    await add(other, other.userId, 'call', 'outbound', '2026-10-02T15:00:00Z');
  });

  const expectedRows = () => [
    { userId: calls.userId, name: 'Ada Admin', type: 'call', direction: 'outbound', count: 2, previousCount: 1 },
    { userId: member.userId, name: 'Mem Ber', type: 'email', direction: 'inbound', count: 1, previousCount: 0 },
  ];

  it('counts by author, type and direction on local days, in the organization only, with the previous period', async () => {
    const body = await get(calls.agent, `/api/analytics/activities?${OCT}`);
    expect(body.range).toMatchObject({ startDate: '2026-10-01', endDate: '2026-10-31', timezone: 'America/Chicago' });
    expect(body.rows).toEqual(expectedRows());
    expect(body.total).toEqual({ current: 3, previous: 1, change: 2, changePercent: 200 });
  });

  it('GraphQL answers the same report', async () => {
    const res = await t.gql(
      calls.agent,
      `{ activityReport(startDate: "2026-10-01", endDate: "2026-10-31") {
           rows { userId name type direction count previousCount } total { current previous } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ activityReport: { rows: expectedRows(), total: { current: 3, previous: 1 } } });
  });

  it('downloads as CSV and renders as an SVG chart', async () => {
    const csv = await calls.agent.get(`/api/analytics/activities?${OCT}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text.trim().split(/\r?\n/)).toEqual([
      'userId,name,type,direction,count,previousCount',
      `${calls.userId},Ada Admin,call,outbound,2,1`,
      `${member.userId},Mem Ber,email,inbound,1,0`,
    ]);
    const svg = await calls.agent.get(`/api/analytics/activities?${OCT}&format=svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const chart = svg.body instanceof Buffer ? svg.body.toString('utf8') : svg.text;
    expect(chart.startsWith('<svg')).toBe(true);
    expect(chart).toContain('Activities by user');
    expect(chart).toContain('Mem Ber');
  });

  it('is a figure of the dashboard', async () => {
    const body = await get(calls.agent, `/api/analytics/dashboard?${OCT}`);
    expect(body.figures.find((f: { key: string }) => f.key === 'activities')).toMatchObject({
      label: 'Activities logged',
      unit: 'count',
      current: '3',
      previous: '1',
    });
  });
});
