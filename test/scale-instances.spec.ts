/**
 * Three real server processes (src/main.ts) on one database, behind a round-robin balancer on loopback, behave as
 * one service (docs/deploy.md, "Several instances"): a session's end, a role change and a removal hold on every
 * instance as soon as PostgreSQL's notice arrives; they share one rate-limit budget; list totals are exact whichever instance answers; a webhook is delivered once and
 * a workflow runs once per event with all three running workers and schedulers; and an instance killed in the
 * middle of a load of writes loses none of the writes that were acknowledged.
 */
import type { ChildProcess } from 'node:child_process';
import { Balancer } from './support/balancer';
import { testPort } from './support/ports';
import { startServer } from './support/server-process';
import { createTestApp, PASSWORD, TestApp, uniqueEmail } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

const INSTANCES = 3;
const READ_LIMIT = 40;
let t: TestApp;
let servers: ChildProcess[] = [];
let balancer: Balancer;

beforeAll(async () => {
  t = await createTestApp();
  const base = testPort('scaleInstances');
  const ports = Array.from({ length: INSTANCES }, (_, i) => base + i * 7);
  const output: string[] = [];
  servers = await Promise.all(
    ports.map((port) =>
      startServer(
        port,
        t.orm.config.getClientUrl(),
        {
          MIGRATE_ON_START: 'false',
          SCHEDULER: 'true',
          WEBHOOK_WORKER: 'true',
          WORKFLOW_WORKER: 'true',
          WORKFLOW_POLL_MS: '200',
          WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
          RATE_LIMIT_READ: String(READ_LIMIT),
          // a total reused for a minute: only the instances' notices can make another instance's write show at once
          COUNT_TTL_MS: '60000',
        },
        { output },
      ).catch((e: Error) => {
        throw new Error(`${e.message}: ${output.join('').slice(-2000)}`);
      }),
    ),
  );
  balancer = await new Balancer(ports).start();
}, 240_000);
afterAll(async () => {
  for (const s of servers) s.kill('SIGKILL');
  await balancer?.close();
  await t.close();
});

interface Caller {
  cookie: string;
  userId: string;
  organizationId: string;
  email: string;
}

