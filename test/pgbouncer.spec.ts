/**
 * Issue 33, part 1: the service behind PgBouncer in transaction mode (docs/deploy.md, "Behind PgBouncer"). A real
 * pgbouncer of the test's own sits between the app's pool and the test PostgreSQL with four server connections, so
 * the transactions of two organizations' concurrent requests take turns on the same server connections. With
 * DATABASE_POOLER=transaction each checkout sets its row-security access inside its own transaction; the LISTEN
 * connection of the principal cache goes straight to PostgreSQL (DIRECT_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { buildAppBaseSchema, compileRoutes } from '../src/composition';
import { withPlatformAccess, withTenantAccess } from '../src/db/access';
import { Scheduler } from '../src/jobs/scheduler';
import { createLogger } from '../src/lib/logger';
import { StageDriftJob } from '../src/modules/sales/opportunities/drift.job';
import { idsOf, populateOrganization } from './support/fixtures';
import { describeWithPgbouncer, Pgbouncer, startPgbouncer } from './support/pgbouncer';
import { idOfTables, pathWithIds } from './support/route-paths';
import { inBatches, leakIn } from './support/schema-sweep';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { withDatabase } from './support/db-url';

/**
 * Fewer than the app's pool, so clients take turns on them; as many as two concurrent CSV exports hold (each keeps
 * its cursor's connection and reads each batch's rows on a second one: docs/deploy.md, "Behind PgBouncer").
 */
const SERVER_CONNECTIONS = 4;

