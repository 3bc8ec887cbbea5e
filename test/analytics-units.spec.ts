/**
 * Units (docs/analytics.md, "Units: time out, downtime, revenue"), through the API with instants pinned in SQL.
 * Range 2026-10-01..10-10 (10 days), previous 09-21..09-30; organization in UTC; units created 09-01.
 *   EX (tracked by unit, 100.00/day, EX-1 and EX-2):
 *     order A 10-02..10-08: EX-1 out 10-03 (meter 100.0), back 10-06 damaged (meter 130.5): out 10-03..10-06 = 4 days;
 *       re-priced to pickup..10-06 = 5 days = 500.00, all of it EX-1's (the only unit on the line);
 *       awaiting inspection from 10-07, in maintenance 10-08, available 10-10: downtime 10-07..10-09 = 3 days.
 *     order B 10-09..10-12: EX-2 out 10-09 (meter 50.0), back 10-12 good (60.0): 2 of its 4 days in the range,
 *       so 2/4 of 400.00 = 200.00; its meter run counts in the range it came back in (not this one).
 *     order C 09-28..10-01, completed without a check-out (the legacy complete): booked days, 1 now, 3 before.
 *     EX-1: owned 10, down 3, available 7, out 4 -> 57.1 %; EX-2: 10, 0, 10, 2 -> 20.0 %; all units 6/17 = 35.3 %.
 *     Item: available 2x10 - 3 = 17, rented 4 + 2 actual + 1 unrecorded = 7 -> 41.2 % (previous 3/20 = 15.0 %), basis actual.
 *   CONE (bulk, 10): order D 10-03..10-05 x 4 = 12 booked unit-days / 100 -> 12.0 %, basis booked.
 *   Both uncategorised: 19/117 = 16.2 %, basis mixed.
 */
import { customer, get } from './support/analytics';
import { bulkItem, order, unitItem } from './support/desk';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let ex: string;
let cone: string;
let unitIds: Record<string, string>;
const RANGE = 'startDate=2026-10-01&endDate=2026-10-10';

async function ok(res: { status: number; body: any }): Promise<any> {
  if (res.status >= 300) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Pins the newest history event of a kind of a unit (and, for a check-out or check-in, its desk record). */
async function pin(unitId: string, kind: string, at: string): Promise<void> {
  await t.sql(
    `update inventory_unit_events set occurred_at = $1::timestamptz where id =
       (select id from inventory_unit_events where unit_id = $2 and kind = $3 order by occurred_at desc limit 1)`,
    [at, unitId, kind],
  );
  if (kind === 'checked_out')
    await t.sql('update rental_checkouts set checked_out_at = $1::timestamptz where unit_id = $2', [at, unitId]);
  if (kind === 'checked_in')
    await t.sql('update rental_returns set checked_in_at = $1::timestamptz where unit_id = $2', [at, unitId]);
}

async function checkOut(o: Record<string, any>, assetTag: string, meterOut: string, at: string) {
  await ok(
    await org.agent.post(`/api/transactions/${o.id}/check-out`).send({
      releasedTo: 'Sam Driver',
      checklistPassed: true,
      lines: [{ lineId: o.lines[0].id, units: [{ assetTag, meterOut }] }],
    }),
  );
  await pin(unitIds[assetTag], 'checked_out', at);
}

async function checkIn(
  o: Record<string, any>,
  assetTag: string,
  returnedOn: string,
  meterIn: string,
  condition: string,
) {
  await ok(
    await org.agent
      .post(`/api/transactions/${o.id}/check-in`)
      .send({ returnedOn, returns: [{ lineId: o.lines[0].id, assetTag, meterIn, condition }] }),
  );
  await pin(unitIds[assetTag], 'checked_in', `${returnedOn}T17:00:00Z`);
}

async function setStatus(assetTag: string, status: string, at: string) {
  await ok(await org.agent.patch(`/api/inventory/${ex}/units/${unitIds[assetTag]}`).send({ status }));
  await pin(unitIds[assetTag], 'status_changed', at);
}

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Units');
  ex = await unitItem(org, 'EX', 2);
  cone = await bulkItem(org, 'CONE', 10);
  const units = await t.sql<{ id: string; asset_tag: string }>(
    'select id, asset_tag from inventory_units where item_id = $1',
    [ex],
  );
  unitIds = Object.fromEntries(units.map((u) => [u.asset_tag, u.id]));
  await t.sql(`update inventory_units set created_at = '2026-09-01T12:00:00Z' where item_id = $1`, [ex]);
  await t.sql(
    `update inventory_unit_events set occurred_at = '2026-09-01T12:00:00Z' where unit_id in (select id from inventory_units where item_id = $1)`,
    [ex],
  );
  const c = await customer(org.agent, 'Unit customer');
  const a = await order(org, c.id, [{ itemId: ex, quantity: 1 }], '2026-10-02', '2026-10-08');
  const b = await order(org, c.id, [{ itemId: ex, quantity: 1 }], '2026-10-09', '2026-10-12');
  const legacy = await order(org, c.id, [{ itemId: ex, quantity: 1 }], '2026-09-28', '2026-10-01');
  await ok(await org.agent.post(`/api/transactions/${legacy.id}/complete`));
  await order(org, c.id, [{ itemId: cone, quantity: 4 }], '2026-10-03', '2026-10-05');
  await checkOut(a, 'EX-1', '100.0', '2026-10-03T15:00:00Z');
  await checkIn(a, 'EX-1', '2026-10-06', '130.5', 'damaged');
  await setStatus('EX-1', 'in_maintenance', '2026-10-08T12:00:00Z');
  await setStatus('EX-1', 'available', '2026-10-10T12:00:00Z');
  await checkOut(b, 'EX-2', '50.0', '2026-10-09T08:00:00Z');
  await checkIn(b, 'EX-2', '2026-10-12', '60.0', 'good');
});
afterAll(() => t.close());

