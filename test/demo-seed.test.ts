/**
 * The demo business (src/demo): seeded deterministically (its speed is `npm run bench demo`, not a test), every status present, consistent with
 * what the services would have written (no overbooking, lifetime values, invoice balances), and the
 * README's examples still run against it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO, seedDemo, TEAM } from '../src/demo';
import { idsOf, snapshot } from './support/fixtures';
import { Agent, createTestApp, TestApp } from './support/test-app';

let t: TestApp;
let organizationId: string;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  organizationId = await seedDemo(t.orm);
  admin = await t.login(DEMO.admin.email, DEMO.admin.password);
}, 120_000); // a busy machine may take far longer than a quiet one (docs/testing.md): no timing is asserted here
afterAll(() => t.close());

const total = async (path: string) => {
  const res = await admin.get(path);
  expect(res.status).toBe(200);
  return res.body.pagination.totalItems as number;
};

it('lets every member of the team log in with the documented password and role', async () => {
  for (const m of TEAM) {
    const res = await t
      .agent()
      .post('/api/auth/login')
      .send({ email: m.email, password: m.password ?? DEMO.teamPassword });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ organizationId, role: m.role, firstName: m.firstName });
  }
  expect(await total('/api/organization/users')).toBe(5);
});

it('has a catalog, 200 contacts in every status and leads in every lead status', async () => {
  expect(await total('/api/inventory?limit=100')).toBeGreaterThanOrEqual(40);
  expect(await total('/api/companies')).toBe(40);
  expect(await total('/api/contacts')).toBe(200);
  for (const status of ['customer', 'lead', 'unknown'])
    expect(await total(`/api/contacts?status=${status}`)).toBeGreaterThan(0);
  for (const status of ['new', 'contacted', 'qualified', 'negotiation', 'converted', 'lost'])
    expect(await total(`/api/leads?status=${status}`)).toBeGreaterThan(0);
});

it('has opportunities in every stage, a year of orders in every status, invoices (some overdue) and tasks', async () => {
  const [pipeline] = (await admin.get('/api/pipelines')).body;
  for (const stage of pipeline.stages)
    expect(
      await total(
        `/api/opportunities?stageId=${stage.id}&status=${stage.isWon ? 'won' : stage.isLost ? 'lost' : 'open'}`,
      ),
    ).toBeGreaterThan(0);
  expect(await total('/api/opportunities/stagnant')).toBeGreaterThan(0);
  for (const status of ['pending', 'completed', 'cancelled'])
    expect(await total(`/api/transactions?status=${status}`)).toBeGreaterThan(0);
  const [oldest] = (await admin.get('/api/transactions?sortBy=orderDate&sortOrder=asc&limit=1')).body.data;
  expect(Date.now() - Date.parse(oldest.orderDate)).toBeGreaterThan(300 * 86_400_000);
  for (const status of ['draft', 'sent', 'paid', 'overdue', 'void'])
    expect(await total(`/api/invoices?status=${status}`)).toBeGreaterThan(0);
  expect(await total('/api/tasks')).toBeGreaterThan(50);
});

it('has an activity log that explains every last-contact date, with calls, emails, meetings and texts', async () => {
  for (const type of ['call', 'email', 'meeting', 'sms'])
    expect(await total(`/api/activities?type=${type}`)).toBeGreaterThan(0);
  const mismatched = await t.sql(
    `select c.id from contacts c
      where c.organization_id = $1 and c.last_contacted_at is distinct from
            (select max(a.occurred_at) from activities a where a.contact_id = c.id)`,
    [organizationId],
  );
  expect(mismatched).toEqual([]);
  const report = (await admin.get('/api/analytics/activities')).body;
  expect(report.total.current).toBeGreaterThan(0);
});

it('is consistent: no day overbooked, lifetime values and invoice balances add up', async () => {
  const overbooked = await t.sql(
    `with taken as (
       select l.item_id, l.quantity, o.pickup_date s, o.return_date e from rental_order_lines l join rental_orders o on o.id = l.order_id
        where o.organization_id = $1 and o.status in ('pending', 'completed')
       union all select item_id, quantity, start_date, coalesce(end_date, current_date + 400) from maintenance_holds where organization_id = $1)
     select i.item_number, d from taken t join inventory_items i on i.id = t.item_id, generate_series(t.s, t.e, interval '1 day') d
      group by 1, 2, i.quantity_owned having sum(t.quantity) > i.quantity_owned`,
    [organizationId],
  );
  expect(overbooked).toEqual([]);
  const lifetime = await t.sql(
    `select c.id from customers c where c.organization_id = $1 and c.lifetime_order_value <> coalesce((select sum(total) from rental_orders o where o.customer_id = c.id and o.status = 'completed'), 0)`,
    [organizationId],
  );
  expect(lifetime).toEqual([]);
  const invoices = await t.sql(
    `select i.number from invoices i where i.organization_id = $1 and (i.amount_paid <> coalesce((select sum(amount) from payments p where p.invoice_id = i.id), 0) or (i.status = 'paid') <> (i.amount_paid = i.total) or i.amount_paid > i.total)`,
    [organizationId],
  );
  expect(invoices).toEqual([]);
  const [sequence] = await t.sql<{ last_number: number; max: number }>(
    'select s.last_number, (select max(number) from invoices where organization_id = $1) as max from invoice_sequences s where organization_id = $2',
    [organizationId, organizationId],
  );
  expect(sequence.last_number).toBe(sequence.max);
});

it('has every id the README examples use (demo ids are stable across re-seeds)', async () => {
  const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
  const named = [...new Set(readme.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [])];
  expect(named.length).toBeGreaterThanOrEqual(5);
  const ids = new Set(await idsOf(t, organizationId));
  expect(named.filter((id) => !ids.has(id))).toEqual([]);
});

it('leaves room for the README examples (their item number, lead and company are not taken)', async () => {
  const item = await admin.post('/api/inventory').send({
    name: 'Scissor lift 26ft',
    itemNumber: 'SL-26',
    category: 'Lifts',
    dailyRate: '100.00',
    weeklyRate: '400.00',
    monthlyRate: '1200.00',
    quantityOwned: 2,
  });
  expect(item.status).toBe(201);
  const lead = await admin.post('/api/leads').send({
    leadName: 'Sam Rivera',
    email: 'sam@rivera.example',
    phone: '+14155550123',
    companyName: 'Rivera Builders',
    status: 'new',
  });
  expect(lead.status).toBe(201);
});

it('is deterministic: seeding again on the same day gives the same rows and ids', async () => {
  const day = new Date().toISOString().slice(0, 10);
  const comparable = async () => {
    const s = await snapshot(t, organizationId, ['sessions', 'rate_limit_counters']);
    s.users = s.users.map((u) => ({ ...(u as { row: Record<string, unknown> }).row, password_hash: null }));
    return s;
  };
  await seedDemo(t.orm, { today: day }); // drops what the tests above added
  const before = await comparable();
  expect(await seedDemo(t.orm, { today: day })).toBe(organizationId);
  expect(await comparable()).toEqual(before);
}, 120_000);
