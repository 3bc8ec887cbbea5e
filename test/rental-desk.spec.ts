/**
 * The order's life on the floor (issue 29 part 2, docs/rental.md "On the floor"): check-out by scanned asset tags,
 * partial check-in that frees units at once and re-prices, extend and swap with the price difference, cancel before
 * check-out, edits while reserved; each move an outbox event and a timeline entry on the customer's contact.
 */
import { newCustomer } from './support/crm';
import { bulkItem, order, unitItem } from './support/desk';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let customer: Record<string, any>;

const post = (path: string, body: Record<string, unknown>) => org.agent.post(path).send(body);
const dayOf = async (itemId: string, day: string) =>
  (await org.agent.get(`/api/inventory/${itemId}/availability`).query({ startDate: day, endDate: day })).body.days[0];
const unitsOf = async (itemId: string) =>
  Object.fromEntries(
    (await org.agent.get(`/api/inventory/${itemId}/units`)).body.data.map((u: Record<string, any>) => [u.assetTag, u]),
  );

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Desk');
  customer = await newCustomer(org.agent);
});
afterAll(() => t.close());

it('a day at the desk: check-out, partial returns, extension, swap, last return completes the order', async () => {
  const exc = await unitItem(org, 'EXC', 3);
  const cones = await bulkItem(org, 'CONE', 10);
  const o = await order(org, customer.id, [
    { itemId: exc, quantity: 2 },
    { itemId: cones, quantity: 5 },
  ]);
  expect(o).toMatchObject({ status: 'pending', fulfillment: 'reserved', total: '2500.00' });
  const [excLine, coneLine] = o.lines;

  // refused check-outs write nothing
  const failed = await post(`/api/transactions/${o.id}/check-out`, {
    releasedTo: 'Sam',
    checklistPassed: false,
    lines: [{ lineId: excLine.id, units: [{ assetTag: 'EXC-1' }, { assetTag: 'EXC-2' }] }],
  });
  expect(failed.status).toBe(409);
  expect(failed.body.details).toEqual([{ field: 'checklistPassed', message: 'must be true to check out' }]);
  const short = await post(`/api/transactions/${o.id}/check-out`, {
    releasedTo: 'Sam',
    checklistPassed: true,
    lines: [{ lineId: excLine.id, units: [{ assetTag: 'EXC-1' }] }],
  });
  expect(short.status).toBe(400);
  expect((await unitsOf(exc))['EXC-1'].status).toBe('available');

  const out = await post(`/api/transactions/${o.id}/check-out`, {
    releasedTo: 'Sam',
    checklistPassed: true,
    lines: [
      { lineId: excLine.id, units: [{ assetTag: 'EXC-1', meterOut: '120.0' }, { assetTag: 'EXC-2' }] },
      { lineId: coneLine.id },
    ],
  });
  expect(out.status).toBe(200);
  expect(out.body).toMatchObject({ status: 'pending', fulfillment: 'out' });
  const scanned = out.body.checkouts
    .filter((c: any) => c.assetTag)
    .sort((a: any, b: any) => a.assetTag.localeCompare(b.assetTag));
  expect(scanned.map((c: any) => [c.assetTag, c.meterOut, c.releasedTo])).toEqual([
    ['EXC-1', '120.0', 'Sam'],
    ['EXC-2', '100.0', 'Sam'],
  ]);
  expect(out.body.checkouts.find((c: any) => !c.assetTag)).toMatchObject({ lineId: coneLine.id, quantity: 5 });
  expect((await unitsOf(exc))['EXC-1']).toMatchObject({ status: 'on_rent', meterReading: '120.0' });

  // EXC-1 back on day 3: free from day 4 on, the order re-priced for what it kept
  const back = await post(`/api/transactions/${o.id}/check-in`, {
    returnedOn: '2026-07-03',
    returns: [{ lineId: excLine.id, assetTag: 'EXC-1', meterIn: '150.5', condition: 'good', checklistPassed: true }],
  });
  expect(back.status).toBe(200);
  expect(back.body).toMatchObject({ previousTotal: '2500.00', total: '1800.00', difference: '-700.00' });
  expect(back.body.transaction).toMatchObject({ fulfillment: 'partially_returned', status: 'pending' });
  expect(await dayOf(exc, '2026-07-03')).toMatchObject({ booked: 2, available: 1 });
  expect(await dayOf(exc, '2026-07-04')).toMatchObject({ booked: 1, available: 2 });
  expect((await unitsOf(exc))['EXC-1']).toMatchObject({ status: 'available', meterReading: '150.5' });
  const again = await post(`/api/transactions/${o.id}/check-in`, {
    returns: [{ lineId: excLine.id, assetTag: 'EXC-1', condition: 'good' }],
  });
  expect(again.status).toBe(409);

  // part of a bulk quantity
  const cones2 = await post(`/api/transactions/${o.id}/check-in`, {
    returnedOn: '2026-07-05',
    returns: [{ lineId: coneLine.id, quantity: 2, condition: 'dirty' }],
  });
  expect(cones2.body).toMatchObject({ total: '1700.00', difference: '-100.00' });
  expect(await dayOf(cones, '2026-07-06')).toMatchObject({ booked: 3, available: 7 });
  const tooMany = await post(`/api/transactions/${o.id}/check-in`, {
    returns: [{ lineId: coneLine.id, quantity: 4, condition: 'good' }],
  });
  expect(tooMany.status).toBe(409);

  // extend: the kept units for the added days, re-priced
  const ext = await post(`/api/transactions/${o.id}/extend`, { returnDate: '2026-07-12' });
  expect(ext.status).toBe(200);
  expect(ext.body).toMatchObject({ previousTotal: '1700.00', total: '1960.00', difference: '260.00' });
  expect(ext.body.transaction).toMatchObject({ returnDate: '2026-07-12', rentalDays: 12 });
  expect(await dayOf(exc, '2026-07-12')).toMatchObject({ booked: 1 });
  expect((await post(`/api/transactions/${o.id}/extend`, { returnDate: '2026-07-11' })).status).toBe(400);

  // swap a broken unit: it waits for inspection, the other goes out; same item, same price
  const swap = await post(`/api/transactions/${o.id}/swap`, {
    lineId: excLine.id,
    returnAssetTag: 'EXC-2',
    newAssetTag: 'EXC-3',
    condition: 'damaged',
    damageNotes: 'Hydraulic leak',
  });
  expect(swap.status).toBe(200);
  expect(swap.body.difference).toBe('0.00');
  const units = await unitsOf(exc);
  // damaged: into maintenance under a damage hold (issue 29 part 3)
  expect([units['EXC-2'].status, units['EXC-3'].status]).toEqual(['in_maintenance', 'on_rent']);
  expect(
    (
      await post(`/api/transactions/${o.id}/swap`, {
        lineId: excLine.id,
        returnAssetTag: 'EXC-3',
        newAssetTag: 'EXC-2',
        condition: 'good',
      })
    ).status,
  ).toBe(409);

  // the last units back: completed, the lifetime value raised by the final total
  const done = await post(`/api/transactions/${o.id}/check-in`, {
    returnedOn: '2026-07-12',
    returns: [
      { lineId: excLine.id, assetTag: 'EXC-3', condition: 'good' },
      { lineId: coneLine.id, quantity: 3, condition: 'good' },
    ],
  });
  expect(done.status).toBe(200);
  expect(done.body.transaction).toMatchObject({ status: 'completed', fulfillment: 'returned', total: '1960.00' });
  expect((await org.agent.get(`/api/customers/${customer.id}`)).body.lifetimeOrderValue).toBe('1960.00');
  expect(
    (
      await post(`/api/transactions/${o.id}/check-in`, {
        returns: [{ lineId: coneLine.id, quantity: 1, condition: 'good' }],
      })
    ).status,
  ).toBe(409);

  const events = await t.sql<{ event: string }>(
    `select event from outbox_events where organization_id = $1 and payload->'data'->>'id' = $2 order by created_at`,
    [org.organizationId, o.id],
  );
  expect(events.map((e) => e.event)).toEqual([
    'order.reserved',
    'order.checked_out',
    'order.returned',
    'order.returned',
    'order.extended',
    'order.swapped',
    'order.returned',
  ]);
  const timeline = await org.agent.get(`/api/contacts/${customer.contactId}/timeline`).query({ kind: 'rental_order' });
  const titles = timeline.body.data.map((e: { title: string }) => e.title);
  expect(titles).toEqual(
    expect.arrayContaining(['Checked out: 2 x EXC, 5 x CONE', 'Extended to 2026-07-12', 'Swapped EXC-2 for EXC-3']),
  );
  const history = (await org.agent.get(`/api/transactions/${o.id}`)).body.history;
  expect(history.map((h: { kind: string }) => h.kind)).toEqual([
    'returned',
    'swapped',
    'extended',
    'returned',
    'returned',
    'checked_out',
  ]);
});