/** Calls the service through the balancer; every call may land on another instance. */
async function call(
  caller: Pick<Caller, 'cookie'> | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${balancer.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(caller ? { cookie: caller.cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : {} };
}

const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0];

async function register(name: string): Promise<Caller> {
  const email = uniqueEmail('scale');
  const res = await fetch(`${balancer.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      organizationName: `${name} ${email}`,
      firstName: 'Sc',
      lastName: 'Ale',
    }),
  });
  expect(res.status).toBe(201);
  const { user } = (await res.json()) as { user: { id: string; organizationId: string } };
  return { cookie: cookieOf(res), userId: user.id, organizationId: user.organizationId, email };
}

async function login(email: string): Promise<string> {
  const res = await fetch(`${balancer.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return cookieOf(res);
}

/** The same request once per instance (round robin: INSTANCES calls in a row reach every instance once). */
async function onEveryInstance(caller: Pick<Caller, 'cookie'>, path: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < INSTANCES; i++) statuses.push((await call(caller, 'GET', path)).status);
  return statuses;
}

/** Waits (bounded) until `probe` gives `want`, then returns the last value: the test then asserts on it. */
async function settle<T>(probe: () => Promise<T>, done: (v: T) => boolean, rounds = 150): Promise<T> {
  let value = await probe();
  for (let i = 0; i < rounds && !done(value); i++) {
    await new Promise((r) => setTimeout(r, 200));
    value = await probe();
  }
  return value;
}

it('the balancer spreads requests over the three instances', async () => {
  const before = [...balancer.served];
  for (let i = 0; i < INSTANCES * 2; i++) expect((await call(undefined, 'GET', '/healthz')).status).toBe(200);
  expect(balancer.served.map((n, i) => n - before[i])).toEqual([2, 2, 2]);
});

it('a session opened on one instance is valid on all, and ended on all', async () => {
  const owner = await register('Sessions');
  expect(await onEveryInstance(owner, '/api/auth/me')).toEqual([200, 200, 200]);
  expect((await call(owner, 'POST', '/api/auth/logout')).status).toBeLessThan(300);
  // Each instance keeps principals in memory and forgets them on PostgreSQL's notice (milliseconds later); without
  // the notice the session would stay valid on the others as long as they run.
  expect(
    await settle(
      () => onEveryInstance(owner, '/api/auth/me'),
      (v) => v.every((s) => s === 401),
      25,
    ),
  ).toEqual([401, 401, 401]);
});

it('the three instances draw on one rate-limit budget', async () => {
  const owner = await register('Budget');
  // The budget is per window: start the count in a window that outlasts the requests.
  const first = await fetch(`${balancer.url}/api/contacts`, { headers: { cookie: owner.cookie } });
  const reset = Number(first.headers.get('RateLimit-Reset'));
  if (reset < 30) await new Promise((r) => setTimeout(r, (reset + 1) * 1000));
  const statuses: number[] = reset < 30 ? [] : [first.status];
  while (statuses.length < 3 * READ_LIMIT) statuses.push((await call(owner, 'GET', '/api/contacts')).status);
  // Each instance counts the first half of a key's budget in memory and writes it every second (docs/decisions.md,
  // "Rate-limit counters"); from half on, every request counts in the table. So three instances serve the budget,
  // and at most two more half budgets a burst reached before their counts were written: never three budgets.
  const served = statuses.filter((s) => s === 200).length;
  expect(served).toBeGreaterThanOrEqual(READ_LIMIT);
  expect(served).toBeLessThanOrEqual(READ_LIMIT + (INSTANCES - 1) * (READ_LIMIT / 2));
  expect(statuses.slice(-INSTANCES)).toEqual([429, 429, 429]);
});

it('a role change and a removal made through one instance hold on every instance at once', async () => {
  const owner = await register('Roles');
  const member = await t.addMember(owner.organizationId, 'user');
  const memberCaller = { cookie: await login(member.email) };
  expect(await onEveryInstance(memberCaller, '/api/organization/invitations')).toEqual([403, 403, 403]);
  expect((await call(owner, 'PATCH', `/api/organization/users/${member.userId}`, { role: 'admin' })).status).toBe(200);
  expect(
    await settle(
      () => onEveryInstance(memberCaller, '/api/organization/invitations'),
      (v) => v.every((s) => s === 200),
      25,
    ),
  ).toEqual([200, 200, 200]);
  expect((await call(owner, 'DELETE', `/api/organization/users/${member.userId}`)).status).toBeLessThan(300);
  expect(
    await settle(
      () => onEveryInstance(memberCaller, '/api/auth/me'),
      (v) => v.every((s) => s === 401),
      25,
    ),
  ).toEqual([401, 401, 401]);
});

it('list totals are exact on every instance right after a write on another', async () => {
  const owner = await register('Totals');
  const totals = async () => {
    const seen: unknown[] = [];
    for (let i = 0; i < INSTANCES; i++)
      seen.push(
        ((await call(owner, 'GET', '/api/contacts')).json.pagination as { totalItems: number } | undefined)?.totalItems,
      );
    return seen;
  };
  expect(await totals()).toEqual([0, 0, 0]);
  for (let n = 1; n <= 3; n++) {
    const created = await call(owner, 'POST', '/api/contacts', { name: `Total ${n}`, email: uniqueEmail('total') });
    expect(created.status).toBe(201);
    // Each instance counted 0 (then n - 1) a moment ago and would reuse it for COUNT_TTL_MS (a minute here); the
    // writer's notice is what makes the others count again. A notice travels in milliseconds: allow a few seconds.
    expect(await settle(totals, (v) => v.every((x) => x === n), 25)).toEqual([n, n, n]);
  }
});

it('a webhook is delivered once and a workflow runs once per event, with three workers and schedulers', async () => {
  const receiver = await new WebhookReceiver().start();
  try {
    const owner = await register('Once');
    const hook = await call(owner, 'POST', '/api/settings/webhooks', { url: receiver.url, events: ['lead.created'] });
    expect(hook.status).toBe(201);
    const workflow = await call(owner, 'POST', '/api/workflows', {
      name: 'Call every new lead',
      active: true,
      trigger: { event: 'lead.created' },
      actions: [{ type: 'create_task', title: 'Call {{leadName}}', assignee: { rule: 'user', userId: owner.userId } }],
    });
    expect(workflow.status).toBe(201);
    const LEADS = 12;
    for (let i = 0; i < LEADS; i++)
      expect(
        (await call(owner, 'POST', '/api/leads', { leadName: `Lead ${i}`, email: uniqueEmail('lead') })).status,
      ).toBe(201);
    const tasks = () =>
      t
        .sql<{ n: string }>(`select count(*) as n from tasks where organization_id = $1 and source = 'workflow'`, [
          owner.organizationId,
        ])
        .then((r) => Number(r[0].n));
    const made = await settle(tasks, (n) => n >= LEADS);
    if (made !== LEADS)
      console.log(
        await t.sql(`select status, error, steps from workflow_runs where organization_id = $1`, [
          owner.organizationId,
        ]),
        await t.sql(`select event, count(*) from outbox_events where organization_id = $1 group by event`, [
          owner.organizationId,
        ]),
      );
    expect(made).toBe(LEADS);
    const deliveries = () =>
      Promise.resolve(
        new Set(
          receiver.received.filter((r) => r.json.organizationId === owner.organizationId).map((r) => r.raw.toString()),
        ).size,
      );
    expect(await settle(deliveries, (n) => n >= LEADS)).toBe(LEADS);
    // a while longer: a second delivery or run would show now
    await new Promise((r) => setTimeout(r, 2_000));
    expect(await tasks()).toBe(LEADS);
    expect(receiver.received.filter((r) => r.json.organizationId === owner.organizationId)).toHaveLength(LEADS);
  } finally {
    await receiver.close();
  }
}, 120_000);

it('an instance killed in the middle of a load of writes loses no acknowledged write', async () => {
  const owner = await register('Killed');
  const WRITERS = 6;
  const PER_WRITER = 30;
  const acknowledged: string[] = [];
  const other: number[] = [];
  let sent = 0;
  const writer = async (w: number) => {
    for (let i = 0; i < PER_WRITER; i++) {
      sent++;
      if (sent === (WRITERS * PER_WRITER) / 3) servers[1].kill('SIGKILL');
      const res = await call(owner, 'POST', '/api/contacts', {
        name: `Writer ${w} ${i}`,
        email: uniqueEmail('write'),
      }).catch(() => ({ status: 0, json: {} as Record<string, unknown> }));
      if (res.status === 201) acknowledged.push(String(res.json.id));
      else other.push(res.status);
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  // Only requests the killed instance held may fail, and only as a lost connection (502), never as an error.
  expect(other.filter((s) => s !== 502)).toEqual([]);
  expect(other.length).toBeLessThanOrEqual(WRITERS);
  expect(acknowledged.length).toBe(WRITERS * PER_WRITER - other.length);
  const found = await t.sql<{ n: string }>(
    `select count(*) as n from contacts where id = any(string_to_array($1, ',')::uuid[])`,
    [acknowledged.join(',')],
  );
  expect(Number(found[0].n)).toBe(acknowledged.length);
});
