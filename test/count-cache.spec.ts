import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { clock } from '../src/lib/clock';
import { randomUUID } from 'node:crypto';
import { COUNT_TTL_MS, COUNTS_CHANNEL, writeGeneration } from '../src/db/read-path';
import { withTenantAccess } from '../src/db/access';
import { createTestApp, TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => clock.reset());

/**
 * Waits until the app has heard every counts notice committed so far (its own writes' too, which forget a count
 * cached after them): a notice for no organization is heard after them, in commit order, on the one LISTEN connection.
 */
async function noticesHeard(): Promise<void> {
  const marker = randomUUID();
  await t.sql(`select pg_notify($1, $2)`, [COUNTS_CHANNEL, marker]);
  while (writeGeneration(marker) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

const total = async (agent: Awaited<ReturnType<TestApp['registerOrg']>>['agent'], query = {}) =>
  (await agent.get('/api/contacts').query(query)).body.pagination.totalItems as number;

describe('list totals (db/read-path/count-cache.ts)', () => {
  it('counts once per filter set for COUNT_TTL_MS, and a write of the organization shows at once', async () => {
    const a = await t.registerOrg('Count-A');
    const b = await t.registerOrg('Count-B');
    expect((await a.agent.post('/api/contacts').send({ name: 'One', status: 'lead' })).status).toBe(201);
    await noticesHeard(); // else the write's own notice, heard late, could forget the count cached below
    expect(await total(a.agent)).toBe(1);
    expect(await total(b.agent)).toBe(0); // another organization, its own count
    // a row written behind the API's back (another instance, a job) shows once the count is older than the TTL
    await t.sql(
      `insert into contacts (id, created_at, updated_at, organization_id, name, status) values (gen_random_uuid(), now(), now(), $1, 'Two', 'lead')`,
      [a.organizationId],
    );
    expect(await total(a.agent)).toBe(1);
    expect(await total(a.agent, { status: 'lead' })).toBe(2); // another filter set is counted afresh
    clock.advance(COUNT_TTL_MS);
    expect(await total(a.agent)).toBe(2);
    // a write through the API forgets the organization's counts
    expect((await a.agent.post('/api/contacts').send({ name: 'Three', status: 'lead' })).status).toBe(201);
    expect(await total(a.agent)).toBe(3);
    expect(await total(a.agent, { status: 'lead' })).toBe(3);
    expect(await total(b.agent)).toBe(0);
  });

  it('is forgotten by the data layer: a write through GraphQL, through REST and a transaction outside HTTP all show at once', async () => {
    const a = await t.registerOrg('Count-C');
    const b = await t.registerOrg('Count-D');
    expect(await total(a.agent)).toBe(0);
    expect(await total(b.agent)).toBe(0);
    const created = await a.agent
      .post('/graphql')
      .send({ query: 'mutation { createContact(input: { name: "By GraphQL", status: lead }) { id } }' });
    expect(created.body.errors).toBeUndefined();
    expect(await total(a.agent)).toBe(1);
    expect((await a.agent.post('/api/contacts').send({ name: 'By REST', status: 'lead' })).status).toBe(201);
    expect(await total(a.agent)).toBe(2);
    const id = created.body.data.createContact.id as string;
    expect((await a.agent.delete(`/api/contacts/${id}`)).status).toBe(200);
    expect(await total(a.agent)).toBe(1);
    // with an Idempotency-Key the request's writes commit in the transaction that stores its answer
    const keyed = await a.agent
      .post('/api/contacts')
      .set('Idempotency-Key', `count-${a.organizationId}`)
      .send({ name: 'Keyed', status: 'lead' });
    expect(keyed.status).toBe(201);
    expect(await total(a.agent)).toBe(2);
    // a native write in a transaction of the organization (a job, a script): no HTTP request, no rate limiter
    const em = t.orm.em.fork();
    em.setFilterParams('tenant', { organizationId: a.organizationId });
    await withTenantAccess(a.organizationId, () =>
      em.transactional((tx) =>
        tx.execute(
          `insert into contacts (id, created_at, updated_at, organization_id, name, status) values (gen_random_uuid(), now(), now(), ?, 'By a job', 'lead')`,
          [a.organizationId],
        ),
      ),
    );
    expect(await total(a.agent)).toBe(3);
    expect(await total(b.agent)).toBe(0);
  });

  it("is not the rate limiter's business", () => {
    const source = readFileSync(join(__dirname, '..', 'src', 'http', 'rate-limit.ts'), 'utf8');
    expect(source).not.toMatch(/read-path|count-cache|forgetCounts/);
  });
});
