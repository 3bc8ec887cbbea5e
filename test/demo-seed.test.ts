/**
 * The demo business (src/demo): seeded deterministically (its speed is `npm run bench demo`, not a test), every status present, consistent with
 * what the services would have written (no overbooking, lifetime values, invoice balances), and the
 * README's examples still run against it.
 */
import { readFileSync } from 'node:fs';
import Decimal from 'decimal.js';
import { join } from 'node:path';
import { DEMO, seedDemo, TEAM } from '../src/demo';
import { todayIn } from '../src/lib/calendar-days';
import { PROJECTS } from '../src/demo/sales';
import { idsOf, snapshot } from './support/fixtures';
import { Agent, createTestApp, TestApp } from './support/test-app';

let t: TestApp;
let organizationId: string;
let admin: Agent;
/** The day the seed counts from: what `seedDemo` takes by default, named so that a second seed takes the same. */
const day = todayIn(DEMO.timezone);
/** The rows of the first seed, on a fresh database, before anything logged in. */
let firstSeed: Record<string, unknown[]>;

/** The demo organization's rows, without what a login writes and the password hashes (salted at random). */
async function comparable(): Promise<Record<string, unknown[]>> {
  const s = await snapshot(t, organizationId, ['sessions', 'rate_limit_counters', 'live_messages']);
  s.users = s.users.map((u) => ({ ...(u as { row: Record<string, unknown> }).row, password_hash: null }));
  return s;
}

beforeAll(async () => {
  t = await createTestApp();
  organizationId = await seedDemo(t.orm, { today: day });
  firstSeed = await comparable();
  admin = await t.login(DEMO.admin.email, DEMO.admin.password);
}, 120_000); // a busy machine may take far longer than a quiet one (docs/testing.md): no timing is asserted here
afterAll(() => t.close());

// First, so that one more seed is enough (a seed is the file's longest step): the tests below read the second one.
it('is deterministic: seeding again on the same day replaces the organization with the same rows and ids', async () => {
  // something of its own first, which the second seed must drop with the rest
  expect((await admin.post('/api/companies').send({ name: 'Not in the demo' })).status).toBe(201);
  expect(await seedDemo(t.orm, { today: day })).toBe(organizationId);
  expect(await comparable()).toEqual(firstSeed);
  admin = await t.login(DEMO.admin.email, DEMO.admin.password); // the seed replaced the team and their sessions
}, 120_000);

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
       union all select item_id, quantity, start_date, coalesce(end_date, current_date + 400) from maintenance_holds where organization_id = $1
       union all select item_id, 1, out_of_service_from, current_date + 400 from inventory_units u where organization_id = $1 and out_of_service_from is not null
         and not exists (select 1 from maintenance_holds h where h.unit_id = u.id and h.end_date is null))
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

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

