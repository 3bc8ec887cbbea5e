/**
 * Resuming the SSE stream (docs/events.md, "Resuming: Last-Event-ID"): a client that reconnects with the id of the
 * last event it got is replayed exactly what it missed, in order, under the live rules and tenancy; one that cannot
 * be replayed is told to refetch (`event: reset`).
 */
import { createTestApp, Registered, TestApp } from './support/test-app';
import { sessionCookie, until } from './support/live-client';
import { openSse, SseEvent, SseReader } from './support/sse-reader';
import { pruneLiveMessages } from '../src/modules/live/live.services';

let t: TestApp;
let base: string;
let org: Registered;
let member: Registered;
let other: Registered;
let cookie: string;
const open: SseReader[] = [];

beforeAll(async () => {
  t = await createTestApp({ LIVE_REPLAY_LIMIT: '30', LIVE_REPLAY_WINDOW_MINUTES: '5', LIVE_HEARTBEAT_MS: '200' });
  base = await t.serve();
  org = await t.registerOrg('Resume');
  member = await t.addMember(org.organizationId, 'user');
  other = await t.registerOrg('Resume elsewhere');
  cookie = await sessionCookie(t, member);
});
afterEach(async () => {
  for (const s of open.splice(0)) s.close();
  await until(() => t.deps.services.liveHub.subscribers === 0, 'every subscriber gone');
});
afterAll(() => t.close());

const stream = async (query: string, headers: Record<string, string> = {}) => {
  const s = await openSse(`${base}/api/events/stream?topics=tasks,notifications${query}`, { cookie, ...headers });
  open.push(s);
  expect(s.status).toBe(200);
  await until(() => t.deps.services.liveHub.subscribers >= 2, 'the stream subscribed');
  return s;
};
const task = async (title: string, by = org, assigneeId = member.userId) =>
  expect((await by.agent.post('/api/tasks').send({ title, assigneeId })).status).toBe(201);
const titled = (title: string) => (e: SseEvent) => e.event === 'tasks' && (e.data ?? '').includes(`"${title}"`);
const titles = (events: SseEvent[]) =>
  events.filter((e) => e.event === 'tasks').map((e) => JSON.parse(e.data!).title as string);

it('a stream resumed with Last-Event-ID gets exactly the events it missed, in order, and none of another organization', async () => {
  const first = await stream('');
  await task('Before');
  const both = () => first.events.some(titled('Before')) && first.events.some((e) => e.event === 'notifications');
  await first.until(both, 'the first task and its notification');
  const lastId = first.events[first.events.length - 1].id!;
  first.close();
  await until(() => t.deps.services.liveHub.subscribers === 0, 'the first stream gone');

  await task('Missed one');
  await task('For the admin', org, org.userId); // in the organization, not the member's
  await task('Theirs', other, other.userId); // another organization's
  await task('Missed two');

  const again = await stream('', { 'last-event-id': lastId });
  await task('After');
  await again.until(titled('After'), 'the live task after the replay');
  expect(titles(again.events)).toEqual(['Missed one', 'Missed two', 'After']);
  const notes = () => again.events.filter((e) => e.event === 'notifications');
  await again.until((e) => e.event === 'notifications' && e.data!.includes('After'), "the last task's notification");
  expect(notes().map((e) => JSON.parse(e.data!).kind)).toEqual(['task.assigned', 'task.assigned', 'task.assigned']);
  const ids = again.events.map((e) => Number(e.id));
  expect(ids).toEqual([...ids].sort((a, b) => a - b)); // each event's id at least its predecessor's
  expect(ids.every((id) => id > Number(lastId))).toBe(true);
  expect(again.events.some((e) => (e.data ?? '').includes('Theirs') || (e.data ?? '').includes('For the admin'))).toBe(
    false,
  );

  // ?lastEventId= for clients that cannot set headers: the latest id, nothing to replay
  const latest = again.events[again.events.length - 1].id!;
  again.close();
  await until(() => t.deps.services.liveHub.subscribers === 0, 'the second stream gone');
  const third = await stream(`&lastEventId=${latest}`);
  await task('Third');
  await third.until(titled('Third'), 'the live task');
  expect(titles(third.events)).toEqual(['Third']);
});

it('an id it cannot replay is told to refetch: unknown (another organization), too old, too many since', async () => {
  const [theirs] = await t.sql<{ seq: string }>(`select crm_live_publish($1, 'noise', '{}'::jsonb) as seq`, [
    other.organizationId,
  ]);
  const foreign = await stream('', { 'last-event-id': String(theirs.seq) });
  expect((await foreign.until((e) => e.event === 'reset', 'the reset')).data).toMatch(/"reason":"unknown"/);
  foreign.close();

  const [mine] = await t.sql<{ seq: string }>(`select crm_live_publish($1, 'noise', '{}'::jsonb) as seq`, [
    org.organizationId,
  ]);
  await t.sql(`select crm_live_publish($1, 'noise', '{}'::jsonb) from generate_series(1, 31)`, [org.organizationId]);
  const many = await stream('', { 'last-event-id': String(mine.seq) });
  expect((await many.until((e) => e.event === 'reset', 'the reset')).data).toMatch(/"reason":"too-many"/);
  many.close();

  const [old] = await t.sql<{ seq: string }>(`select crm_live_publish($1, 'noise', '{}'::jsonb) as seq`, [
    org.organizationId,
  ]);
  await t.sql(`update live_messages set created_at = now() - interval '6 minutes' where seq = $1`, [old.seq]);
  const stale = await stream('', { 'last-event-id': String(old.seq) });
  expect((await stale.until((e) => e.event === 'reset', 'the reset')).data).toMatch(/"reason":"too-old"/);
  // and it streams on
  await task('Still live');
  await stale.until(titled('Still live'), 'the live task after the reset');

  const bad = await fetch(`${base}/api/events/stream?lastEventId=abc`, { headers: { cookie } });
  expect(bad.status).toBe(400);
});

it('the kept messages past the window are pruned (the live-messages-prune schedule)', async () => {
  const [kept] = await t.sql<{ seq: string }>(`select crm_live_publish($1, 'noise', '{}'::jsonb) as seq`, [
    org.organizationId,
  ]);
  const [old] = await t.sql<{ seq: string }>(`select crm_live_publish($1, 'noise', '{}'::jsonb) as seq`, [
    org.organizationId,
  ]);
  await t.sql(`update live_messages set created_at = now() - interval '6 minutes' where seq = $1`, [old.seq]);
  expect(await pruneLiveMessages(t.orm, t.deps.config)).toBeGreaterThanOrEqual(1);
  const left = await t.sql<{ seq: string }>(`select seq from live_messages where seq in ($1, $2)`, [kept.seq, old.seq]);
  expect(left.map((r) => r.seq)).toEqual([kept.seq]);
});
