/**
 * Live events (docs/events.md, "Live events"): GraphQL subscriptions over graphql-ws on /graphql, fed by the
 * crm_live channel, checked by the same rules and tenancy as HTTP; the SSE stream for REST callers; two
 * instances on one database.
 */
import request from 'supertest';
import WebSocket from 'ws';
import type { MikroORM } from '@mikro-orm/postgresql';
import { App, createApp } from '../src/app';
import { createServices, openAppDatabase } from '../src/composition';
import { publishLive } from '../src/live/publish';
import { withTenantAccess } from '../src/db/access';
import { createTestApp, Registered, serveApp, TestApp } from './support/test-app';
import { liveClient, LiveClient, sessionCookie, subscribe, until } from './support/live-client';
import { apiKey } from './support/accounts';

let t: TestApp;
let base: string;
let org: Registered;
let member: Registered;
let other: Registered;
const clients: LiveClient[] = [];

const cookieOf = (r: Registered) => sessionCookie(t, r);
const connect = (auth: { cookie?: string; authorization?: string }, url = base) => {
  const c = liveClient(url, auth);
  clients.push(c);
  return c;
};
const hubOf = (app: TestApp) => app.deps.services.liveHub;

beforeAll(async () => {
  t = await createTestApp({ LIVE_MAX_SUBSCRIPTIONS: '3', LIVE_HEARTBEAT_MS: '200', LIVE_INIT_TIMEOUT_MS: '500' });
  base = await t.serve();
  org = await t.registerOrg('Live');
  member = await t.addMember(org.organizationId, 'user');
  other = await t.registerOrg('Elsewhere');
});
// Every test starts with no subscriber: `until(subscribers >= n)` then counts its own.
afterEach(async () => {
  for (const c of clients.splice(0)) await c.client.dispose();
  await until(() => hubOf(t).subscribers === 0, 'every subscriber gone');
});
afterAll(() => t.close());

const TASK = 'subscription { assignedTaskChanged { id title assigneeId } }';
const NOTIFICATION = 'subscription { notificationAdded { id kind title link } }';

it('a member receives the task assigned to them and its notification; another organization receives neither', async () => {
  const mine = connect({ cookie: await cookieOf(member) }).client;
  const theirs = connect({ cookie: await cookieOf(other) }).client;
  const tasks = subscribe<{ assignedTaskChanged: { title: string; assigneeId: string } }>(mine, TASK);
  const notes = subscribe<{ notificationAdded: { kind: string; link: string } }>(mine, NOTIFICATION);
  const elsewhere = subscribe<{ assignedTaskChanged: { title: string } }>(theirs, TASK);
  await until(() => hubOf(t).subscribers >= 3, 'three subscribers');

  const created = await org.agent.post('/api/tasks').send({ title: 'Call the quarry', assigneeId: member.userId });
  expect(created.status).toBe(201);
  expect((await tasks.next()).data?.assignedTaskChanged).toMatchObject({
    title: 'Call the quarry',
    assigneeId: member.userId,
  });
  expect((await notes.next()).data?.notificationAdded).toMatchObject({
    kind: 'task.assigned',
    link: `/api/tasks/${created.body.id}`,
  });

  // The other organization's own later task arrives first on its socket: the earlier one never came.
  await other.agent.post('/api/tasks').send({ title: 'Their own', assigneeId: other.userId });
  // (its admin assigned it to themself: a task of theirs, and no notification)
  expect((await elsewhere.next()).data?.assignedTaskChanged.title).toBe('Their own');
  expect(elsewhere.received).toHaveLength(1);
});

it('a task assigned to someone else is not delivered to me', async () => {
  const mine = connect({ cookie: await cookieOf(member) }).client;
  const tasks = subscribe<{ assignedTaskChanged: { title: string } }>(mine, TASK);
  await until(() => hubOf(t).subscribers >= 1, 'a subscriber');
  await org.agent.post('/api/tasks').send({ title: 'For the admin', assigneeId: org.userId });
  await org.agent.post('/api/tasks').send({ title: 'For the member', assigneeId: member.userId });
  expect((await tasks.next()).data?.assignedTaskChanged.title).toBe('For the member');
  tasks.stop();
});

