/**
 * Overdue orders and late charges (issue 29 part 4, docs/rental.md "Overdue and late charges"): the overdue list,
 * the preview of late charges by the organization's policy, the overdue job (order.overdue once, a timeline entry,
 * draft charges kept up to date) and check-in settling the days actually late.
 */
import { addDays, todayIn } from '../src/lib/calendar-days';
import { newCustomer } from './support/crm';
import { bulkItem, order, unitItem } from './support/desk';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let customer: Record<string, any>;
const today = () => todayIn('UTC'); // the organization has no timezone: its day is the UTC day

const post = (path: string, body: Record<string, unknown>) => org.agent.post(path).send(body);
const settings = (body: Record<string, unknown>) => org.agent.put('/api/settings/rental').send(body);
const lateCharges = async (id: string) => {
  const res = await org.agent.get(`/api/transactions/${id}/late-charges`);
  expect(res.status).toBe(200);
  return res.body;
};
const overdueIds = async (overdue: boolean) =>
  (await org.agent.get('/api/transactions').query({ overdue, limit: 100 })).body.data.map((o: { id: string }) => o.id);
const drafts = (orderId: string) =>
  t.sql<{ kind: string; status: string; amount: string; days: number; description: string }>(
    `select kind, status, amount::text as amount, days, description from rental_order_charges where order_id = $1 order by amount desc`,
    [orderId],
  );
const events = (orderId: string, kind: string) =>
  t.sql(`select id from outbox_events where organization_id = $1 and event = $2 and payload->'data'->>'id' = $3`, [
    org.organizationId,
    kind,
    orderId,
  ]);

/** An order of 2 excavators (100.00/day) and 5 cones (10.00/day) out from 10 days ago, due back 5 days ago. */
async function lateOrder(tag: string) {
  const exc = await unitItem(org, `${tag}X`, 2);
  const cones = await bulkItem(org, `${tag}C`, 10);
  const o = await order(
    org,
    customer.id,
    [
      { itemId: exc, quantity: 2 },
      { itemId: cones, quantity: 5 },
    ],
    addDays(today(), -10),
    addDays(today(), -5),
  );
  const [excLine, coneLine] = o.lines;
  const out = await post(`/api/transactions/${o.id}/check-out`, {
    releasedTo: 'Sam',
    checklistPassed: true,
    lines: [
      { lineId: excLine.id, units: [{ assetTag: `${tag}X-1` }, { assetTag: `${tag}X-2` }] },
      { lineId: coneLine.id },
    ],
  });
  expect(out.status).toBe(200);
  return { o, excLine, coneLine, tag };
}

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Overdue');
  customer = await newCustomer(org.agent);
});
afterAll(() => t.close());

