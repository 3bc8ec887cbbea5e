/**
 * Units (issue 29 part 1, docs/rental.md "Units"): asset tags unique per organization, bulk -> unit keeps the
 * bookings, availability counts units (and units out of service), the quote engine is unchanged.
 */
import { newCustomer } from './support/crm';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let other: Registered;
let customerId: string;

async function item(itemNumber: string, quantityOwned: number): Promise<string> {
  const res = await org.agent
    .post('/api/inventory')
    .send({ name: `Lift ${itemNumber}`, itemNumber, dailyRate: '100.00', weeklyRate: '400.00', quantityOwned });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.id;
}
const unit = (assetTag: string) => ({
  assetTag,
  make: 'Genie',
  model: 'GS-1930',
  year: 2021,
  meterKind: 'hours',
  meterReading: '812.5',
});
const availability = (id: string, startDate: string, endDate: string) =>
  org.agent.get(`/api/inventory/${id}/availability`).query({ startDate, endDate });

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Units');
  other = await t.registerOrg('Units other');
  customerId = (await newCustomer(org.agent)).id;
});
afterAll(() => t.close());

it('turning a bulk item into units keeps its bookings; quantityOwned becomes the units not retired', async () => {
  const id = await item('UL-1', 3);
  const order = await org.agent
    .post('/api/transactions')
    .send({ customerId, pickupDate: '2026-07-01', returnDate: '2026-07-05', lines: [{ itemId: id, quantity: 2 }] });
  expect(order.status).toBe(201);
  const before = order.body.total;

  const tracked = await org.agent
    .post(`/api/inventory/${id}/track-by-unit`)
    .send({ units: [unit('UL-1-A'), unit('UL-1-B'), unit('UL-1-C')] });
  expect(tracked.status).toBe(200);
  expect(tracked.body).toMatchObject({ tracking: 'unit', quantityOwned: 3 });
  expect((await availability(id, '2026-07-01', '2026-07-01')).body.days[0]).toMatchObject({ available: 1, booked: 2 });
  expect((await org.agent.get(`/api/transactions/${order.body.id}`)).body.total).toBe(before);

  // a second booking of 2 would double-book: refused as before
  const more = await org.agent
    .post('/api/transactions')
    .send({ customerId, pickupDate: '2026-07-03', returnDate: '2026-07-03', lines: [{ itemId: id, quantity: 2 }] });
  expect(more.status).toBe(409);

  // retire one unit: quantityOwned follows; the hand-set quantity is refused on a unit item
  const list = await org.agent.get(`/api/inventory/${id}/units`);
  expect(list.body.pagination.totalItems).toBe(3);
  const c = list.body.data.find((u: { assetTag: string }) => u.assetTag === 'UL-1-C');
  const retired = await org.agent.patch(`/api/inventory/${id}/units/${c.id}`).send({ status: 'retired' });
  expect(retired.status).toBe(200);
  expect((await org.agent.get(`/api/inventory/${id}`)).body.quantityOwned).toBe(2);
  const put = await org.agent.patch(`/api/inventory/${id}`).send({ quantityOwned: 9 });
  expect(put.status).toBe(409);
  expect((await availability(id, '2026-07-01', '2026-07-01')).body.days[0].available).toBe(0);

  const one = await org.agent.get(`/api/inventory/${id}/units/${c.id}`);
  expect(one.body.history.map((h: { kind: string }) => h.kind)).toEqual(['status_changed', 'created']);
});

it('asset tags are unique per organization (409 naming the tag), not across organizations', async () => {
  const id = await item('UL-2', 1);
  expect((await org.agent.post(`/api/inventory/${id}/track-by-unit`).send({ units: [unit('UL-2-A')] })).status).toBe(
    200,
  );
  const dup = await org.agent.post(`/api/inventory/${id}/units`).send(unit('UL-2-A'));
  expect(dup.status).toBe(409);
  expect(dup.body.message).toContain('UL-2-A');
  const twice = await org.agent
    .post(`/api/inventory/${await item('UL-3', 1)}/track-by-unit`)
    .send({ units: [unit('X-1'), unit('X-1')] });
  expect(twice.status).toBe(409);
  expect(twice.body.details).toEqual([{ field: 'units.1.assetTag', message: 'asset tag X-1 is taken' }]);

  const theirs = await other.agent
    .post('/api/inventory')
    .send({ name: 'Lift', itemNumber: 'UL-2', dailyRate: '10.00', quantityOwned: 1 });
  const same = await other.agent
    .post(`/api/inventory/${theirs.body.id}/track-by-unit`)
    .send({ units: [unit('UL-2-A')] });
  expect(same.status).toBe(200);
  // another organization's unit is 404, even with the right item id
  const mine = await org.agent.get(`/api/inventory/${id}/units`);
  expect((await other.agent.get(`/api/inventory/${id}/units/${mine.body.data[0].id}`)).status).toBe(404);
});

it('a bulk item takes no single unit (409), bad meter readings and statuses are 400, on_rent cannot be set by hand', async () => {
  const id = await item('UL-4', 2);
  expect((await org.agent.post(`/api/inventory/${id}/units`).send(unit('UL-4-A'))).status).toBe(409);
  const bad = await org.agent
    .post(`/api/inventory/${id}/track-by-unit`)
    .send({ units: [{ ...unit('UL-4-A'), meterReading: '12.34' }] });
  expect(bad.status).toBe(400);
  await org.agent.post(`/api/inventory/${id}/track-by-unit`).send({ units: [unit('UL-4-A')] });
  const u = (await org.agent.get(`/api/inventory/${id}/units`)).body.data[0];
  expect((await org.agent.patch(`/api/inventory/${id}/units/${u.id}`).send({ status: 'on_rent' })).status).toBe(400);
  const search = await org.agent.get('/api/inventory-units').query({ search: 'UL-4-A' });
  expect(search.body.data.map((x: { id: string }) => x.id)).toEqual([u.id]);
});

it('a unit in maintenance leaves the pool from that day on; the quote engine prices units as quantities', async () => {
  const id = await item('UL-5', 1);
  await org.agent.post(`/api/inventory/${id}/track-by-unit`).send({ units: [unit('UL-5-A'), unit('UL-5-B')] });
  const u = (await org.agent.get(`/api/inventory/${id}/units`)).body.data[0];
  await org.agent.patch(`/api/inventory/${id}/units/${u.id}`).send({ status: 'in_maintenance' });
  const today = new Date().toISOString().slice(0, 10);
  const days = (await availability(id, today, today)).body.days;
  expect(days[0]).toMatchObject({ available: 1, inMaintenance: 1 });
  const quote = await org.agent
    .post('/api/quotes')
    .send({ itemId: id, quantity: 2, startDate: '2026-07-01', endDate: '2026-07-05' });
  expect(quote.body.total).toBe('800.00');
});