it("a contact's activities reach its timeline's subscribers; another organization's contact is not found", async () => {
  const contact = await org.agent.post('/api/leads').send({ leadName: 'Timeline Lead', email: 'tl@example.test' });
  expect(contact.status).toBe(201);
  const contactId = contact.body.contactId as string;
  const admin = connect({ cookie: await cookieOf(org) }).client;
  const timeline = subscribe<{ contactActivity: { subject: string; contactId: string } }>(
    admin,
    'subscription ($id: ID!) { contactActivity(contactId: $id) { subject contactId } }',
    { id: contactId },
  );
  const outsider = connect({ cookie: await cookieOf(other) }).client;
  const refused = subscribe(outsider, 'subscription ($id: ID!) { contactActivity(contactId: $id) { subject } }', {
    id: contactId,
  });
  expect((await refused.next()).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  await until(() => hubOf(t).subscribers >= 1, 'the timeline subscriber');
  const logged = await org.agent
    .post('/api/activities')
    .send({ contactId, type: 'call', direction: 'outbound', subject: 'Quoted a lift' });
  expect(logged.status).toBe(201);
  expect((await timeline.next()).data?.contactActivity).toEqual({ subject: 'Quoted a lift', contactId });
  timeline.stop();
});

it('a member without access is refused: admin-only events, no credentials, a dead API key', async () => {
  const mine = connect({ cookie: await cookieOf(member) }).client;
  const events = subscribe(mine, 'subscription { eventPublished { id event } }');
  expect((await events.next()).errors?.[0].extensions?.code).toBe('FORBIDDEN');

  const nobody = connect({});
  const tried = subscribe(nobody.client, TASK);
  await tried.ended;
  expect((await nobody.closed).code).toBe(4403);

  const badKey = connect({ authorization: 'Bearer crm_not-a-key' });
  expect((await badKey.closed).code).toBe(4403);
});

it('an admin receives the outbox events of the organization, with an API key in connectionParams', async () => {
  const { secret } = await apiKey(org.agent, 'admin');
  const admin = connect({ authorization: `Bearer ${secret}` }).client;
  const events = subscribe<{ eventPublished: { event: string; payload: { data: { id: string } } } }>(
    admin,
    'subscription { eventPublished(kinds: ["lead.created"]) { event payload } }',
  );
  await until(() => hubOf(t).subscribers >= 1, 'the events subscriber');
  await org.agent.post('/api/tasks').send({ title: 'Not a lead', assigneeId: org.userId }); // task.created: filtered out
  const lead = await org.agent.post('/api/leads').send({ leadName: 'Evented', email: 'ev@example.test' });
  const first = await events.next();
  expect(first.data?.eventPublished.event).toBe('lead.created');
  expect(first.data?.eventPublished.payload.data.id).toBe(lead.body.id);
  events.stop();
});

it('a background job publishes its progress to those who may read the job; another member gets its 404', async () => {
  const started = await org.agent
    .post('/api/customers/import?async=true&dryRun=true')
    .attach('file', Buffer.from('name,email\nLive job,live-job@example.test\n', 'utf8'), {
      filename: 'customers.csv',
      contentType: 'text/csv',
    });
  expect(started.status).toBe(202);
  const jobId = String(started.body.id);
  const refused = subscribe(
    connect({ cookie: await cookieOf(member) }).client,
    'subscription ($id: ID!) { jobProgress(id: $id) { id progress } }',
    { id: jobId },
  );
  expect((await refused.next()).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  const admin = connect({ cookie: await cookieOf(org) }).client;
  const progress = subscribe<{ jobProgress: { id: string; progress: { rowsRead: number } } }>(
    admin,
    'subscription ($id: ID!) { jobProgress(id: $id) { id progress } }',
    { id: jobId },
  );
  await until(() => hubOf(t).subscribers >= 1, 'the job subscriber');
  const em = t.orm.em.fork();
  await withTenantAccess(other.organizationId, () =>
    publishLive(em, { organizationId: other.organizationId, topic: `job:${jobId}`, data: { rowsRead: 1 } }),
  );
  await withTenantAccess(org.organizationId, () =>
    publishLive(em, { organizationId: org.organizationId, topic: `job:${jobId}`, data: { rowsRead: 500 } }),
  );
  let seen = (await progress.next()).data?.jobProgress;
  // the job's own progress messages (its worker runs in this app) may come first: wait for the one sent here
  while (seen?.progress.rowsRead !== 500) seen = (await progress.next()).data?.jobProgress;
  expect(seen).toEqual({ id: jobId, progress: { rowsRead: 500 } });
  expect(progress.received.some((r) => r.data?.jobProgress.progress.rowsRead === 1)).toBe(false);
  progress.stop();
});

it('logging out closes the socket of that session; a demoted admin and a revoked API key are closed too', async () => {
  const cookie = await cookieOf(member);
  const socket = connect({ cookie });
  subscribe(socket.client, TASK);
  await until(() => hubOf(t).subscribers >= 1, 'the subscriber');
  expect((await request(t.http).post('/api/auth/logout').set('Cookie', cookie)).status).toBeLessThan(300);
  expect((await socket.closed).code).toBe(4401);

  const admin = await t.addMember(org.organizationId, 'admin');
  const adminSocket = connect({ cookie: await cookieOf(admin) });
  subscribe(adminSocket.client, 'subscription { eventPublished { id } }');
  await until(() => hubOf(t).subscribers >= 1, 'the admin subscriber');
  await t.sql(`update users set role = 'user' where id = $1`, [admin.userId]);
  expect((await adminSocket.closed).code).toBe(4403);

  const key = await apiKey(org.agent, 'user');
  const keySocket = connect({ authorization: `Bearer ${key.secret}` });
  subscribe(keySocket.client, TASK);
  await until(() => hubOf(t).subscribers >= 1, 'the API key subscriber');
  expect((await org.agent.delete(`/api/api-keys/${key.id}`)).status).toBeLessThan(300);
  expect((await keySocket.closed).code).toBe(4401);
});

it('limits apply before any work: only subscriptions, the query limits, subscriptions per socket', async () => {
  const c = connect({ cookie: await cookieOf(org) }).client;
  const query = subscribe(c, '{ me { user { id } } }');
  expect((await query.next()).errors?.[0].extensions?.code).toBe('OPERATION_NOT_SUPPORTED');
  const deep = subscribe(
    c,
    `subscription { assignedTaskChanged { assignee { organization { users { organization { users { organization { users { organization { users { id } } } } } } } } } } }`,
  );
  expect((await deep.next()).errors?.[0].extensions?.code).toBe('QUERY_TOO_DEEP');
  const running = [1, 2, 3].map(() => subscribe(c, TASK));
  await until(() => hubOf(t).subscribers >= 3, 'three subscriptions');
  const fourth = subscribe(c, TASK);
  expect((await fourth.next()).errors?.[0].extensions?.code).toBe('QUERY_TOO_BROAD');
  for (const s of running) s.stop();

  const overHttp = await t.gql(org.agent, TASK);
  expect(overHttp.errors?.[0].extensions.code).toBe('OPERATION_NOT_SUPPORTED');
});

it('a socket that never says connection_init is closed (4408); a message over the size limit closes it (1009)', async () => {
  const closeOf = (socket: WebSocket) => new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const url = `${base.replace(/^http/, 'ws')}/graphql`;
  const silent = new WebSocket(url, 'graphql-transport-ws');
  expect(await closeOf(silent)).toBe(4408);

  const loud = new WebSocket(url, 'graphql-transport-ws');
  await new Promise((resolve) => loud.on('open', resolve));
  const closed = closeOf(loud);
  loud.send(JSON.stringify({ type: 'connection_init', payload: { padding: 'x'.repeat(70_000) } }));
  expect(await closed).toBe(1009);
});

it('the SSE stream gives REST callers the same events', async () => {
  const cookie = await cookieOf(member);
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events/stream?topics=tasks,notifications`, {
    headers: { cookie },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  let text = '';
  const readUntil = async (pattern: RegExp) => {
    while (!pattern.test(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
      text += Buffer.from(value).toString('utf8');
    }
  };
  await readUntil(/: heartbeat/);
  await until(() => hubOf(t).subscribers >= 2, 'the stream subscribers');
  await org.agent.post('/api/tasks').send({ title: 'Streamed task', assigneeId: member.userId });
  await readUntil(/event: tasks\ndata: .*Streamed task/);
  await readUntil(/event: notifications\ndata: .*task\.assigned/);
  expect(text).toMatch(/id: \d+\n/); // the stream's cursor (docs/events.md, "Resuming: Last-Event-ID")
  controller.abort();

  const anonymous = await fetch(`${base}/api/events/stream`);
  expect(anonymous.status).toBe(401);
  const unknown = await fetch(`${base}/api/events/stream?topics=weather`, { headers: { cookie } });
  expect(unknown.status).toBe(400);
  const adminOnly = await fetch(`${base}/api/events/stream?topics=events`, { headers: { cookie } });
  expect(adminOnly.status).toBe(403);
  const theirContact = await other.agent.post('/api/leads').send({ leadName: 'Not yours', email: 'ny@example.test' });
  const elsewhere = await fetch(
    `${base}/api/events/stream?topics=contact-activities&contactId=${theirContact.body.contactId}`,
    { headers: { cookie } },
  );
  expect(elsewhere.status).toBe(404);
});

describe('two instances on one database', () => {
  let ormB: MikroORM;
  let b: App;
  let servicesB: ReturnType<typeof createServices>;
  let served: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    ormB = await openAppDatabase(t.orm.config.getClientUrl(), { migrate: false, poolMax: 4 });
    servicesB = createServices(t.deps.config);
    b = await createApp({ ...t.deps, orm: ormB, services: servicesB });
    served = await serveApp(b);
  });
  afterAll(async () => {
    await b.close();
    await served.close();
    await ormB.close(true);
  });

  it('a change made through one instance reaches a subscriber of the other; not another organization', async () => {
    const onB = connect({ cookie: await cookieOf(member) }, served.url).client;
    const theirsOnB = connect({ cookie: await cookieOf(other) }, served.url).client;
    const hubB = servicesB.liveHub;
    const tasks = subscribe<{ assignedTaskChanged: { title: string } }>(onB, TASK);
    const elsewhere = subscribe<{ assignedTaskChanged: { title: string } }>(theirsOnB, TASK);
    await until(() => hubB.subscribers >= 2, 'two subscribers on the second instance');
    expect((await org.agent.post('/api/tasks').send({ title: 'Across', assigneeId: member.userId })).status).toBe(201);
    expect((await tasks.next()).data?.assignedTaskChanged.title).toBe('Across');
    await other.agent.post('/api/tasks').send({ title: 'Theirs across', assigneeId: other.userId });
    expect((await elsewhere.next()).data?.assignedTaskChanged.title).toBe('Theirs across');
    expect(elsewhere.received).toHaveLength(1);
  });
});