describeWithPgbouncer(__filename)('behind PgBouncer in transaction mode', () => {
  let bouncer: Pgbouncer;
  let t: TestApp;
  let a: Registered;
  let b: Registered;
  let database: string;

  beforeAll(async () => {
    bouncer = await startPgbouncer(process.env.TEST_PG_SERVER_URL!, SERVER_CONNECTIONS);
    t = await createTestApp({ DATABASE_POOLER: 'transaction' }, { through: (url) => bouncer.through(url) });
    database = new URL(t.orm.config.getClientUrl()).pathname.slice(1);
    [a, b] = await Promise.all([t.registerOrg('Bouncer A'), t.registerOrg('Bouncer B')]);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await bouncer?.stop();
  });

  it('a session setting stays on the server connection for the next client: why the pool needs DATABASE_POOLER', async () => {
    // a pgbouncer of its own with ONE server connection, so the next client is sure to get the one the first left its
    // setting on: with the app's four, other transactions of the app could take turns with it (a CI run saw that)
    const single = await startPgbouncer(process.env.TEST_PG_SERVER_URL!, 1);
    const url = single.through(withDatabase(process.env.TEST_PG_SERVER_URL!, database));
    const one = new Client({ connectionString: url });
    const two = new Client({ connectionString: url });
    try {
      await Promise.all([one.connect(), two.connect()]);
      const marker = randomUUID();
      // a checkout of one statement, as the pool without DATABASE_POOLER sets its access
      await one.query(`select set_config('app.organization_id', $1, false)`, [marker]);
      const seen = await two.query(`select current_setting('app.organization_id', true) as org`);
      expect(seen.rows[0].org).toBe(marker);
      expect(await single.clients(database)).toBe(2);
    } finally {
      await Promise.all([one.end(), two.end()]);
      await single.stop();
    }
  });

  it('each statement sees its own organization, never the one another checkout left on the server connection', async () => {
    const seen = (organizationId: string) =>
      withTenantAccess(organizationId, () =>
        t.orm.em.fork().execute(`select current_setting('app.organization_id', true) as org, current_user as role`),
      );
    const rounds = Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).organizationId);
    const results = await Promise.all(rounds.map(async (org) => ({ org, rows: await seen(org) })));
    for (const { org, rows } of results) expect(rows).toEqual([{ org, role: 'crm_app' }]);
    expect(await bouncer.clients(database)).toBeGreaterThanOrEqual(1); // the pool's connections are pgbouncer's clients
    // and the platform's statements see no organization of a request
    const platform = await withPlatformAccess(() =>
      t.orm.em.fork().execute(`select current_setting('app.organization_id', true) as org`),
    );
    expect(platform).toEqual([{ org: '' }]);
    // the statement timeout too, which PgBouncer refuses as a startup parameter
    const [timeout] = await withPlatformAccess(() =>
      t.orm.em
        .fork()
        .execute(`select (extract(epoch from current_setting('statement_timeout')::interval) * 1000)::int as ms`),
    );
    expect(timeout).toEqual({ ms: t.deps.config.timeouts.statementMs });
  });

  it('register, login, records, lists, GraphQL and an import, for two organizations at once, with no bleed', async () => {
    const work = async (org: Registered, tag: string) => {
      const agent = await t.login(org.email, org.password);
      for (let i = 0; i < 5; i++) {
        const res = await agent
          .post('/api/contacts')
          .send({ name: `${tag} ${i}`, email: `${tag}-${i}-${randomUUID().slice(0, 6)}@example.test` });
        expect(res.status).toBe(201);
      }
      const csv = ['name,email', ...[1, 2, 3].map((i) => `${tag} import ${i},${tag}-imp-${i}@example.test`)].join('\n');
      const imported = await agent
        .post('/api/customers/import')
        .attach('file', Buffer.from(csv, 'utf8'), { filename: 'c.csv', contentType: 'text/csv' });
      expect(imported.status).toBe(200);
      expect(imported.body).toMatchObject({ created: 3, failed: 0 });
      const contacts = await agent.get('/api/contacts').query({ limit: 100 });
      const gql = await t.gql<{ customers: { data: { name: string }[] } }>(
        agent,
        '{ customers(limit: 100) { data { name } } }',
      );
      return { contacts: contacts.body.data.map((c: { name: string }) => c.name), gql };
    };
    const [ra, rb] = await Promise.all([work(a, 'alpha'), work(b, 'beta')]);
    expect(ra.contacts.length).toBeGreaterThanOrEqual(5);
    expect(ra.contacts.every((n: string) => !n.startsWith('beta'))).toBe(true);
    expect(rb.contacts.every((n: string) => !n.startsWith('alpha'))).toBe(true);
    expect(ra.gql.errors).toBeUndefined();
    expect(ra.gql.data!.customers.data.map((c) => c.name)).toEqual(
      expect.arrayContaining(['alpha import 1', 'alpha import 2', 'alpha import 3']),
    );
    expect(JSON.stringify(ra.gql)).not.toContain('beta');
    expect(JSON.stringify(rb.gql)).not.toContain('alpha');
  });

  it('every GET row of the REST table answers each organization with its own records only, both at once', async () => {
    await Promise.all([populateOrganization(t, a), populateOrganization(t, b)]);
    const routes = compileRoutes(await buildAppBaseSchema()).filter(
      (r) => r.row.method === 'GET' && !r.row.path.startsWith('/api/admin'),
    );
    const orgs = await Promise.all(
      [a, b].map(async (org) => ({
        org,
        ids: await idOfTables(t, org.organizationId),
        all: await idsOf(t, org.organizationId),
      })),
    );
    const failures: string[] = [];
    await inBatches(routes, 4, async (route) => {
      await Promise.all(
        orgs.map(async ({ org, ids }, i) => {
          const other = orgs[1 - i];
          const path = pathWithIds(route, ids);
          const res = await org.agent.get(path);
          if (res.status >= 500) failures.push(`${path}: ${res.status}`);
          const leak = leakIn(
            res.text ?? '',
            other.all.filter((id) => id !== org.organizationId),
          );
          if (leak) failures.push(`${path} showed ${leak} of the other organization`);
        }),
      );
    });
    expect(routes.length).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  }, 240_000);

  it('the search box runs its statement unprepared there: a prepared one would stay on a server connection', async () => {
    const res = await a.agent.post('/api/contacts').send({ name: 'Zebulon Quartzfield', email: 'zq@bouncer.example' });
    expect(res.status).toBe(201);
    // more rounds than PostgreSQL's five custom plans, both organizations at once, across the four server connections
    const rounds = await Promise.all(
      Array.from({ length: 16 }, (_, i) => (i % 2 ? b : a).agent.get('/api/search?q=Quartzfeld&kinds=contact')),
    );
    rounds.forEach((r, i) => {
      expect(r.status).toBe(200);
      expect(r.body.data.map((h: { id: string }) => h.id)).toEqual(i % 2 ? [] : [res.body.id]);
    });
  });

  it('a job over every organization and a pg-boss queue run through it', async () => {
    const drift = new StageDriftJob(t.orm, t.deps.services.tasks);
    await expect(drift.runOnce(new Date(Date.now() + 30 * 86_400_000))).resolves.toMatchObject({
      created: expect.any(Number),
    });
    const runs: string[] = [];
    const scheduler = await Scheduler.start(
      t.orm.config.getClientUrl(),
      [{ name: 'bouncer-once', cron: '0 0 1 1 *', run: async () => void runs.push('ran') }],
      createLogger('silent'),
    );
    try {
      await scheduler.runNow('bouncer-once');
      for (let i = 0; i < 60 && runs.length === 0; i++) await new Promise((r) => setTimeout(r, 250));
      expect(runs).toEqual(['ran']);
    } finally {
      await scheduler.stop();
    }
  }, 60_000);

  it('the principal cache hears the database over its direct connection: a deleted session ends at once', async () => {
    const member = await t.addMember(a.organizationId, 'user');
    for (let i = 0; i < 3; i++) expect((await member.agent.get('/api/auth/me')).status).toBe(200); // cached
    await t.sql('delete from sessions where user_id = $1', [member.userId]);
    // a LISTEN through the pooler would hear nothing: the cached principal would stay for its minute
    const deadline = Date.now() + 3_000;
    let status = 200;
    while (status !== 401 && Date.now() < deadline) {
      status = (await member.agent.get('/api/auth/me')).status;
      if (status !== 401) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
  });
});