it('runs the rental desk: orders out, overdue, partly back and returned with damage, units with meters and history, one in the shop', async () => {
  const pending = (await admin.get('/api/transactions?status=pending&limit=100')).body.data as {
    fulfillment: string;
    returnDate: string;
  }[];
  for (const fulfillment of ['reserved', 'out', 'partially_returned'])
    expect(pending.filter((o) => o.fulfillment === fulfillment).length).toBeGreaterThan(0);
  const overdue = pending.filter((o) => o.fulfillment === 'out' && o.returnDate < today());
  expect(overdue.length).toBeGreaterThanOrEqual(2);

  const [damaged] = await t.sql<{ order_id: string }>(
    `select order_id from rental_returns where organization_id = $1 and condition = 'damaged' and unit_id is not null`,
    [organizationId],
  );
  const order = (await admin.get(`/api/transactions/${damaged.order_id}`)).body;
  expect(order).toMatchObject({ status: 'completed', fulfillment: 'returned' });
  expect(order.checkouts.length).toBeGreaterThan(0);
  expect(order.returns.find((r: { condition: string }) => r.condition === 'damaged')).toMatchObject({
    damageNotes: expect.stringMatching(/leak/),
    checklistPassed: false,
  });
  expect(order.history.map((m: { kind: string }) => m.kind)).toEqual(['returned', 'checked_out']);

  const [shop] = (await admin.get('/api/inventory-units?status=in_maintenance&search=BL60')).body.data;
  expect(shop).toMatchObject({ meterKind: 'hours', status: 'in_maintenance' });
  const unit = (await admin.get(`/api/inventory/${shop.itemId}/units/${shop.id}`)).body;
  expect(unit.history.map((e: { kind: string }) => e.kind).slice(0, 3)).toEqual([
    'status_changed',
    'checked_in',
    'checked_out',
  ]);
  expect(await total('/api/inventory-units?status=on_rent')).toBeGreaterThan(0);
  expect(await total('/api/inventory-units?status=available')).toBeGreaterThan(0);
  const bulk = (await admin.get('/api/inventory?search=PC-18')).body.data[0];
  expect(bulk.tracking).toBe('bulk');
  const holds = (await admin.get(`/api/inventory/${bulk.id}/maintenance-holds`)).body.data;
  expect(holds.find((h: { endDate: string | null }) => h.endDate === null)?.reason).toMatch(/damaged/);
});

type Charge = { kind: string; status: string; amount: string; days: number | null; unitId: string | null };
type Check = { item: string; passed: boolean; note: string | null; damage: boolean };

it('inspects the big machines: checklists, their results at check-out and check-in, damage charges', async () => {
  const lists = (await admin.get('/api/inspection-checklists?limit=100')).body.data as {
    category: string;
    phase: string;
    items: string[];
  }[];
  for (const category of ['Earthmoving', 'Aerial lifts', 'Material handling'])
    for (const phase of ['check_out', 'check_in'])
      expect([category, phase, lists.filter((l) => l.category === category && l.phase === phase).length]).toEqual([
        category,
        phase,
        1,
      ]);

  const charges = async (id: string) => {
    const res = await admin.get(`/api/transactions/${id}/charges`);
    expect(res.status).toBe(200);
    return res.body as Charge[];
  };
  const [lift] = await t.sql<{ order_id: string }>(
    `select order_id from rental_returns where organization_id = $1 and condition = 'damaged' and unit_id is not null`,
    [organizationId],
  );
  const order = (await admin.get(`/api/transactions/${lift.order_id}`)).body;
  const [out] = order.checkouts as { checklist: Check[] }[];
  expect(out.checklist.length).toBe(
    lists.find((l) => l.category === 'Aerial lifts' && l.phase === 'check_out')?.items.length,
  );
  expect(out.checklist.every((c) => c.passed)).toBe(true);
  const back = (order.returns as { condition: string; unitId: string; checklist: Check[] }[]).find(
    (r) => r.condition === 'damaged',
  );
  expect(back?.checklist.filter((c) => !c.passed)).toEqual([
    { item: 'Hydraulics: no leaks', passed: false, note: expect.stringMatching(/leak/), damage: true },
  ]);
  expect(await charges(lift.order_id)).toEqual([
    expect.objectContaining({ kind: 'damage', status: 'draft', amount: '850.00', unitId: back?.unitId }),
  ]);

  const damaged = await t.sql<{ order_id: string }>(
    `select distinct order_id from rental_returns where organization_id = $1 and condition = 'damaged' and unit_id is null`,
    [organizationId],
  );
  const bulk = (await Promise.all(damaged.map((d) => charges(d.order_id)))).flat();
  expect(bulk.map((c) => [c.kind, c.status, c.amount === '0.00'])).toEqual(
    expect.arrayContaining([
      ['damage', 'draft', true],
      ['damage', 'approved', false],
    ]),
  );
  const holds = await t.sql<{ source: string; open: boolean }>(
    `select source, end_date is null as open from maintenance_holds where organization_id = $1 and source = 'damage'`,
    [organizationId],
  );
  expect(holds.filter((h) => h.open).length).toBe(2); // the boom lift in the shop and the compactor
  expect(holds.filter((h) => !h.open).length).toBe(1); // the older damage, repaired
});

