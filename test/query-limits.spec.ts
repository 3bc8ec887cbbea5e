/**
 * "One GraphQL request must never take the service down": the reported attacks are refused with 400 and a
 * documented code before any resolver runs, ordinary queries still work, and cost is charged to the budget.
 */
import { getIntrospectionQuery } from 'graphql';
import { buildExecutableSchema, compilePricedRoutes } from '../src/composition';
import { QueryLimits } from '../src/graphql/query-limits';
import { clock } from '../src/lib/clock';
import { freshRateWindow } from './support/accounts';
import { newCompany, newContact } from './support/crm';
import { Agent, createTestApp, Registered, TestApp } from './support/test-app';
import { statementsOf } from './support/statements';

let t: TestApp;
let org: Registered;
let companyId: string;

/** The SQL statements the ORM sends while `run` executes. */
const statements = (run: () => Promise<unknown>) => statementsOf(t, run);

const post = (agent: Agent, query: string, variables?: Record<string, unknown>) =>
  agent.post('/graphql').set('content-type', 'application/json').send({ query, variables });

function expectRefused(
  res: { status: number; body: { errors?: { message: string; extensions: { code: string } }[]; data?: unknown } },
  code: string,
  message?: RegExp,
) {
  expect(res.status).toBe(400);
  expect(res.body.data).toBeUndefined();
  expect(res.body.errors).toHaveLength(1);
  expect(res.body.errors![0].extensions.code).toBe(code);
  if (message) expect(res.body.errors![0].message).toMatch(message);
}

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Limits');
  companyId = (await newCompany(org.agent, { name: 'Big Co' })).id;
  // 20,000 contacts in one company, as in the report.
  await t.sql(
    `insert into contacts (id, created_at, updated_at, organization_id, name, email, company_id, status)
     select gen_random_uuid(), now(), now(), $1, 'Contact ' || lpad(g::text, 5, '0'), 'c' || g || '@big.example', $2, 'lead'
     from generate_series(1, 20000) g`,
    [org.organizationId, companyId],
  );
});
afterAll(() => t.close());

