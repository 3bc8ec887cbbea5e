/**
 * Row keys are time-ordered UUIDv7 (docs/decisions.md, "Time-ordered row keys"): rows made one after the other get
 * increasing keys, through the entities, the raw-SQL writers and the CSV import alike.
 */
import { newId } from '../src/lib/ids';
import { newCompany, newContact } from './support/crm';
import { createTestApp, TestApp } from './support/test-app';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('newId gives version-7 keys, each greater than the one before', () => {
  const ids = Array.from({ length: 2000 }, newId);
  for (const id of ids) expect(id).toMatch(V7);
  expect([...ids].sort()).toEqual(ids);
  expect(new Set(ids).size).toBe(ids.length);
});

it('rows created through the API and the CSV import get increasing version-7 keys', async () => {
  const org = await t.registerOrg('Row keys');
  const company = await newCompany(org.agent);
  const first = await newContact(org.agent);
  const second = await newContact(org.agent, { companyId: company.id });
  const imported = await org.agent
    .post('/api/customers/import')
    .attach('file', Buffer.from('name,email\nA,row-key-a@example.com\nB,row-key-b@example.com\n'), 'customers.csv');
  expect(imported.body).toMatchObject({ created: 2 });
  const rows = await t.sql<{ id: string; customer: string }>(
    `select c.id, cu.id as customer from contacts c left join customers cu on cu.contact_id = c.id
      where c.organization_id = $1 order by c.created_at, c.email`,
    [org.organizationId],
  );
  const keys = rows.flatMap((r) => [r.id, ...(r.customer ? [r.customer] : [])]);
  for (const key of [company.id, ...keys]) expect(key).toMatch(V7);
  expect(rows.slice(0, 2).map((r) => r.id)).toEqual([first.id, second.id]);
  const contactKeys = rows.map((r) => r.id);
  expect([...contactKeys].sort()).toEqual(contactKeys);
});