it('charges the overdue orders for their late days, as the overdue job would, and keeps the units serviced', async () => {
  const overdue = (await admin.get('/api/transactions?overdue=true&limit=100')).body.data as {
    id: string;
    returnDate: string;
  }[];
  expect(overdue.length).toBe(2);
  for (const o of overdue) {
    const preview = (await admin.get(`/api/transactions/${o.id}/late-charges`)).body;
    expect(preview).toMatchObject({ overdue: true, enabled: true });
    expect(Number(preview.total)).toBeGreaterThan(0);
    const late = ((await admin.get(`/api/transactions/${o.id}/charges`)).body as Charge[]).filter(
      (c) => c.kind === 'late',
    );
    const byAmount = (a: unknown[], b: unknown[]) => String(a[1]).localeCompare(String(b[1]));
    expect(late.map((c) => ['draft', c.amount, c.days]).sort(byAmount)).toEqual(
      (preview.lines as { amount: string; days: number }[]).map((l) => ['draft', l.amount, l.days]).sort(byAmount),
    );
    expect(late.every((c) => c.status === 'draft')).toBe(true);
    expect(late.reduce((sum, c) => sum.plus(c.amount), new Decimal(0)).toFixed(2)).toBe(preview.total);
    const history = (await admin.get(`/api/transactions/${o.id}`)).body.history as { kind: string }[];
    expect(history.filter((m) => m.kind === 'overdue').length).toBe(1);
  }
  const notified = await t.sql<{ id: string }>(
    `select id from rental_orders where organization_id = $1 and overdue_notified_for = return_date`,
    [organizationId],
  );
  expect(notified.map((r) => r.id).sort()).toEqual(overdue.map((o) => o.id).sort());

  const [excavator] = (await admin.get('/api/inventory?search=EX-35')).body.data;
  expect(excavator).toMatchObject({ serviceEveryHours: '250.0', serviceEveryDays: 90 });
  const units = (await admin.get('/api/inventory-units?limit=100')).body.data as {
    id: string;
    itemId: string;
    assetTag: string;
    status: string;
    meterReading: string;
    lastServiceOn: string;
    lastServiceMeter: string;
    rentalsSinceService: number;
  }[];
  expect(units.length).toBe(14);
  const [asOf] = await t.sql<{ day: string }>(`select to_char(current_date, 'YYYY-MM-DD') as day`);
  const inService = units.filter((u) => u.status === 'in_maintenance' && !u.assetTag.startsWith('BL60'));
  expect(inService.length).toBe(1);
  const holds = (await admin.get(`/api/inventory/${inService[0].itemId}/maintenance-holds?limit=100`)).body.data as {
    source: string;
    unitId: string | null;
    startDate: string;
    endDate: string | null;
  }[];
  const hold = holds.find((h) => h.unitId === inService[0].id && h.endDate === null);
  expect(hold?.source).toBe('service');
  expect(hold && hold.startDate <= asOf.day).toBe(true);
  for (const u of units) {
    expect(new Decimal(u.meterReading).minus(u.lastServiceMeter).lt(250)).toBe(true);
    expect(u.rentalsSinceService).toBeGreaterThanOrEqual(0);
  }
  expect(units.filter((u) => u.rentalsSinceService > 0).length).toBeGreaterThan(0);
  // no unit due by days without its hold: the daily service job would add nothing
  const due = await t.sql(
    `select u.asset_tag from inventory_units u join inventory_items i on i.id = u.item_id
      where u.organization_id = $1 and u.last_service_on + i.service_every_days <= current_date + 30
        and not exists (select 1 from maintenance_holds h where h.unit_id = u.id and h.end_date is null)`,
    [organizationId],
  );
  expect(due).toEqual([]);
});