describe('refused before anything runs', () => {
  it('the reported attack query: 400 QUERY_TOO_DEEP, and no resolver touched the database', async () => {
    const attack =
      '{ contacts(limit: 100) { data { company { contacts { company { contacts { company { contacts { name } } } } } } } } }';
    let res: Awaited<ReturnType<typeof post>> | undefined;
    const sql = await statements(async () => {
      res = await post(org.agent, attack);
    });
    expectRefused(res!, 'QUERY_TOO_DEEP', /^query depth 9 exceeds the limit of 8$/);
    expect(sql.filter((s) => /\bcontacts\b/.test(s))).toEqual([]); // only the session and the rate-limit counter
  });

  it('the same fan-out within the depth limit: 400 QUERY_TOO_COMPLEX naming its cost and the limit', async () => {
    const res = await post(
      org.agent,
      '{ contacts(limit: 100) { data { company { contacts(limit: 100) { company { contacts(limit: 100) { name } } } } } } }',
    );
    expectRefused(res, 'QUERY_TOO_COMPLEX', /^query cost 1020201 exceeds the limit of 20000$/);
  });

  it('the cost follows the variables', async () => {
    const query =
      'query($n: Int!) { companies(limit: $n) { data { contacts(limit: 100) { name company { name } } } } }';
    expectRefused(
      await post(org.agent, query, { n: 100 }),
      'QUERY_TOO_COMPLEX',
      /^query cost 20101 exceeds the limit of 20000$/,
    ); // 1 + 100 x (1 + 100 x 2)
    const small = await post(org.agent, query, { n: 2 });
    expect(small.status).toBe(200);
    expect(small.body.errors).toBeUndefined();
  });

  it('200 aliases of contacts(limit: 100): 400 QUERY_TOO_BROAD', async () => {
    const aliases = Array.from({ length: 200 }, (_, i) => `c${i}: contacts(limit: 100) { data { name } }`).join(' ');
    expectRefused(
      await post(org.agent, `{ ${aliases} }`),
      'QUERY_TOO_BROAD',
      /^query has 200 aliases, more than the limit of 15$/,
    );
  });

  it('2000 aliases of me: 400 QUERY_TOO_LARGE (the parser stops at the token budget)', async () => {
    const aliases = Array.from({ length: 2000 }, (_, i) => `m${i}: me { user { id } }`).join(' ');
    expectRefused(await post(org.agent, `{ ${aliases} }`), 'QUERY_TOO_LARGE', /^query has more than 5000 tokens$/);
  });

  it('16 aliases of me, under the token budget: 400 QUERY_TOO_BROAD', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `m${i}: me { user { id } }`).join(' ');
    expectRefused(await post(org.agent, `{ ${aliases} }`), 'QUERY_TOO_BROAD', /16 aliases/);
  });

  it('fragments that expand exponentially: 400 QUERY_TOO_COMPLEX', async () => {
    const fragments = Array.from(
      { length: 20 },
      (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`,
    ).join(' ');
    const res = await post(org.agent, `query { ...F0 } ${fragments} fragment F20 on Query { me { user { id } } }`);
    expectRefused(res, 'QUERY_TOO_COMPLEX', /too many fields/);
  });

  it('too many root fields: 400 QUERY_TOO_BROAD (GRAPHQL_MAX_ROOT_FIELDS)', async () => {
    const narrow = await createTestApp({ GRAPHQL_MAX_ROOT_FIELDS: '2' });
    try {
      const a = await narrow.registerOrg('Narrow');
      const res = await post(
        a.agent,
        '{ me { user { id } } contacts { pagination { totalItems } } companies { pagination { totalItems } } }',
      );
      expectRefused(res, 'QUERY_TOO_BROAD', /^query has 3 root fields, more than the limit of 2$/);
      expect((await post(a.agent, '{ me { user { id } } contacts { pagination { totalItems } } }')).status).toBe(200);
    } finally {
      await narrow.close();
    }
  });
});

describe('ordinary queries still work', () => {
  it('a nested query: contacts with their company and owner', async () => {
    const res = await t.gql<{ contacts: { data: { name: string; company: { name: string }; owner: null }[] } }>(
      org.agent,
      '{ contacts(limit: 20) { data { name company { name } owner { email } } pagination { totalItems } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.contacts.data).toHaveLength(20);
    expect(res.data!.contacts.data[0].company.name).toBe('Big Co');
  });

  it('the introspection query of the Sandbox', async () => {
    const res = await t.gql<{ __schema: { types: unknown[] } }>(
      org.agent,
      getIntrospectionQuery({
        descriptions: true,
        specifiedByUrl: true,
        directiveIsRepeatable: true,
        schemaDescription: true,
        inputValueDeprecation: true,
      }),
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.__schema.types.length).toBeGreaterThan(50);
  });
});

describe('relation lists are capped per parent', () => {
  it('company.contacts returns its default of 50, at most 100, and refuses more', async () => {
    const q = (limit?: number) =>
      t.gql<{ company: { contacts: { name: string }[] } }>(
        org.agent,
        `query($id: ID!) { company(id: $id) { contacts${limit ? `(limit: ${limit})` : ''} { name } } }`,
        { id: companyId },
      );
    const byDefault = await q();
    expect(byDefault.data!.company.contacts).toHaveLength(50);
    expect(byDefault.data!.company.contacts[0].name).toBe('Contact 00001'); // by name
    expect((await q(100)).data!.company.contacts).toHaveLength(100);
    const over = await q(101);
    expect(over.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
  });

  it('one statement loads the capped contacts of every company of a page', async () => {
    const other = await newCompany(org.agent, { name: 'Small Co' });
    for (let i = 0; i < 3; i++) await newContact(org.agent, { companyId: other.id });
    let data: { name: string; contacts: unknown[] }[] = [];
    const sql = await statements(async () => {
      const res = await t.gql<{ companies: { data: { name: string; contacts: unknown[] }[] } }>(
        org.agent,
        '{ companies(limit: 10) { data { name contacts(limit: 5) { id } } } }',
      );
      data = res.data!.companies.data;
    });
    expect(Object.fromEntries(data.map((c) => [c.name, c.contacts.length]))).toEqual({ 'Big Co': 5, 'Small Co': 3 });
    const contactLoads = sql.filter((s) => /from "contacts"/.test(s));
    expect(contactLoads).toHaveLength(1);
    expect(contactLoads[0]).toMatch(/row_number\(\) over \(partition by r\."company_id"/);
  });
});

describe('cost is charged against the rate limit', () => {
  let small: TestApp;
  let a: Registered;
  beforeAll(async () => {
    small = await createTestApp({ RATE_LIMIT_READ: '12', RATE_LIMIT_COST_UNIT: '1000', TRUST_PROXY: 'true' });
    a = await small.registerOrg('Budget');
  });
  afterAll(async () => {
    clock.reset();
    await small.close();
  });

  it('a query of cost 4041 draws 5 units of 12: the third is 429', async () => {
    freshRateWindow();
    const query = '{ companies(limit: 40) { data { contacts(limit: 100) { name } } } }';
    const first = await post(a.agent, query);
    expect(first.status).toBe(200);
    expect(first.headers['ratelimit-remaining']).toBe('7');
    expect((await post(a.agent, query)).headers['ratelimit-remaining']).toBe('2');
    const third = await post(a.agent, query);
    expect(third.status).toBe(429);
    expect(third.body.errors[0].extensions.code).toBe('RATE_LIMITED'); // GraphQL over HTTP's shape on /graphql
    expect(third.body.errors[0].message).toMatch(/this request counts as 5/);
  });

  it('a cheap query draws one unit', async () => {
    freshRateWindow();
    const res = await post(a.agent, '{ me { user { id } } }');
    expect(res.headers['ratelimit-remaining']).toBe('11');
  });

  it('a refused query draws one unit', async () => {
    freshRateWindow();
    const aliases = Array.from({ length: 200 }, (_, i) => `c${i}: contacts(limit: 100) { data { name } }`).join(' ');
    const res = await post(a.agent, `{ ${aliases} }`);
    expect(res.status).toBe(400);
    expect(res.headers['ratelimit-remaining']).toBe('11');
  });

  it('a REST row is charged its compiled operation at its page size', async () => {
    freshRateWindow();
    const plain = await a.agent.get('/api/customers?limit=100'); // 1 + 100 records: one unit
    expect(plain.status).toBe(200);
    expect(plain.headers['ratelimit-remaining']).toBe('11');
    const orders = await a.agent.get('/api/transactions?limit=100'); // 100 orders x (order, customer, 100 lines): 10201
    expect(orders.status).toBe(200);
    expect(orders.headers['ratelimit-remaining']).toBe('0');
    const next = await a.agent.get('/api/customers');
    expect(next.status).toBe(429);
    freshRateWindow();
    const fewer = await a.agent.get('/api/transactions?limit=10'); // 1021: 2 units
    expect(fewer.status).toBe(200);
    expect(fewer.headers['ratelimit-remaining']).toBe('10');
  });
});

describe('the REST table obeys the same limits', () => {
  it('a row over the limits stops the start, naming the row', async () => {
    const schema = await buildExecutableSchema();
    const tight = new QueryLimits(schema, {
      maxTokens: 5000,
      maxDepth: 8,
      maxAliases: 15,
      maxRootFields: 20,
      maxCost: 5000,
    });
    expect(() => compilePricedRoutes(schema, tight)).toThrow(
      /REST route GET \/api\/\S+: query cost \d+ exceeds the limit of 5000/,
    );
    const shallow = new QueryLimits(schema, {
      maxTokens: 5000,
      maxDepth: 2,
      maxAliases: 15,
      maxRootFields: 20,
      maxCost: 20000,
    });
    expect(() => compilePricedRoutes(schema, shallow)).toThrow(/query depth \d+ exceeds the limit of 2/);
  });

  it('with the default limits every row fits, at its largest page', async () => {
    expect(t.deps.config.queryLimits.maxCost).toBe(20000);
    const schema = await buildExecutableSchema();
    const routes = compilePricedRoutes(schema, new QueryLimits(schema, t.deps.config.queryLimits));
    const worst = Math.max(...routes.map((r) => r.cost(100)));
    expect(worst).toBeLessThanOrEqual(20000);
  });
});
