/**
 * The desk under concurrency (issue 29 part 8): simultaneous moves against the real HTTP stack and PostgreSQL.
 * Every move locks its order row, then the units it scans in id order: one wins, the other gets a clear 409,
 * and nothing is half-written.
 */
import { newCustomer } from './support/crm';
import { order, unitItem } from './support/desk';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let desk2: Registered;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Desk race');
  desk2 = await t.addMember(org.organizationId, 'user');
  customerId = (await newCustomer(org.agent)).id;
}, 120_000); // the embedded database's start on a busy machine
afterAll(() => t.close());

const checkOut = (desk: Registered, o: Record<string, any>, assetTag: string) =>
  desk.agent
    .post(`/api/transactions/${o.id}/check-out`)
    .send({ releasedTo: 'Driver', checklistPassed: true, lines: [{ lineId: o.lines[0].id, units: [{ assetTag }] }] });

it('two desks checking out the last unit on two orders: one 200, one 409; one check-out row, the unit on rent once', async () => {
  const item = await unitItem(org, 'RACE', 2);
  // two orders on days that do not overlap, both wanting RACE-1 today
  const a = await order(org, customerId, [{ itemId: item, quantity: 1 }], '2026-07-01', '2026-07-02');
  const b = await order(org, customerId, [{ itemId: item, quantity: 1 }], '2026-07-03', '2026-07-04');
  for (let round = 0; round < 3; round++) {
    const [ra, rb] = await Promise.all([checkOut(org, a, 'RACE-1'), checkOut(desk2, b, 'RACE-1')]);
    if (round === 0) {
      expect([ra.status, rb.status].sort()).toEqual([200, 409]);
      const loser = ra.status === 409 ? ra : rb;
      expect(loser.body).toMatchObject({ code: 'CONFLICT', message: 'RACE-1 is on rent; it cannot go out' });
    } else {
      expect([ra.status, rb.status]).toEqual([409, 409]); // already out
    }
  }
  const rows = await t.sql<{ order_id: string }>(
    `select c.order_id from rental_checkouts c join inventory_units u on u.id = c.unit_id where u.asset_tag = 'RACE-1' and c.organization_id = $1`,
    [org.organizationId],
  );
  expect(rows).toHaveLength(1);
  const loserId = rows[0].order_id === a.id ? b.id : a.id;
  const loser = await org.agent.get(`/api/transactions/${loserId}`);
  expect(loser.body).toMatchObject({ fulfillment: 'reserved', checkouts: [], history: [] });
  expect(loser.body.lines[0].quantityOut).toBe(0);
  const events = await t.sql<{ n: number }>(
    `select count(*)::int as n from outbox_events where organization_id = $1 and event = 'order.checked_out' and payload->'data'->>'id' in ($2, $3)`,
    [org.organizationId, a.id, b.id],
  );
  expect(events[0].n).toBe(1);
});

it('a check-in racing a cancel: one wins, the other a 409, nothing half-written', async () => {
  for (let round = 0; round < 4; round++) {
    const item = await unitItem(org, `CXL${round}`, 1);
    const o = await order(org, customerId, [{ itemId: item, quantity: 1 }]);
    // a reserved order: the cancel wins and the check-in (nothing out) is a 409 in either order
    const [cin, cxl] = await Promise.all([
      desk2.agent.post(`/api/transactions/${o.id}/check-in`).send({
        returnedOn: '2026-07-02',
        returns: [{ lineId: o.lines[0].id, assetTag: `CXL${round}-1`, condition: 'good' }],
      }),
      org.agent.post(`/api/transactions/${o.id}/cancel`).send({}),
    ]);
    expect([cin.status, cxl.status]).toEqual([409, 200]);

    const o2 = await order(org, customerId, [{ itemId: item, quantity: 1 }]);
    expect((await checkOut(org, o2, `CXL${round}-1`)).status).toBe(200);
    // out: the check-in wins (completing the order), the cancel is a 409 whichever runs first
    const [in2, cxl2] = await Promise.all([
      desk2.agent.post(`/api/transactions/${o2.id}/check-in`).send({
        returnedOn: '2026-07-10',
        returns: [{ lineId: o2.lines[0].id, assetTag: `CXL${round}-1`, condition: 'good' }],
      }),
      org.agent.post(`/api/transactions/${o2.id}/cancel`).send({}),
    ]);
    expect([in2.status, cxl2.status]).toEqual([200, 409]);
    const after = await org.agent.get(`/api/transactions/${o2.id}`);
    expect(after.body).toMatchObject({ status: 'completed', fulfillment: 'returned', cancelledAt: null });
    expect(after.body.returns).toHaveLength(1);
  }
});

it('a swap racing an extension: both run, one after the other, on the same locked order', async () => {
  const item = await unitItem(org, 'SWX', 2);
  const o = await order(org, customerId, [{ itemId: item, quantity: 1 }], '2026-07-01', '2026-07-05');
  expect((await checkOut(org, o, 'SWX-1')).status).toBe(200);
  const [swap, ext] = await Promise.all([
    org.agent
      .post(`/api/transactions/${o.id}/swap`)
      .send({ lineId: o.lines[0].id, returnAssetTag: 'SWX-1', newAssetTag: 'SWX-2', condition: 'damaged' }),
    desk2.agent.post(`/api/transactions/${o.id}/extend`).send({ returnDate: '2026-07-08' }),
  ]);
  expect([swap.status, ext.status]).toEqual([200, 200]);
  const after = await org.agent.get(`/api/transactions/${o.id}`);
  expect(after.body).toMatchObject({ returnDate: '2026-07-08', total: '800.00' });
  expect(after.body.history.map((h: { kind: string }) => h.kind).sort()).toEqual([
    'checked_out',
    'extended',
    'swapped',
  ]);
  // a second swap of the unit already swapped out is a 409
  const again = await org.agent
    .post(`/api/transactions/${o.id}/swap`)
    .send({ lineId: o.lines[0].id, returnAssetTag: 'SWX-1', newAssetTag: 'SWX-2', condition: 'good' });
  expect(again.status).toBe(409);
});