it('keeps the fleet about half rented in every category over the last 30 days', async () => {
  const res = await admin.get(
    `/api/analytics/utilisation?groupBy=category&startDate=${daysAgo(29)}&endDate=${today()}`,
  );
  expect(res.status).toBe(200);
  expect(res.body.totals.utilisation.current).toBeGreaterThanOrEqual(40);
  expect(res.body.totals.utilisation.current).toBeLessThanOrEqual(70);
  expect(res.body.rows.length).toBe(9);
  for (const row of res.body.rows as { category: string; utilisation: number }[]) {
    expect([row.category, row.utilisation >= 30 && row.utilisation <= 80]).toEqual([row.category, true]);
  }
});

it('has leads in every score band, explained by rating, reviews, website and keywords', async () => {
  for (const band of ['hot', 'warm', 'cold', 'poor_fit'])
    expect(await total(`/api/leads?scoreBand=${band}`)).toBeGreaterThan(0);
  const [hot] = (await admin.get('/api/leads?scoreBand=hot&sortBy=score&sortOrder=desc&limit=1')).body.data;
  const lead = (await admin.get(`/api/leads/${hot.id}`)).body;
  const points = Object.fromEntries(
    (lead.scoreSignals as { signal: string; points: number }[]).map((s) => [s.signal, s.points]),
  );
  expect(points).toMatchObject({ rating: 2, reviews: 2, website: 1 });
  expect(points.keywords).toBeGreaterThan(0);
});

it('names deals after the trade, keeps a handful stagnant, and has voice memos, notifications and a year of activity', async () => {
  const industries = new Map(
    ((await admin.get('/api/companies?limit=100')).body.data as { id: string; industry: string }[]).map((c) => [
      c.id,
      c.industry,
    ]),
  );
  const deals = (await admin.get('/api/opportunities?limit=100')).body.data as {
    name: string;
    companyId: string | null;
  }[];
  const off = deals.filter(
    (d) => d.companyId && !PROJECTS[industries.get(d.companyId) ?? '']?.some((p) => d.name.endsWith(`: ${p}`)),
  );
  expect(off).toEqual([]);
  const stagnant = await total('/api/opportunities/stagnant');
  expect(stagnant).toBeGreaterThan(0);
  expect(stagnant).toBeLessThanOrEqual(8);

  const memos = (await admin.get('/api/voice-memos')).body.data as { id: string; status: string }[];
  expect(memos.length).toBeGreaterThan(0);
  expect(memos.every((m) => m.status === 'transcribed')).toBe(true);
  const tasks = (await admin.get('/api/tasks?isAiGenerated=true&limit=100')).body.data as {
    source: string;
    sourceId: string;
  }[];
  expect(
    tasks.filter((x) => x.source === 'voice_memo' && memos.some((m) => m.id === x.sourceId)).length,
  ).toBeGreaterThan(0);

  const rep = await t.login('maria@demo.example', DEMO.teamPassword);
  const notes = (await rep.get('/api/notifications')).body;
  expect(notes.pagination.totalItems).toBeGreaterThan(0);

  const [oldest] = (await admin.get('/api/activities?sortBy=occurredAt&sortOrder=asc&limit=1')).body.data;
  expect(Date.now() - Date.parse(oldest.occurredAt)).toBeGreaterThan(330 * 86_400_000);
  const idle = await t.sql(`select id from customers where organization_id = $1 and lifetime_order_value = 0`, [
    organizationId,
  ]);
  expect(idle.length).toBeLessThanOrEqual(3);
});

