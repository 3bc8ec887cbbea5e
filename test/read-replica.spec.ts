/**
 * Issue 33, part 2: heavy reads (reports, exports, search) on a streaming read replica (docs/deploy.md, "A read
 * replica"). The test starts its own primary and a standby made with pg_basebackup -R from it, and an app whose
 * READ_DATABASE_URL is the standby. Which database served a read is shown by the data (a row written on the primary
 * while the standby's replay is paused is missing from a replica's answer) and by crm_read_replica_reads_total.
 */
import { randomUUID } from 'node:crypto';
import { withTenantAccess } from '../src/db/access';
import { replicaReads } from '../src/observability/metrics';
import { describeWithPostgresTools, startStreamingPair, StreamingPair } from './support/streaming-replica';
import { createTestApp, Registered, TestApp } from './support/test-app';

/** The reads counted so far, by `target/reason`. */
async function readsSoFar(): Promise<Record<string, number>> {
  const { values } = await replicaReads.get();
  return Object.fromEntries(values.map((v) => [`${v.labels.target}/${v.labels.reason}`, v.value]));
}

/** What `act` added to the counts: where its heavy reads ran, and why. */
async function servedBy(act: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await readsSoFar();
  await act();
  const after = await readsSoFar();
  return Object.fromEntries(
    Object.entries(after)
      .filter(([k, v]) => v !== (before[k] ?? 0))
      .map(([k, v]) => [k, v - (before[k] ?? 0)]),
  );
}

/** The titles a search finds for `q`. */
async function found(org: Registered, q: string): Promise<string[]> {
  const res = await org.agent.get('/api/search').query({ q }).expect(200);
  return (res.body.data as { title: string }[]).map((h) => h.title);
}

