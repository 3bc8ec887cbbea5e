import { Client } from 'pg';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { newCompany, newContact, newCustomer, newLead } from './support/crm';

let t: TestApp;
let org: Registered;
let member: Registered;
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((x) => x.id);

/**
 * Creates a lead dated on a given UTC day (at 00:00 or 23:59:59.999 to test the edges of the range).
 * The date is set in SQL: moving the service clock months back would expire the test's session.
 */
async function onDay(day: string, make: () => Promise<any>, time = '00:00:00.000'): Promise<any> {
  const lead = await make();
  await t.sql('update leads set created_at = $1 where id = $2', [`${day}T${time}Z`, lead.id]);
  return lead;
}

let l1: any, l2: any, l3: any, l4: any;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Lists');
  member = await t.addMember(org.organizationId, 'user');
  l1 = await onDay('2026-03-01', () =>
    newLead(org.agent, { leadName: 'Alice Crane', email: 'alice@cranes.example', ownerId: org.userId }),
  );
  l2 = await onDay(
    '2026-03-02',
    () =>
      newLead(org.agent, {
        leadName: 'Bob Lift',
        email: 'bob@lifts.example',
        status: 'contacted',
        ownerId: member.userId,
      }),
    '00:00:00.000',
  );
  l3 = await onDay(
    '2026-03-03',
    () =>
      newLead(org.agent, {
        leadName: 'Carol Crane',
        email: 'carol@other.example',
        status: 'contacted',
        ownerId: member.userId,
      }),
    '23:59:59.999',
  );
  l4 = await onDay('2026-03-04', () =>
    newLead(org.agent, { leadName: 'Dan 100%_Match', email: 'dan@cranes.example', status: 'lost' }),
  );
});
afterAll(() => t.close());