it('prices with the yard’s pricing rules: a weekend rate and the earthmoving season, named on order lines and quotes', async () => {
  const rules = (await admin.get('/api/pricing-rules')).body.data;
  expect(rules.map((r: { kind: string; name: string }) => [r.kind, r.name])).toEqual([
    ['season', 'Earthmoving peak season'],
    ['weekend', 'Weekend half-rate'],
  ]);
  const kinds = await t.sql<{ kind: string }>(
    `select distinct b->'rule'->>'kind' as kind from rental_order_lines l, jsonb_array_elements(l.breakdown) b
      where l.organization_id = $1 and b->'rule' is not null and b->'rule' <> 'null' order by 1`,
    [organizationId],
  );
  expect(kinds.map((k) => k.kind)).toEqual(['season', 'weekend']);
  const [excavator] = (await admin.get('/api/inventory?search=EX-17')).body.data;
  const day = rules[0].endDate;
  const quote = await admin.post('/api/quotes').send({ itemId: excavator.id, startDate: day, endDate: day });
  expect(quote.body.lines).toEqual([
    expect.objectContaining({ period: 'day', rate: '354.00', rule: expect.objectContaining({ id: rules[0].id }) }),
  ]);
});

it('has stored quotes: accepted through the link (each the origin of a reservation ahead), converted, open, expired and declined', async () => {
  const list = async (query: Record<string, string>) =>
    (await admin.get('/api/rental-quotes').query({ limit: 100, ...query })).body.data as Record<string, any>[];
  const accepted = await list({ status: 'accepted' });
  expect(accepted.length).toBeGreaterThanOrEqual(3);
  expect(accepted.some((q) => q.version === 2)).toBe(true);
  for (const q of accepted) {
    expect(q.acceptance).toMatchObject({
      version: q.version,
      versionId: q.current.id,
      consent: true,
      contentHash: q.current.contentHash,
    });
    expect(q.acceptance.name).toBe(q.customer.name);
    const order = (await admin.get(`/api/transactions/${q.orderId}`)).body;
    expect(order).toMatchObject({
      status: 'pending',
      customerId: q.customerId,
      pickupDate: q.current.pickupDate,
      total: q.total,
    });
  }
  expect((await list({ status: 'converted' })).length).toBe(2);
  expect((await list({ status: 'declined' })).length).toBe(2);
  expect((await list({ expired: 'true' })).length).toBe(3);
  const open = await list({ status: 'sent', expired: 'false' });
  expect(open.length).toBe(2);
  expect((await list({ status: 'draft' })).length).toBe(1);
  expect(open.some((q) => q.current.lines.some((l: { assetTag: string | null }) => l.assetTag))).toBe(true);
  const link = await admin.post(`/api/rental-quotes/${open[0].id}/link`);
  const page = await admin.get(`/quote-acceptance/${link.body.token}`);
  expect(page.status).toBe(200);
  expect(page.text).toContain('Accept this quote');
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

it('has every rental workflow template on, with two weeks of runs and the tasks they made', async () => {
  const templates = (await admin.get('/api/workflow-templates').expect(200)).body;
  expect(templates.every((x: { enabled: boolean }) => x.enabled)).toBe(true);
  const workflows = (await admin.get('/api/workflows?limit=100').expect(200)).body.data;
  expect(workflows).toHaveLength(7);
  const counts: Record<string, number> = {};
  for (const w of workflows) {
    const runs = (await admin.get(`/api/workflows/${w.id}/runs?limit=100`).expect(200)).body;
    counts[w.name] = runs.data.filter((r: { status: string }) => r.status === 'succeeded').length;
  }
  for (const name of ['Return reminder', 'New lead: call within the hour', 'Overdue invoice: 7 days'])
    expect([name, counts[name] > 0]).toEqual([name, true]);
  const tasks = await t.sql<{ n: string; linked: string }>(
    `select count(*) as n, count(r.id) as linked from tasks k left join workflow_runs r on r.id = k.source_id
     where k.organization_id = $1 and k.source = 'workflow'`,
    [organizationId],
  );
  expect(Number(tasks[0].n)).toBeGreaterThan(0);
  expect(tasks[0].linked).toBe(tasks[0].n);
});

it('holds deposits on the orders out and returned those of the last returns; one customer on hold, limits, an exemption', async () => {
  const pending = await admin.get('/api/transactions?status=pending&limit=100');
  expect(pending.body).toMatchObject({ pagination: expect.anything() });
  const out = pending.body.data.filter((o: { fulfillment: string }) => o.fulfillment !== 'reserved');
  expect(out.length).toBeGreaterThan(0);
  for (const o of out) {
    expect(Number(o.deposit)).toBeGreaterThan(0);
    expect(o.depositHeld).toBe(o.deposit);
  }
  const deposits = (await admin.get(`/api/transactions/${out[0].id}/deposits`)).body;
  expect(deposits).toEqual([expect.objectContaining({ kind: 'deposit', amount: out[0].deposit, invoiceId: null })]);
  const [refunded] = await t.sql(
    `select count(*)::int as n from payments where organization_id = $1 and kind = 'deposit_refund'`,
    [organizationId],
  );
  expect(refunded.n).toBe(20);
  const settings = (await admin.get('/api/settings/rental')).body;
  expect(settings).toMatchObject({ depositPolicy: 'percent', waiverPercent: '10.000' });
  expect(settings.deliveryZones.length).toBe(3);
  const customers = (await admin.get('/api/customers?limit=100')).body.data;
  const held = customers.filter((c: { accountHold: boolean }) => c.accountHold);
  expect(held).toHaveLength(1);
  expect(held[0].accountHoldReason).toMatch(/invoices past due/);
  expect(customers.filter((c: { creditLimit: string | null }) => c.creditLimit !== null)).toHaveLength(5);
  expect(customers.filter((c: { taxExempt: boolean }) => c.taxExempt)).toHaveLength(1);
  // the desk cannot book for the customer on hold
  const item = (await admin.get('/api/inventory?limit=1')).body.data[0];
  const refused = await admin.post('/api/transactions').send({
    customerId: held[0].id,
    pickupDate: '2030-01-02',
    returnDate: '2030-01-03',
    lines: [{ itemId: item.id, quantity: 1 }],
  });
  expect(refused.status).toBe(409);
  expect(refused.body.code).toBe('ACCOUNT_ON_HOLD');
});

it('bills the approved charges on the invoices, brands its documents and exports its books', async () => {
  // every invoice's total is its order's plus the charges billed on it; no approved charge of an invoiced order is left out
  const wrong = await t.sql(
    `select i.number from invoices i join rental_orders o on o.id = i.order_id where i.organization_id = $1
       and i.total <> o.total + coalesce((select sum(c.amount) from rental_order_charges c where c.invoice_id = i.id), 0)`,
    [organizationId],
  );
  expect(wrong).toEqual([]);
  const [billed] = await t.sql<{ invoice_id: string | null }>(
    `select c.invoice_id from rental_order_charges c where c.organization_id = $1 and c.status = 'approved'`,
    [organizationId],
  );
  expect(billed.invoice_id).not.toBeNull();
  const invoice = (await admin.get(`/api/invoices/${billed.invoice_id}`)).body;
  expect(invoice.lines.map((l: { kind: string }) => l.kind)).toContain('damage');
  expect(invoice.lines.reduce((s: Decimal, l: { amount: string }) => s.plus(l.amount), new Decimal(0)).toFixed(2)).toBe(
    new Decimal(invoice.total).minus(invoice.tax).toFixed(2),
  );
  expect((await admin.get('/api/settings/branding')).body).toMatchObject({
    name: DEMO.organization,
    taxId: '74-2958316',
    logoContentType: 'image/png',
  });
  const pdf = await admin.get(invoice.pdfUrl);
  expect([pdf.status, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
  // nothing was exported yet: the first export of the year takes every sent invoice of it
  const year = { format: 'xero', kind: 'invoices', from: dayOffset(-364), to: dayOffset(0) };
  const exp = await admin.post('/api/accounting/exports').send(year);
  expect(exp.status).toBe(201);
  const list = (await admin.get('/api/accounting/exports')).body;
  expect(list.data[0].recordCount).toBeGreaterThan(300);
});

function dayOffset(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}
