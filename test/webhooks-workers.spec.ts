import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openAppDatabase } from '../src/composition';
import { WebhookWorker } from '../src/events/webhook-worker';
import { CredentialCipher } from '../src/lib/credential-cipher';
import { clock } from '../src/lib/clock';
import { drain, emitEvents, subscribe, testWorker, WebhookReceiver } from './support/webhook-receiver';
import { createTestApp, TestApp } from './support/test-app';

/** Several worker processes on one database: each has its own ORM (connection pool), as separate processes would. */
let t: TestApp;
let receiver: WebhookReceiver;
const extraOrms: MikroORM[] = [];
const children: ChildProcess[] = [];

async function separateWorker(
  overrides: Partial<TestApp['deps']['config']['webhooks']> = {},
): Promise<{ worker: WebhookWorker; orm: MikroORM }> {
  const orm = await openAppDatabase(t.orm.config.get('clientUrl')!, { migrate: false, poolMax: 4 });
  extraOrms.push(orm);
  const cipher = new CredentialCipher(t.deps.config.sessionSecret);
  return {
    worker: new WebhookWorker(
      orm,
      { ...t.deps.config.webhooks, pollMs: 5, batchSize: 10, ...overrides },
      t.deps.logger,
      cipher,
    ),
    orm,
  };
}

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((r) => setTimeout(r, 20));
}

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const orm of extraOrms) await orm.close(true).catch(() => undefined);
  await t.close();
});
beforeEach(async () => {
  clock.reset();
  receiver = await new WebhookReceiver().start();
});
afterEach(() => receiver.close());

it('two workers running together deliver each event to each subscription once', async () => {
  const a = await t.registerOrg('TwoWorkersA');
  const b = await t.registerOrg('TwoWorkersB');
  await subscribe(a.agent, receiver.url);
  await subscribe(a.agent, `${receiver.url}?second`);
  await subscribe(b.agent, receiver.url);
  const one = await separateWorker();
  const two = await separateWorker();
  one.worker.start();
  two.worker.start();
  const ids = [...(await emitEvents(t, a.organizationId, 60)), ...(await emitEvents(t, b.organizationId, 30))];
  await until(
    async () =>
      Number(
        (await t.sql<{ n: string }>(`select count(*) as n from webhook_deliveries where status = 'delivered'`))[0].n,
      ) >= 150,
  );
  await Promise.all([one.worker.stop(), two.worker.stop()]);

  expect(receiver.received).toHaveLength(150); // 60 x 2 subscriptions + 30
  const perTarget = new Map<string, number>();
  for (const r of receiver.received) {
    const key = `${r.headers['webhook-id']} ${r.json.organizationId} ${r.headers['x-webhook-signature']}`;
    perTarget.set(key, (perTarget.get(key) ?? 0) + 1);
  }
  expect([...perTarget.values()].every((n) => n === 1)).toBe(true);
  expect(new Set(receiver.received.map((r) => String(r.headers['webhook-id'])))).toEqual(new Set(ids));
  // No delivery was attempted twice: the workers never took the same row.
  const attemptNumbers = await t.sql<{ n: string }>(`select count(distinct attempt) as n from webhook_attempts`);
  expect(Number(attemptNumbers[0].n)).toBe(1);
});

it('a worker process killed mid-run (SIGKILL) loses nothing: once its lease runs out, the next worker delivers everything', async () => {
  const org = await t.registerOrg('Crash');
  await subscribe(org.agent, receiver.url);
  const ids = await emitEvents(t, org.organizationId, 25);

  // A real `npm run worker` process claims a batch of 10 and sends it; the receiver holds the requests.
  receiver.hold = true;
  const child = spawn(process.execPath, ['-r', './test/support/ts-register.js', 'scripts/worker.ts'], {
    cwd: join(__dirname, '..'),
    stdio: 'ignore',
    env: {
      ...process.env,
      DATABASE_URL: t.orm.config.get('clientUrl')!,
      DATA_DIR: '/nonexistent-worker-data',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_BATCH_SIZE: '10',
      WEBHOOK_POLL_MS: '20',
    },
  });
  children.push(child);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await until(async () => receiver.received.length === 10);
  child.kill('SIGKILL');
  await exited;
  receiver.dropHeld();
  const leased = await t.sql<{ n: string }>(
    `select count(*) as n from webhook_deliveries where locked_until is not null and status = 'pending'`,
  );
  expect(Number(leased[0].n)).toBe(10);
  expect(
    await t.sql(
      'select 1 from webhook_attempts a join outbox_events e on e.id = a.event_id where e.organization_id = $1',
      [org.organizationId],
    ),
  ).toEqual([]);

  // A worker starts again. It takes the unclaimed deliveries at once and the dead one's after its lease expired.
  receiver.hold = false;
  const b = testWorker(t);
  await drain(b);
  expect(new Set(receiver.deliveredIds()).size).toBe(15);
  clock.advance(t.deps.config.webhooks.timeoutMs + 61_000);
  await drain(b);
  expect(new Set(receiver.deliveredIds())).toEqual(new Set(ids));
  expect(receiver.deliveredIds()).toHaveLength(25); // each accepted once; the 10 cut off by the kill were re-sent with the same webhook-id
  const states = await t.sql<{ status: string; n: string }>(
    `select status, count(*) as n from webhook_deliveries d join outbox_events e on e.id = d.event_id where e.organization_id = $1 group by status`,
    [org.organizationId],
  );
  expect(states).toEqual([{ status: 'delivered', n: '25' }]);
});

it('stop() lets the round in progress finish and record its attempts', async () => {
  const org = await t.registerOrg('Stop');
  await subscribe(org.agent, receiver.url);
  await emitEvents(t, org.organizationId, 5);
  const w = await separateWorker();
  w.worker.start();
  await until(async () => receiver.received.length > 0);
  await w.worker.stop();
  const n = receiver.received.length;
  const logged = await t.sql<{ n: string }>(
    `select count(*) as n from webhook_attempts a join outbox_events e on e.id = a.event_id where e.organization_id = $1`,
    [org.organizationId],
  );
  expect(Number(logged[0].n)).toBe(n);
});