describeWithPostgresTools(__filename)('a streaming read replica', () => {
  let pair: StreamingPair;
  let t: TestApp;
  let a: Registered;
  let b: Registered;
  /** A contact of `org`'s written on the primary directly (no notice of the write reaches the app). */
  const plant = (app: TestApp, org: Registered, name: string) =>
    app.sql(
      `insert into contacts (id, created_at, updated_at, organization_id, name, status) values (gen_random_uuid(), now(), now(), $1, $2, 'lead')`,
      [org.organizationId, name],
    );

  beforeAll(async () => {
    pair = await startStreamingPair();
    // a lag limit no paused replay reaches here: the lag rule has an app of its own below
    t = await createTestApp(
      { READ_REPLICA_MAX_LAG_MS: '600000' },
      { server: pair.primary, readThrough: (url) => pair.onStandby(url) },
    );
    [a, b] = await Promise.all([t.registerOrg('Replica A'), t.registerOrg('Replica B')]);
    await a.agent.post('/api/contacts').send({ name: 'Zebulon Alpha', email: 'zebulon@example.test' }).expect(201);
    await a.agent.post('/api/tasks').send({ title: 'Inspect the zebra crane' }).expect(201);
    // the first heavy read after an organization's writes takes the primary's position, which the replica must reach
    await Promise.all([found(a, 'Zebulon'), found(b, 'Zebulon')]);
    await pair.caughtUp();
  }, 60_000);
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    await pair?.stop();
  });

  it('serves a report, an export and a search from the replica, with row security as on the primary', async () => {
    const reads = await servedBy(async () => {
      expect(await found(a, 'Zebulon')).toEqual(['Zebulon Alpha']);
      const csv = await a.agent.get('/api/tasks/export').expect(200);
      expect(csv.text).toContain('Inspect the zebra crane');
      await a.agent.get('/api/analytics/contacts/funnel').expect(200);
      // over GraphQL, a query of only report or search fields
      const res = await a.agent.post('/graphql').send({ query: `{ search(q: "Zebulon") { data { title } } }` });
      expect(res.body.data.search.data).toEqual([{ title: 'Zebulon Alpha' }]);
      // another organization's rows are never returned from the replica
      expect(await found(b, 'Zebulon')).toEqual([]);
      expect((await b.agent.get('/api/tasks/export').expect(200)).text).not.toContain('zebra');
    });
    expect(reads).toEqual({ 'replica/current': 6 });
    // the replica's pool runs as crm_app with the caller's organization, like the primary's
    const seen = await withTenantAccess(b.organizationId, () =>
      t
        .readReplica!.replica.em.fork()
        .execute(
          `select current_user as role, current_setting('app.organization_id') as org, (select count(*) from contacts)::int as contacts, pg_is_in_recovery() as standby`,
        ),
    );
    expect(seen).toEqual([{ role: 'crm_app', org: b.organizationId, contacts: 0, standby: true }]);
  });

  it('shows the replica answering: a row the paused standby has not replayed is missing from its answer', async () => {
    await pair.pauseReplay();
    try {
      await plant(t, a, 'Zebulon Planted');
      const reads = await servedBy(async () => expect(await found(a, 'Zebulon')).toEqual(['Zebulon Alpha']));
      expect(reads).toEqual({ 'replica/current': 1 });
    } finally {
      await pair.resumeReplay();
    }
    await pair.caughtUp();
    expect((await found(a, 'Zebulon')).sort()).toEqual(['Zebulon Alpha', 'Zebulon Planted']);
  });

  it('reads its own writes: right after a write the caller reads the primary, until the replica has replayed it', async () => {
    await pair.pauseReplay();
    try {
      const name = `Zebulon ${randomUUID().slice(0, 6)}`;
      await a.agent.post('/api/contacts').send({ name }).expect(201);
      const reads = await servedBy(async () => {
        expect(await found(a, name)).toContain(name); // the paused replica has not got it
        const csv = await a.agent.get('/api/tasks/export').expect(200);
        expect(csv.text).toContain('Inspect the zebra crane');
        // a GraphQL mutation is a write too
        const res = await a.agent
          .post('/graphql')
          .send({ query: `mutation { createContact(input: { name: "Zebra by mutation", status: lead }) { id } }` })
          .expect(200);
        expect(res.body.errors).toBeUndefined();
        const search = await a.agent
          .post('/graphql')
          .send({ query: `{ search(q: "Zebra by mutation") { data { title } } }` })
          .expect(200);
        expect(search.body.data.search.data.map((h: { title: string }) => h.title)).toContain('Zebra by mutation');
        // another organization, which wrote nothing, still reads the replica
        expect(await found(b, 'Zebulon')).toEqual([]);
      });
      expect(reads).toEqual({ 'primary/own-write': 3, 'replica/current': 1 });
    } finally {
      await pair.resumeReplay();
    }
    await pair.caughtUp();
    expect(await servedBy(() => found(a, 'Zebulon'))).toEqual({ 'replica/current': 1 });
  });

  it('reads the primary, with the fresh rows, while the replica lags more than READ_REPLICA_MAX_LAG_MS', async () => {
    const lagging = await createTestApp(
      { READ_REPLICA_MAX_LAG_MS: '100' },
      { server: pair.primary, readThrough: (url) => pair.onStandby(url) },
    );
    try {
      const c = await lagging.registerOrg('Replica C');
      await found(c, 'Quagga'); // takes the primary's position after the organization's writes
      await pair.caughtUp();
      expect(await servedBy(() => found(c, 'Quagga'))).toEqual({ 'replica/current': 1 });
      await pair.pauseReplay();
      try {
        await plant(lagging, c, 'Quagga Fresh');
        // the standby has received the row and not applied it: wait until it is behind by more than the limit
        for (let i = 0; i < 100 && (await pair.standbyLagMs()) <= 100; i++) await new Promise((r) => setTimeout(r, 50));
        const reads = await servedBy(async () => expect(await found(c, 'Quagga')).toEqual(['Quagga Fresh']));
        expect(reads).toEqual({ 'primary/lag': 1 });
      } finally {
        await pair.resumeReplay();
      }
    } finally {
      await lagging.close();
    }
  });

  it('reads the primary when the replica goes away: every answer a 200, never a 5xx', async () => {
    await pair.stopStandby();
    const name = `Zebulon ${randomUUID().slice(0, 6)}`;
    await a.agent.post('/api/contacts').send({ name }).expect(201);
    const reads = await servedBy(async () => {
      expect(await found(a, name)).toContain(name);
      expect((await a.agent.get('/api/tasks/export').expect(200)).text).toContain('Inspect the zebra crane');
      await a.agent.get('/api/analytics/contacts/funnel').expect(200);
      expect(await found(b, 'Zebulon')).toEqual([]);
      const res = await b.agent.post('/graphql').send({ query: `{ search(q: "Zebulon") { data { title } } }` });
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
    });
    expect(Object.keys(reads).every((k) => k.startsWith('primary/'))).toBe(true);
    expect(reads['primary/down']).toBeGreaterThanOrEqual(4);
  });
});
