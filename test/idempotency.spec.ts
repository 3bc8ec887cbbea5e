/**
 * `Idempotency-Key` on POST (docs/decisions.md, "Idempotency-Key"): the same key and request answer the stored
 * response without a second write; another request with the key is a 422; a key whose first request still runs is
 * a 409; keys are the caller's own (organization, user or API key); only successes and deterministic refusals are
 * stored. The database-restart case is test/faults-idempotency.spec.ts.
 */
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';
import { pruneIdempotencyKeys } from '../src/db/idempotency-store';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let own: Registered;
beforeAll(async () => {
  t = await createTestApp();
  own = await t.registerOrg('Idempotent');
});
afterAll(() => t.close());

const KEY = 'Idempotency-Key';
const countTasks = async (organizationId: string, title: string) =>
  (
    await t.sql<{ n: number }>('select count(*)::int as n from tasks where organization_id = $1 and title = $2', [
      organizationId,
      title,
    ])
  )[0].n;

describe('REST rows', () => {
  it('answers a repeated request with the stored response, marked replayed, and writes once', async () => {
    const key = randomUUID();
    const first = await own.agent.post('/api/tasks').set(KEY, key).send({ title: 'Call the crane yard' });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await own.agent.post('/api/tasks').set(KEY, key).send({ title: 'Call the crane yard' });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(again.body).toEqual(first.body);
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(await countTasks(own.organizationId, 'Call the crane yard')).toBe(1);
  });

  it('refuses the key with another body or another path: 422 IDEMPOTENCY_KEY_REUSED, nothing written', async () => {
    const key = randomUUID();
    expect((await own.agent.post('/api/tasks').set(KEY, key).send({ title: 'Reused A' })).status).toBe(201);
    const other = await own.agent.post('/api/tasks').set(KEY, key).send({ title: 'Reused B' });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: 'Unprocessable Entity', code: 'IDEMPOTENCY_KEY_REUSED' });
    const elsewhere = await own.agent.post('/api/contacts').set(KEY, key).send({ name: 'Reused A', status: 'lead' });
    expect(elsewhere.status).toBe(422);
    expect(await countTasks(own.organizationId, 'Reused B')).toBe(0);
    const contacts = await t.sql('select 1 from contacts where organization_id = $1 and name = $2', [
      own.organizationId,
      'Reused A',
    ]);
    expect(contacts).toHaveLength(0);
  });

  it('refuses a malformed key with 400 before anything runs', async () => {
    for (const bad of ['has space', 'x'.repeat(256), 'caf\u00e9']) {
      const res = await own.agent.post('/api/tasks').set(KEY, bad).send({ title: 'Malformed key' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: KEY }] });
    }
    expect((await own.agent.post('/api/tasks').set(KEY, 'k'.repeat(255)).send({ title: 'Long key' })).status).toBe(201);
    expect(await countTasks(own.organizationId, 'Malformed key')).toBe(0);
  });

  it('stores a deterministic refusal (400) and replays it', async () => {
    const key = randomUUID();
    const first = await own.agent.post('/api/tasks').set(KEY, key).send({ title: '' });
    expect(first.status).toBe(400);
    const again = await own.agent.post('/api/tasks').set(KEY, key).send({ title: '' });
    expect(again.status).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('does not store a 500: the retry with the same key runs again, and the failed attempt left nothing', async () => {
    const key = randomUUID();
    await t.sql(
      `create or replace function crm_test_fail() returns trigger language plpgsql as $$
       begin if new.title = 'Fails once' then raise exception 'injected fault'; end if; return new; end $$`,
    );
    await t.sql('create trigger crm_test_fail before insert on tasks for each row execute function crm_test_fail()');
    try {
      const failed = await own.agent.post('/api/tasks').set(KEY, key).send({ title: 'Fails once' });
      expect(failed.status).toBe(500);
    } finally {
      await t.sql('drop trigger crm_test_fail on tasks');
    }
    const retried = await own.agent.post('/api/tasks').set(KEY, key).send({ title: 'Fails once' });
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await countTasks(own.organizationId, 'Fails once')).toBe(1);
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_USE while the first request with the key still runs', async () => {
    const key = randomUUID();
    const holder = new Client({ connectionString: t.orm.config.getClientUrl() });
    await holder.connect();
    // the first request's insert waits for an advisory lock this test holds
    await t.sql(
      `create or replace function crm_test_hold() returns trigger language plpgsql as $$
       begin if new.title = 'Held' then perform pg_advisory_xact_lock(424242); end if; return new; end $$`,
    );
    await t.sql('create trigger crm_test_hold before insert on tasks for each row execute function crm_test_hold()');
    await holder.query('select pg_advisory_lock(424242)');
    try {
      const first = own.agent
        .post('/api/tasks')
        .set(KEY, key)
        .send({ title: 'Held' })
        .then((r) => r);
      const waiting = () =>
        t.sql<{ n: number }>(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 424242 and not granted`,
        );
      while ((await waiting())[0].n === 0) await new Promise((r) => setTimeout(r, 20));
      const second = await own.agent.post('/api/tasks').set(KEY, key).send({ title: 'Held' });
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({ error: 'Conflict', code: 'IDEMPOTENCY_KEY_IN_USE' });
      expect(second.headers['retry-after']).toBe('1');
      await holder.query('select pg_advisory_unlock(424242)');
      expect((await first).status).toBe(201);
    } finally {
      await holder.end();
      await t.sql('drop trigger crm_test_hold on tasks');
    }
    const third = await own.agent.post('/api/tasks').set(KEY, key).send({ title: 'Held' });
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(await countTasks(own.organizationId, 'Held')).toBe(1);
  });
});

describe('one transaction', () => {
  it('undoes the write when its key row cannot be stored (REST row, GraphQL, CSV import): both commit or neither', async () => {
    await t.sql(
      `create or replace function crm_test_no_key() returns trigger language plpgsql as $$
       begin if new.key like 'unstorable-%' then raise exception 'injected fault'; end if; return new; end $$`,
    );
    await t.sql(
      'create trigger crm_test_no_key before insert on idempotency_keys for each row execute function crm_test_no_key()',
    );
    try {
      const rest = await own.agent.post('/api/tasks').set(KEY, `unstorable-${randomUUID()}`).send({ title: 'Unkept' });
      expect(rest.status).toBe(500);
      const graphql = await own.agent
        .post('/graphql')
        .set(KEY, `unstorable-${randomUUID()}`)
        .set('content-type', 'application/json')
        .send({ query: 'mutation { createTask(input: { title: "Unkept" }) { id } }' });
      expect(graphql.status).toBe(500);
      const csv = 'name,email\nUnkept Customer,unkept@example.com\n';
      const imported = await own.agent
        .post('/api/customers/import')
        .set(KEY, `unstorable-${randomUUID()}`)
        .attach('file', Buffer.from(csv), 'c.csv');
      expect(imported.status).toBe(500);
    } finally {
      await t.sql('drop trigger crm_test_no_key on idempotency_keys');
    }
    expect(await countTasks(own.organizationId, 'Unkept')).toBe(0);
    const customers = await t.sql('select 1 from contacts where organization_id = $1 and email = $2', [
      own.organizationId,
      'unkept@example.com',
    ]);
    expect(customers).toHaveLength(0);
  });
});

describe('whose key it is', () => {
  it('is the caller own: another organization, or another user of the same one, uses the same key independently', async () => {
    const key = `shared-${randomUUID()}`;
    const other = await t.registerOrg('Other');
    const colleague = await t.addMember(own.organizationId, 'user');
    const a = await own.agent.post('/api/tasks').set(KEY, key).send({ title: 'Tenant A' });
    const b = await other.agent.post('/api/tasks').set(KEY, key).send({ title: 'Tenant B' });
    const c = await colleague.agent.post('/api/tasks').set(KEY, key).send({ title: 'Tenant A' });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(c.headers['idempotent-replayed']).toBeUndefined();
    expect(await countTasks(own.organizationId, 'Tenant A')).toBe(2);
    expect(await countTasks(other.organizationId, 'Tenant B')).toBe(1);
  });

  it('ignores the key on a POST without a signed-in caller (login)', async () => {
    const key = randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await t
        .agent()
        .post('/api/auth/login')
        .set(KEY, key)
        .send({ email: own.email, password: own.password });
      expect(res.status).toBe(200);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      expect(res.headers['set-cookie']).toBeDefined();
    }
  });

  it('forgets keys after 24 hours: an expired key is free again, and the retention task deletes it', async () => {
    const key = randomUUID();
    expect((await own.agent.post('/api/tasks').set(KEY, key).send({ title: 'Old key' })).status).toBe(201);
    await t.sql(`update idempotency_keys set created_at = now() - interval '25 hours' where key = $1`, [key]);
    const reused = await own.agent.post('/api/tasks').set(KEY, key).send({ title: 'New use of an old key' });
    expect(reused.status).toBe(201);
    await t.sql(`update idempotency_keys set created_at = now() - interval '25 hours' where key = $1`, [key]);
    expect(await pruneIdempotencyKeys(t.orm.em.fork(), 100)).toBeGreaterThanOrEqual(1);
    expect(await t.sql('select 1 from idempotency_keys where key = $1', [key])).toHaveLength(0);
  });
});

describe('GraphQL and the CSV import', () => {
  it('honours the key on POST /graphql: a repeated mutation is replayed, written once', async () => {
    const key = randomUUID();
    const send = () =>
      own.agent
        .post('/graphql')
        .set(KEY, key)
        .set('content-type', 'application/json')
        .send({ query: 'mutation { createTask(input: { title: "Graph task" }) { id title } }' });
    const first = await send();
    expect(first.body.data.createTask.title).toBe('Graph task');
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await countTasks(own.organizationId, 'Graph task')).toBe(1);
  });

  it('honours the key on the multipart import: the retry answers the stored report and imports nothing twice', async () => {
    const key = randomUUID();
    const csv = 'name,email\nKeyed One,keyed1@example.com\nKeyed Two,keyed2@example.com\n';
    const upload = () =>
      own.agent.post('/api/customers/import').set(KEY, key).attach('file', Buffer.from(csv), 'c.csv');
    const first = await upload();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: 2 });
    const again = await upload();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const rows = await t.sql('select 1 from customers where organization_id = $1', [own.organizationId]);
    expect(rows).toHaveLength(2);
  });
});
