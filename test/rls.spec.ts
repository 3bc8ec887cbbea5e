import type { EntityManager } from '@mikro-orm/postgresql';
import { TENANT_FILTER, tenantFilter } from '../src/db/tenant-filter';
import { withNoAccess, withPlatformAccess, withTenantAccess } from '../src/db/access';
import { Contact } from '../src/modules/crm/contacts/contact.entity';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { newContact } from './support/crm';

/**
 * Layer 4 of tenancy, row-level security (src/db/access.ts; docs/architecture.md, "Tenancy, in layers"): with the ORM's tenant filter
 * switched off, a connection still neither reads nor writes another organization's rows.
 */
let t: TestApp;
let a: Registered;
let b: Registered;
let contactOfB: Record<string, any>;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.registerOrg('RLS A');
  b = await t.registerOrg('RLS B');
  await newContact(a.agent, { name: 'Alice of A' });
  contactOfB = await newContact(b.agent, { name: 'Bob of B' });
});
afterAll(() => t.close());

const em = (): EntityManager => t.orm.em.fork({ clear: true }) as EntityManager;
const sql = <T>(text: string, params: unknown[] = []): Promise<T[]> => em().execute(text, params);

/** Runs `fn` with the ORM's tenant filter off for every EntityManager (as a bug that forgot it would). */
async function withoutOrmFilter<T>(fn: () => Promise<T>): Promise<T> {
  const filter = t.orm.config.get('filters')[TENANT_FILTER];
  filter.cond = () => ({});
  try {
    return await fn();
  } finally {
    filter.cond = tenantFilter.cond;
  }
}

describe('the catalog', () => {
  it('forces a policy on every table with an organization_id, on organizations and on the audit trail', async () => {
    const unprotected = await sql<{ table: string }>(`
      select c.relname as "table" from pg_class c
       where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
         and (exists (select 1 from pg_attribute where attrelid = c.oid and attname = 'organization_id')
              or c.relname in ('organizations', 'audit_entries'))
         and not (c.relrowsecurity and c.relforcerowsecurity
                  and exists (select 1 from pg_policies p where p.tablename = c.relname and p.schemaname = 'public'))`);
    expect(unprotected).toEqual([]);
    const [n] = await sql<{ policies: string; tables: string }>(
      `select (select count(*) from pg_policies where schemaname = 'public' and policyname = 'tenant_isolation') as policies,
              (select count(distinct table_name) + 1 from information_schema.columns
                where table_schema = 'public' and column_name = 'organization_id') as tables`,
    );
    expect(Number(n.policies)).toBe(Number(n.tables)); // every tenant table, plus organizations
    expect(Number(n.tables)).toBeGreaterThan(30);
  });

  it('the service connects as crm_app, which owns no table and cannot bypass row-level security', async () => {
    const [who] = await withTenantAccess(a.organizationId, () =>
      sql<{ user: string; bypass: boolean; owned: string }>(
        `select current_user as user, (select rolbypassrls or rolsuper from pg_roles where rolname = current_user) as bypass,
                (select count(*) from pg_tables where tableowner = current_user) as owned`,
      ),
    );
    expect(who).toEqual({ user: 'crm_app', bypass: false, owned: '0' });
  });
});