it('cancel before check-out frees everything; after check-out it is a 409 and nothing changes', async () => {
  const lift = await unitItem(org, 'CAN', 1);
  const first = await order(org, customer.id, [{ itemId: lift, quantity: 1 }]);
  const cancelled = await post(`/api/transactions/${first.id}/cancel`, {});
  expect(cancelled.body).toMatchObject({ status: 'cancelled', fulfillment: 'cancelled' });
  expect(await dayOf(lift, '2026-07-02')).toMatchObject({ booked: 0, available: 1 });

  const second = await order(org, customer.id, [{ itemId: lift, quantity: 1 }]);
  await post(`/api/transactions/${second.id}/check-out`, {
    releasedTo: 'Kim',
    checklistPassed: true,
    lines: [{ lineId: second.lines[0].id, units: [{ assetTag: 'CAN-1' }] }],
  });
  const refused = await post(`/api/transactions/${second.id}/cancel`, {});
  expect(refused.status).toBe(409);
  expect((await post(`/api/transactions/${second.id}/complete`, {})).status).toBe(409);
  expect((await org.agent.get(`/api/transactions/${second.id}`)).body).toMatchObject({
    status: 'pending',
    fulfillment: 'out',
  });
});

it('edits while reserved: checked against the other orders, not its own; re-priced; refused once out', async () => {
  const item = await unitItem(org, 'EDT', 2);
  const o = await order(org, customer.id, [{ itemId: item, quantity: 2 }], '2026-08-01', '2026-08-02');
  await order(org, customer.id, [{ itemId: item, quantity: 1 }], '2026-08-05', '2026-08-05');
  const later = await org.agent.patch(`/api/transactions/${o.id}`).send({ returnDate: '2026-08-03' });
  expect(later.status).toBe(200);
  expect(later.body).toMatchObject({ previousTotal: '400.00', total: '600.00', difference: '200.00' });
  const clash = await org.agent.patch(`/api/transactions/${o.id}`).send({ returnDate: '2026-08-05' });
  expect(clash.status).toBe(409);
  expect(clash.body.message).toContain('2026-08-05');
  const fewer = await org.agent
    .patch(`/api/transactions/${o.id}`)
    .send({ returnDate: '2026-08-05', lines: [{ itemId: item, quantity: 1 }] });
  expect(fewer.status).toBe(200);
  expect(fewer.body.transaction.lines).toMatchObject([{ quantity: 1, amount: '500.00' }]);

  const gql = await t.gql<{ checkOutTransaction: { fulfillment: string } }>(
    org.agent,
    `mutation($id: ID!, $input: CheckOutInput!) { checkOutTransaction(id: $id, input: $input) { fulfillment } }`,
    {
      id: o.id,
      input: {
        releasedTo: 'Lee',
        checklistPassed: true,
        lines: [{ lineId: fewer.body.transaction.lines[0].id, units: [{ assetTag: 'EDT-1' }] }],
      },
    },
  );
  expect(gql.data?.checkOutTransaction.fulfillment).toBe('out');
  expect((await org.agent.patch(`/api/transactions/${o.id}`).send({ notes: 'late' })).status).toBe(409);
});