it('fleet utilisation counts actual time out for an item tracked by unit and booked days in bulk, naming the basis', async () => {
  const byItem = await get(org.agent, `/api/analytics/utilisation?${RANGE}&groupBy=item`);
  const row = (id: string) => byItem.rows.find((r: any) => r.itemId === id);
  expect(row(ex)).toMatchObject({
    basis: 'actual',
    units: 2,
    availableUnitDays: 17,
    rentedUnitDays: 7,
    utilisation: 41.2,
    previousUtilisation: 15,
  });
  expect(row(cone)).toMatchObject({ basis: 'booked', availableUnitDays: 100, rentedUnitDays: 12, utilisation: 12 });
  const byCategory = await get(org.agent, `/api/analytics/utilisation?${RANGE}`);
  expect(byCategory.rows).toEqual([
    expect.objectContaining({
      key: 'Uncategorised',
      basis: 'mixed',
      availableUnitDays: 117,
      rentedUnitDays: 19,
      utilisation: 16.2,
    }),
  ]);
});

it('per unit: days out, downtime, utilisation, rentals, meter run and revenue by days out', async () => {
  const body = await get(org.agent, `/api/analytics/fleet/units?${RANGE}`);
  expect(
    body.rows.map((r: any) => [
      r.assetTag,
      r.ownedDays,
      r.downtimeDays,
      r.availableDays,
      r.daysOut,
      r.utilisation,
      r.previousUtilisation,
      r.rentals,
      r.revenue,
      r.meterRun,
    ]),
  ).toEqual([
    ['EX-1', 10, 3, 7, 4, 57.1, 0, 1, '500.00', '30.5'],
    ['EX-2', 10, 0, 10, 2, 20, 0, 1, '200.00', null],
  ]);
  expect(body.rows[0]).toMatchObject({ unitId: unitIds['EX-1'], itemId: ex, itemNumber: 'EX', status: 'available' });
  expect(body.totals).toEqual({
    utilisation: { current: 35.3, previous: 0, change: 35.3, changePercent: null },
    units: 2,
    ownedDays: 20,
    downtimeDays: 3,
    availableDays: 17,
    daysOut: 6,
    revenue: '700.00',
  });
  const later = await get(org.agent, `/api/analytics/fleet/units?startDate=2026-10-11&endDate=2026-10-20&itemId=${ex}`);
  expect(later.rows.map((r: any) => [r.assetTag, r.daysOut, r.revenue, r.meterRun])).toEqual([
    ['EX-2', 2, '200.00', '10.0'],
    ['EX-1', 0, '0.00', null],
  ]);
});

it('a unit’s lifetime: meter run, rentals, days on rent, maintenance, revenue', async () => {
  expect(await get(org.agent, `/api/inventory-units/${unitIds['EX-1']}/lifetime`)).toEqual({
    unitId: unitIds['EX-1'],
    assetTag: 'EX-1',
    itemId: ex,
    meterKind: 'hours',
    meterReading: '130.5',
    meterRun: '30.5',
    rentals: 1,
    daysOnRent: 4,
    maintenanceCount: 1,
    maintenanceDays: 3,
    revenue: '500.00',
    firstCheckedOut: '2026-10-03',
    lastReturned: '2026-10-06',
  });
  const gql = await org.agent.post('/graphql').send({
    query: 'query($id: ID!) { inventoryUnitLifetime(unitId: $id) { assetTag meterRun rentals daysOnRent revenue } }',
    variables: { id: unitIds['EX-2'] },
  });
  expect(gql.body.data.inventoryUnitLifetime).toEqual({
    assetTag: 'EX-2',
    meterRun: '10.0',
    rentals: 1,
    daysOnRent: 4,
    revenue: '400.00',
  });
});

it('a unit still out counts up to today', async () => {
  const c = await customer(org.agent, 'Today');
  const today = new Date().toISOString().slice(0, 10);
  const o = await order(org, c.id, [{ itemId: ex, quantity: 1 }], today, today);
  await ok(
    await org.agent.post(`/api/transactions/${o.id}/check-out`).send({
      releasedTo: 'Sam',
      checklistPassed: true,
      lines: [{ lineId: o.lines[0].id, units: [{ assetTag: 'EX-2' }] }],
    }),
  );
  const body = await get(org.agent, `/api/analytics/fleet/units?startDate=${today}&endDate=${today}`);
  expect(body.rows.map((r: any) => [r.assetTag, r.daysOut, r.revenue])).toEqual([
    ['EX-2', 1, '100.00'],
    ['EX-1', 0, '0.00'],
  ]);
  const life = await get(org.agent, `/api/inventory-units/${unitIds['EX-2']}/lifetime`);
  expect([life.rentals, life.daysOnRent, life.lastReturned]).toEqual([2, 5, '2026-10-12']);
});

it('another organization’s unit or item is not found, and its report has none of these units', async () => {
  const other = await t.registerOrg('Units intruder');
  expect((await other.agent.get(`/api/inventory-units/${unitIds['EX-1']}/lifetime`)).status).toBe(404);
  expect((await other.agent.get(`/api/analytics/fleet/units?itemId=${ex}`)).status).toBe(404);
  expect((await other.agent.get('/api/inventory-units/not-a-uuid/lifetime')).status).toBe(404);
  const body = await get(other.agent, `/api/analytics/fleet/units?${RANGE}`);
  expect(body.rows).toEqual([]);
  expect(body.totals.units).toBe(0);
});