it('the late-charge policy: defaults, admin changes, bad values are 400s naming the field, members may not', async () => {
  const other = await t.registerOrg('Policy');
  expect((await other.agent.get('/api/settings/rental')).body).toMatchObject({
    lateChargesEnabled: true,
    lateGraceDays: 0,
    lateRatePerDay: null,
  });
  for (const [body, field] of [
    [{ lateGraceDays: -1 }, 'lateGraceDays'],
    [{ lateGraceDays: 366 }, 'lateGraceDays'],
    [{ lateGraceDays: 1.5 }, 'lateGraceDays'],
    [{ lateRatePerDay: '1.234' }, 'lateRatePerDay'],
    [{ lateRatePerDay: '-5' }, 'lateRatePerDay'],
    [{ lateChargesEnabled: 'yes' }, 'lateChargesEnabled'],
  ] as const) {
    const res = await other.agent.put('/api/settings/rental').send(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
  }
  const set = await other.agent.put('/api/settings/rental').send({ lateGraceDays: 2, lateRatePerDay: '25.5' });
  expect(set.body).toMatchObject({ lateChargesEnabled: true, lateGraceDays: 2, lateRatePerDay: '25.50' });
  const member = await t.addMember(other.organizationId, 'user');
  expect((await member.agent.put('/api/settings/rental').send({ lateGraceDays: 0 })).status).toBe(403);
  const cleared = await other.agent.put('/api/settings/rental').send({ lateRatePerDay: null });
  expect(cleared.body).toMatchObject({ lateGraceDays: 2, lateRatePerDay: null });
});

it('an order out past its return date is overdue: the flag, the list filter, and its late charges by the policy', async () => {
  await settings({ lateChargesEnabled: true, lateGraceDays: 0, lateRatePerDay: null });
  const { o, excLine, coneLine } = await lateOrder('PV');
  // not overdue: reserved past its dates (nothing out), and out but due back today
  const item = await bulkItem(org, 'PVR', 5);
  const reserved = await order(
    org,
    customer.id,
    [{ itemId: item, quantity: 1 }],
    addDays(today(), -3),
    addDays(today(), -1),
  );
  const dueToday = await order(org, customer.id, [{ itemId: item, quantity: 1 }], addDays(today(), -2), today());
  await post(`/api/transactions/${dueToday.id}/check-out`, {
    releasedTo: 'Kim',
    checklistPassed: true,
    lines: [{ lineId: dueToday.lines[0].id }],
  });

  const one = await org.agent.get(`/api/transactions/${o.id}`);
  expect(one.body.overdue).toBe(true);
  expect((await org.agent.get(`/api/transactions/${dueToday.id}`)).body.overdue).toBe(false);
  const late = await overdueIds(true);
  expect(late).toContain(o.id);
  expect(late).not.toContain(reserved.id);
  expect(late).not.toContain(dueToday.id);
  const others = await overdueIds(false);
  expect(others).toEqual(expect.arrayContaining([reserved.id, dueToday.id]));
  expect(others).not.toContain(o.id);
  expect((await org.agent.get('/api/transactions').query({ overdue: 'maybe' })).status).toBe(400);

  // 5 days late, no grace, the daily rates: 2 x 5 x 100 + 5 x 5 x 10
  const charges = await lateCharges(o.id);
  expect(charges).toMatchObject({
    transactionId: o.id,
    asOf: today(),
    returnDate: addDays(today(), -5),
    overdue: true,
    daysLate: 5,
    enabled: true,
    graceDays: 0,
    total: '1250.00',
  });
  expect(charges.lines).toEqual([
    {
      lineId: excLine.id,
      itemNumber: 'PVX',
      itemName: 'Machine PVX',
      quantity: 2,
      quantityOut: 2,
      days: 5,
      unitDays: 10,
      rate: '100.00',
      amount: '1000.00',
    },
    {
      lineId: coneLine.id,
      itemNumber: 'PVC',
      itemName: 'Bulk PVC',
      quantity: 5,
      quantityOut: 5,
      days: 5,
      unitDays: 25,
      rate: '10.00',
      amount: '250.00',
    },
  ]);
  expect((await lateCharges(dueToday.id)).lines).toEqual([]);
  expect((await lateCharges(reserved.id)).overdue).toBe(false);

  // a grace of 2 days and a flat late rate; then the line's daily rate again; then off
  await settings({ lateGraceDays: 2, lateRatePerDay: '30.00' });
  expect((await lateCharges(o.id)).lines.map((l: any) => [l.days, l.unitDays, l.amount])).toEqual([
    [3, 6, '180.00'],
    [3, 15, '450.00'],
  ]);
  await settings({ lateRatePerDay: null });
  expect((await lateCharges(o.id)).total).toBe('750.00');
  await settings({ lateGraceDays: 5 });
  expect((await lateCharges(o.id)).lines).toEqual([]);
  await settings({ lateGraceDays: 0, lateChargesEnabled: false });
  expect(await lateCharges(o.id)).toMatchObject({ overdue: true, enabled: false, lines: [], total: '0.00' });

  // GraphQL: the same preview on the transaction, and the overdue list
  await settings({ lateChargesEnabled: true, lateGraceDays: 1 });
  const gql = await t.gql<any>(
    org.agent,
    `query ($id: ID!) { transaction(id: $id) { overdue lateCharges { daysLate total lines { amount } } }
       transactions(overdue: true, limit: 100) { data { id overdue } } }`,
    { id: o.id },
  );
  expect(gql.errors).toBeUndefined();
  expect(gql.data.transaction).toEqual({
    overdue: true,
    lateCharges: { daysLate: 5, total: '1000.00', lines: [{ amount: '800.00' }, { amount: '200.00' }] },
  });
  expect(gql.data.transactions.data).toContainEqual({ id: o.id, overdue: true });
  expect(await drafts(o.id)).toEqual([]); // a preview writes nothing
});

it('the overdue job: order.overdue and a timeline entry once, draft late charges kept up to date; check-in settles them', async () => {
  await settings({ lateChargesEnabled: true, lateGraceDays: 1, lateRatePerDay: null });
  const { o, excLine, coneLine, tag } = await lateOrder('JB');

  const first = await t.deps.services.overdue.runOnce(t.orm);
  expect(first.overdue).toBeGreaterThanOrEqual(1);
  expect(first.notified).toBeGreaterThanOrEqual(1);
  const second = await t.deps.services.overdue.runOnce(t.orm);
  expect(second.notified).toBe(0);
  await Promise.all([t.deps.services.overdue.runOnce(t.orm), t.deps.services.overdue.runOnce(t.orm)]);
  expect(await events(o.id, 'order.overdue')).toHaveLength(1);
  const history = (await org.agent.get(`/api/transactions/${o.id}`)).body.history;
  expect(history.filter((h: any) => h.kind === 'overdue')).toEqual([
    expect.objectContaining({
      title: `Overdue: due back ${addDays(today(), -5)}`,
      detail: `5 days late on ${today()}`,
      userId: null,
    }),
  ]);
  const timeline = await org.agent.get(`/api/contacts/${customer.contactId}/timeline`).query({ kind: 'rental_order' });
  expect(timeline.body.data.map((e: { title: string }) => e.title)).toContain(
    `Overdue: due back ${addDays(today(), -5)}`,
  );
  // 4 chargeable days (grace 1): 2 x 4 x 100, 5 x 4 x 10; drafts, one per line, not duplicated by later runs
  expect((await drafts(o.id)).map((c) => [c.kind, c.status, c.amount, c.days])).toEqual([
    ['late', 'draft', '800.00', 4],
    ['late', 'draft', '200.00', 4],
  ]);

  // one excavator back 3 days late (2 chargeable): it settles at 2 days, the other one still runs
  const back = await post(`/api/transactions/${o.id}/check-in`, {
    returnedOn: addDays(today(), -2),
    returns: [{ lineId: excLine.id, assetTag: `${tag}X-1`, condition: 'good' }],
  });
  expect(back.status).toBe(200);
  expect((await lateCharges(o.id)).lines[0]).toMatchObject({
    quantity: 2,
    quantityOut: 1,
    unitDays: 6,
    amount: '600.00',
  });
  expect((await drafts(o.id)).map((c) => c.amount)).toEqual(['600.00', '200.00']);

  // everything back today: completed, no longer overdue, the charges stay drafts for the days actually late
  const done = await post(`/api/transactions/${o.id}/check-in`, {
    returns: [
      { lineId: excLine.id, assetTag: `${tag}X-2`, condition: 'good' },
      { lineId: coneLine.id, quantity: 5, condition: 'good' },
    ],
  });
  expect(done.status).toBe(200);
  expect(done.body.transaction).toMatchObject({ status: 'completed', overdue: false });
  expect((await drafts(o.id)).map((c) => [c.status, c.amount])).toEqual([
    ['draft', '600.00'],
    ['draft', '200.00'],
  ]);
  expect(await overdueIds(true)).not.toContain(o.id);
  await t.deps.services.overdue.runOnce(t.orm);
  expect(await events(o.id, 'order.overdue')).toHaveLength(1);
  expect(await drafts(o.id)).toHaveLength(2);
});

it('an extension past today ends the lateness: its draft late charges go, and a later overdue spell is announced again', async () => {
  await settings({ lateChargesEnabled: true, lateGraceDays: 0, lateRatePerDay: null });
  const { o } = await lateOrder('EX');
  await t.deps.services.overdue.runOnce(t.orm);
  expect(await drafts(o.id)).toHaveLength(2);
  const ext = await post(`/api/transactions/${o.id}/extend`, { returnDate: addDays(today(), 2) });
  expect(ext.status).toBe(200);
  expect(ext.body.transaction.overdue).toBe(false);
  expect(await drafts(o.id)).toEqual([]);
  await t.deps.services.overdue.runOnce(t.orm);
  expect(await drafts(o.id)).toEqual([]);
  // three days later it is late again: announced once more
  const later = new Date(Date.parse(`${addDays(today(), 3)}T12:00:00Z`));
  await t.deps.services.overdue.runOnce(t.orm, later);
  expect(await events(o.id, 'order.overdue')).toHaveLength(2);
});

it("another organization's transaction has no late charges to show: 404", async () => {
  const { o } = await lateOrder('TN');
  const other = await t.registerOrg('Other');
  expect((await other.agent.get(`/api/transactions/${o.id}/late-charges`)).status).toBe(404);
  expect(await (async () => (await other.agent.get('/api/transactions').query({ overdue: true })).body.data)()).toEqual(
    [],
  );
});