describe('with the ORM tenant filter off', () => {
  it('reads only the own organization', async () => {
    const names = await withoutOrmFilter(() =>
      withTenantAccess(a.organizationId, async () => (await em().find(Contact, {})).map((c) => c.name)),
    );
    expect(names).toEqual(['Alice of A']);
    const found = await withoutOrmFilter(() =>
      withTenantAccess(a.organizationId, () => em().findOne(Contact, { id: contactOfB.id })),
    );
    expect(found).toBeNull();
  });

  it('cannot update or delete another organization’s row (zero rows touched)', async () => {
    await withTenantAccess(a.organizationId, async () => {
      expect(await em().nativeUpdate(Contact, { id: contactOfB.id }, { name: 'hijacked' }, { filters: false })).toBe(0);
      expect(await em().nativeDelete(Contact, { id: contactOfB.id }, { filters: false })).toBe(0);
    });
    const [row] = await t.sql<{ name: string }>('select name from contacts where id = $1', [contactOfB.id]);
    expect(row.name).toBe('Bob of B');
  });

  it('cannot insert a row into another organization, nor move its own row there', async () => {
    await expect(
      withTenantAccess(a.organizationId, () =>
        sql(
          `insert into contacts (id, organization_id, name, status, created_at, updated_at)
             values (gen_random_uuid(), ?, 'planted', 'lead', now(), now())`,
          [b.organizationId],
        ),
      ),
    ).rejects.toThrow(/row-level security/);
    await expect(
      withTenantAccess(a.organizationId, () =>
        sql(`update contacts set organization_id = ? where organization_id = ?`, [b.organizationId, a.organizationId]),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('an HTTP request of organization A gets a 404 for B’s contact and lists only its own', async () => {
    await withoutOrmFilter(async () => {
      expect((await a.agent.get(`/api/contacts/${contactOfB.id}`)).status).toBe(404);
      const list = await a.agent.get('/api/contacts');
      expect(list.status).toBe(200);
      expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(['Alice of A']);
      const gql = await t.gql(a.agent, `{ contacts { data { name } } }`);
      expect(gql.data).toEqual({ contacts: { data: [{ name: 'Alice of A' }] } });
    });
  });
});

describe('indexes under the policies', () => {
  /** The plan of `query` for organization A's context, where only a bitmap index scan (an index condition) is cheap. */
  async function plan(query: string): Promise<string> {
    return withTenantAccess(a.organizationId, () =>
      em().transactional(async (tx) => {
        const run = (text: string) => tx.execute(text, [], 'all');
        for (const scan of ['seqscan', 'indexscan', 'indexonlyscan']) await run(`set local enable_${scan} = off`);
        const rows = (await run(`explain ${query}`)) as unknown as { 'QUERY PLAN': string }[];
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      }),
    );
  }

  it('lower(text) and ilike are leakproof, so that the email lookups keep their (organization_id, lower(email)) index', async () => {
    const rows = await sql<{ f: string; leakproof: boolean }>(
      `select oid::regprocedure::text as f, proleakproof as leakproof from pg_proc
        where oid in ('pg_catalog.lower(text)'::regprocedure, 'pg_catalog.texticlike(text, text)'::regprocedure) order by 1`,
    );
    expect(rows).toEqual([
      { f: 'lower(text)', leakproof: true },
      { f: 'texticlike(text,text)', leakproof: true },
    ]);
  });

  it('an ilike search reads the trigram index (a policy keeps a non-leakproof condition out of the index)', async () => {
    const p = await plan(`select id from contacts where name ilike '%alice%'`);
    expect(p).toContain('contacts_name_trgm_index');
  });
});

describe('the access contexts', () => {
  it('no organization (an HTTP request before authentication) sees no tenant row at all', async () => {
    const [row] = await withNoAccess(() => sql<{ n: string }>('select count(*) as n from contacts'));
    expect(row.n).toBe('0');
    const [orgs] = await withNoAccess(() => sql<{ n: string }>('select count(*) as n from organizations'));
    expect(orgs.n).toBe('0');
  });

  it('the platform access (workers, sign-up, super admin) sees every organization', async () => {
    const rows = await withPlatformAccess(() =>
      sql<{ organization_id: string }>(
        'select distinct organization_id from contacts where organization_id in (?, ?)',
        [a.organizationId, b.organizationId],
      ),
    );
    expect(rows).toHaveLength(2);
  });

  it('the audit trail is written by the platform only; an organization reads only the entries about it', async () => {
    await t.sql(
      `insert into audit_entries (id, created_at, actor_user_id, actor_email, target_organization_id, action, status)
       values (gen_random_uuid(), now(), $1, 'x@example.test', $2, 'test', 200)`,
      [a.userId, a.organizationId],
    );
    const count = (organizationId: string) =>
      withTenantAccess(organizationId, () => sql<{ n: string }>('select count(*) as n from audit_entries'));
    expect((await count(a.organizationId))[0].n).toBe('1');
    expect((await count(b.organizationId))[0].n).toBe('0');
    await expect(
      withTenantAccess(a.organizationId, () =>
        sql(
          `insert into audit_entries (id, created_at, actor_user_id, actor_email, target_organization_id, action, status)
           values (gen_random_uuid(), now(), ?, 'forged@example.test', ?, 'forged', 200)`,
          [a.userId, a.organizationId],
        ),
      ),
    ).rejects.toThrow(/row-level security/);
    await withTenantAccess(a.organizationId, () => sql('delete from audit_entries'));
    expect((await count(a.organizationId))[0].n).toBe('1');
  });

  it('a pooled connection switches between organizations without carrying the previous one', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      const org = i % 2 ? a : b;
      const names = await withTenantAccess(org.organizationId, () =>
        sql<{ name: string }>('select name from contacts'),
      );
      seen.push(names.map((n) => n.name).join());
    }
    expect(seen).toEqual(['Bob of B', 'Alice of A', 'Bob of B', 'Alice of A', 'Bob of B', 'Alice of A']);
  });
});

describe('credential lookups keep the connection in its tenant settings', () => {
  const switches = async () => {
    const { registry } = await import('../src/observability/metrics');
    const metric = await registry.getSingleMetric('crm_db_access_switches_total')?.get();
    return (metric?.values ?? []).reduce((n, v) => n + v.value, 0);
  };

  it('sequential requests of one session switch the connection far less often than once per request', async () => {
    await a.agent.get('/api/contacts').expect(200); // warm: the connection takes A's settings
    const before = await switches();
    for (let i = 0; i < 20; i++) await a.agent.get('/api/contacts').expect(200);
    // A platform lookup per request switched platform -> tenant -> platform: 40 switches here.
    expect((await switches()) - before).toBeLessThan(5);
  });

  it('an API key and a session still resolve to their own organization only', async () => {
    const key = await a.agent.post('/api/api-keys').send({ name: 'rls', role: 'user' });
    expect(key.status).toBe(201);
    const bearer = `Bearer ${key.body.secret}`;
    const viaKey = await t.agent().get(`/api/contacts/${contactOfB.id}`).set('authorization', bearer);
    expect(viaKey.status).toBe(404);
    const own = await t.agent().get('/api/contacts').set('authorization', bearer);
    expect(own.status).toBe(200);
    expect(own.body.data.map((c: { name: string }) => c.name)).toEqual(['Alice of A']);
  });
});
