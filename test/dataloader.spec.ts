import { createTestApp, Registered, TestApp } from './support/test-app';
import { newCompany, newContact, newCustomer, newLead } from './support/crm';
import { clock } from '../src/lib/clock';
import { listStatementsOf } from './support/statements';

let t: TestApp;
let org: Registered;

/**
 * Counts the SQL statements the ORM sends while `run` executes (every query goes through Connection.execute), but
 * the rate limiter's: its read counter is written in batches (http/rate-limit.ts), whatever the rows. Each run
 * starts after the list totals' reuse time (db/read-path/count-cache.ts), so that both runs count their list.
 */
async function countStatements(run: () => Promise<unknown>): Promise<{ count: number; sql: string[] }> {
  const sql = await listStatementsOf(t, run);
  return { count: sql.length, sql };
}

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Loaders');
  const companies = [];
  for (let i = 0; i < 6; i++) companies.push(await newCompany(org.agent));
  for (let i = 0; i < 30; i++) {
    const ownerId = i % 2 ? org.userId : null;
    await newContact(org.agent, { companyId: companies[i % companies.length].id, ownerId });
    await newLead(org.agent, { companyName: companies[i % companies.length].name, ownerId });
    await newCustomer(org.agent, { companyId: companies[i % companies.length].id, ownerId });
    const converted = await newLead(org.agent, { companyName: companies[i % companies.length].name, ownerId });
    expect((await org.agent.post(`/api/leads/${converted.id}/convert`)).status).toBe(201);
  }
});
afterAll(() => t.close());
afterEach(() => clock.reset());

const CONTACTS = `query($limit: Int!) { contacts(limit: $limit) { data { id name
  owner { id email }
  company { id name contacts { id name owner { id } company { id } } }
} } }`;
const LEADS = `query($limit: Int!) { leads(limit: $limit) { data { id leadName companyName
  contact { id company { id contacts { id } } owner { id } }
  owner { id } customer { id name company { id } }
} } }`;
const CUSTOMERS = `query($limit: Int!) { customers(limit: $limit) { data { id name historyContactIds
  contact { id owner { id } } company { id contacts { id } } owner { id } convertedFrom { id leadName companyName contact { id } }
} } }`;

describe('GraphQL relations are batched per request (no N+1)', () => {
  it.each([
    ['contacts', CONTACTS],
    ['leads', LEADS],
    ['customers', CUSTOMERS],
  ])('the %s query sends as many statements for 30 rows as for 3', async (field, query) => {
    const run = (limit: number) =>
      countStatements(async () => {
        const res = await t.gql<Record<string, { data: unknown[] }>>(org.agent, query, { limit });
        expect(res.errors).toBeUndefined();
        expect(res.data![field].data).toHaveLength(limit);
      });
    const small = await run(3);
    const large = await run(30);
    if (process.env.SHOW_SQL) console.log(field, small.count, large.sql.join('\n'));
    expect(large.count).toBe(small.count);
    // session lookup + the list's count and page + one statement per relation level: a constant
    expect(small.count).toBeGreaterThanOrEqual(4); // the spy does see the statements
    expect(large.count).toBeLessThanOrEqual(14);
  });
});

describe('to-one relations selected in the contacts page are read by the page statement', () => {
  it('sends no statement for the company and the owner, through aliases and fragments', async () => {
    const query = `query($limit: Int!) { contacts(limit: $limit) { data { id ...Rel firm: company { id name } } } }
      fragment Rel on Contact { owner { id email } }`;
    type Row = { id: string; firm: { id: string; name: string } | null; owner: { id: string; email: string } | null };
    let rows: Row[] = [];
    const { count, sql } = await countStatements(async () => {
      const res = await t.gql<{ contacts: { data: Row[] } }>(org.agent, query, { limit: 30 });
      expect(res.errors).toBeUndefined();
      rows = res.data!.contacts.data;
    });
    // Each row's company and owner are the stored ones, with their own columns.
    const stored = await t.sql<{
      id: string;
      company_id: string | null;
      company_name: string | null;
      owner_email: string | null;
    }>(
      `select c.id, c.company_id, co.name as company_name, u.email as owner_email
         from contacts c left join companies co on co.id = c.company_id left join users u on u.id = c.owner_id
        where c.id in ($1)`, // knex expands the array
      [rows.map((r) => r.id)],
    );
    const byId = new Map(stored.map((r) => [r.id, r]));
    expect(rows.map((r) => [r.firm?.id ?? null, r.firm?.name ?? null, r.owner?.email ?? null])).toEqual(
      rows.map((r) => [byId.get(r.id)!.company_id, byId.get(r.id)!.company_name, byId.get(r.id)!.owner_email]),
    );
    expect(rows.filter((r) => r.firm).length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.owner).length).toBeGreaterThan(0);
    if (process.env.SHOW_SQL) console.log(sql.join('\n'));
    expect(sql.filter((s) => /from "(companies|users)"/.test(s))).toEqual([]);
    expect(sql.join('\n')).not.toContain('password_hash'); // a lazy column stays out of the join too
    expect(count).toBeLessThanOrEqual(3); // session lookup, page, count
  });
});