describe('GET /api/leads list parameters', () => {
  it('answers the paginated shape, newest first by default', async () => {
    const res = await org.agent.get('/api/leads').query({ limit: 3 });
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([l4.id, l3.id, l2.id]);
    expect(res.body.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalItems: 4,
      pageSize: 3,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    const p2 = await org.agent.get('/api/leads').query({ limit: 3, page: 2 });
    expect(ids(p2)).toEqual([l1.id]);
  });

  it('searches name and email, case-insensitive and partial, with % and _ literal', async () => {
    expect(ids(await org.agent.get('/api/leads').query({ search: 'CRANE', sortBy: 'name' }))).toEqual([
      l1.id,
      l3.id,
      l4.id,
    ]); // Dan by his email
    expect(ids(await org.agent.get('/api/leads').query({ search: 'cranes.EX', sortBy: 'email' }))).toEqual([
      l1.id,
      l4.id,
    ]);
    expect(ids(await org.agent.get('/api/leads').query({ search: '100%_m' }))).toEqual([l4.id]);
    expect(ids(await org.agent.get('/api/leads').query({ search: '%' }))).toEqual([l4.id]);
  });

  it('combines status, ownerId, search and the inclusive UTC date range', async () => {
    expect(ids(await org.agent.get('/api/leads').query({ status: 'contacted', sortBy: 'createdAt' }))).toEqual([
      l2.id,
      l3.id,
    ]);
    expect(ids(await org.agent.get('/api/leads').query({ status: 'contacted', search: 'crane' }))).toEqual([l3.id]);
    expect(
      ids(await org.agent.get('/api/leads').query({ ownerId: member.userId, sortBy: 'createdAt', sortOrder: 'asc' })),
    ).toEqual([l2.id, l3.id]);
    expect(
      ids(
        await org.agent
          .get('/api/leads')
          .query({ startDate: '2026-03-02', endDate: '2026-03-03', sortBy: 'createdAt' }),
      ),
    ).toEqual([l2.id, l3.id]);
    expect(
      ids(
        await org.agent
          .get('/api/leads')
          .query({ startDate: '2026-03-02', endDate: '2026-03-03', ownerId: member.userId, search: 'bob' }),
      ),
    ).toEqual([l2.id]);
    expect(ids(await org.agent.get('/api/leads').query({ endDate: '2026-03-01' }))).toEqual([l1.id]);
  });

  it('refuses an unknown sortBy with the allowed list, and bad parameters, with 400', async () => {
    const res = await org.agent.get('/api/leads').query({ sortBy: 'password' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { field: 'sortBy', message: 'sortBy must be one of: createdAt, updatedAt, name, leadName, email, status, score' },
    ]);
    for (const q of [
      { status: 'warm' },
      { ownerId: 'nope' },
      { startDate: '2026-02-30' },
      { limit: 101 },
      { page: 0 },
      { sortOrder: 'up' },
    ]) {
      const r = await org.agent.get('/api/leads').query(q);
      expect([r.status, r.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    }
  });

  it('honours the same filters in GraphQL', async () => {
    const q = await t.gql<any>(
      org.agent,
      'query { leads(status: contacted, search: "crane", startDate: "2026-03-03", endDate: "2026-03-03") { data { id leadName owner { id } } pagination { totalItems } } }',
    );
    expect(q.data.leads).toEqual({
      data: [{ id: l3.id, leadName: 'Carol Crane', owner: { id: member.userId } }],
      pagination: { totalItems: 1 },
    });
  });
});

describe('the other lists', () => {
  it('contacts: status, ownerId, search and sort; sortBy errors list the allowed fields', async () => {
    const own = await t.registerOrg('ContactsList');
    const a = await newContact(own.agent, { name: 'Zed Unknown', email: 'zed@x.example' });
    const b = await newContact(own.agent, {
      name: 'Amy Lead',
      email: 'amy@x.example',
      status: 'lead',
      ownerId: own.userId,
    });
    await newContact(own.agent, { name: 'Amy Other', email: 'amy@y.example', status: 'customer' });
    expect(ids(await own.agent.get('/api/contacts').query({ search: 'amy', status: 'lead' }))).toEqual([b.id]);
    expect(ids(await own.agent.get('/api/contacts').query({ ownerId: own.userId }))).toEqual([b.id]);
    expect(
      ids(await own.agent.get('/api/contacts').query({ search: 'x.example', sortBy: 'name', sortOrder: 'desc' })),
    ).toEqual([a.id, b.id]);
    const bad = await own.agent.get('/api/contacts').query({ sortBy: 'nope' });
    expect(bad.body.details[0].message).toBe(
      'sortBy must be one of: createdAt, updatedAt, name, email, status, lastContactedAt',
    );
  });

  it('customers and companies: search, ownerId, sort', async () => {
    const own = await t.registerOrg('CustList');
    const c1 = await newCustomer(own.agent, { name: 'Beta Rentals', email: 'ops@beta.example', ownerId: own.userId });
    const c2 = await newCustomer(own.agent, { name: 'Alpha Rentals', email: 'ops@alpha.example' });
    expect(ids(await own.agent.get('/api/customers').query({ search: 'rentals', sortBy: 'name' }))).toEqual([
      c2.id,
      c1.id,
    ]);
    expect(ids(await own.agent.get('/api/customers').query({ search: 'BETA', ownerId: own.userId }))).toEqual([c1.id]);
    expect((await own.agent.get('/api/customers').query({ sortBy: 'x' })).body.details[0].message).toBe(
      'sortBy must be one of: createdAt, updatedAt, name, email, lifetimeOrders',
    );
    const k1 = await newCompany(own.agent, { name: 'Crane Works', employeeCount: 5 });
    const k2 = await newCompany(own.agent, { name: 'Big Crane', employeeCount: 50 });
    expect(
      ids(await own.agent.get('/api/companies').query({ search: 'crane', sortBy: 'employeeCount', sortOrder: 'desc' })),
    ).toEqual([k2.id, k1.id]);
  });

  it('search is served by trigram indexes (usable at a million rows)', async () => {
    const client = new Client({ connectionString: t.orm.config.get('clientUrl') });
    await client.connect();
    try {
      await client.query('set enable_seqscan = off');
      for (const [table, column, index] of [
        ['contacts', 'name', 'contacts_name_trgm_index'],
        ['contacts', 'email', 'contacts_email_trgm_index'],
        ['companies', 'name', 'companies_name_trgm_index'],
      ]) {
        const plan = await client.query(`explain select id from ${table} where ${column} ilike '%crane%'`);
        // or the search box's trigram index led by organization_id on the same column (docs/search.md, "Indexes")
        expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(
          new RegExp(`${index}|${table}_search_${column}_index`),
        );
      }
      // the email lookups of create and import use the unique index on lower(email), once the organization has
      // contacts enough for the planner to weigh its indexes (on an empty table any index ties)
      await client.query(
        `insert into contacts (id, created_at, updated_at, organization_id, name, email, status)
         select gen_random_uuid(), now(), now(), $1, 'Bulk ' || g, 'bulk' || g || '@x.example', 'lead' from generate_series(1, 5000) g`,
        [org.organizationId],
      );
      await client.query('analyze contacts');
      const plan = await client.query(
        `explain select id from contacts where organization_id = $1 and lower(email) in ('a@x.example', 'b@x.example') and superseded_by_id is null`,
        [org.organizationId],
      );
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('contacts_organization_id_lower_email_unique');
    } finally {
      await client.end();
    }
  });
});
