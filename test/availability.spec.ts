/** Maintenance holds and availability (rental operations parts 1-2), computed in SQL over real PostgreSQL. */
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let excavator: string;

type Day = { date: string; available: number; booked: number; inMaintenance: number };

async function create(agent: Registered['agent'], body: Record<string, unknown>): Promise<string> {
  const res = await agent.post('/api/inventory').send({ dailyRate: '100.00', ...body });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.id;
}

async function hold(itemId: string, body: Record<string, unknown>): Promise<string> {
  const res = await org.agent.post(`/api/inventory/${itemId}/maintenance-holds`).send(body);
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.id;
}

async function availableDays(itemId: string, startDate: string, endDate: string): Promise<number[]> {
  const res = await org.agent.get(`/api/inventory/${itemId}/availability?startDate=${startDate}&endDate=${endDate}`);
  expect(res.status).toBe(200);
  return res.body.days.map((d: Day) => d.available);
}

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Avail');
  excavator = await create(org.agent, {
    name: 'Excavator',
    itemNumber: 'EX-1',
    category: 'Earthmoving',
    quantityOwned: 5,
  });
});
afterAll(() => t.close());

describe('maintenance holds reduce availability on the days they cover, both ends included', () => {
  let openEnded: string;
  let twoUnits: string;

  beforeAll(async () => {
    await hold(excavator, { quantity: 1, startDate: '2026-06-25', endDate: '2026-07-01', reason: 'Track repair' });
    twoUnits = await hold(excavator, { quantity: 2, startDate: '2026-07-03', endDate: '2026-07-05' });
    openEnded = await hold(excavator, { quantity: 1, startDate: '2026-07-05' });
    await hold(excavator, { quantity: 3, startDate: '2026-07-11', endDate: '2026-07-12' });
  });

  it('per day: quantity - units held that day (open-ended holds run on)', async () => {
    const res = await org.agent.get(`/api/inventory/${excavator}/availability?startDate=2026-07-01&endDate=2026-07-10`);
    expect(res.body).toMatchObject({
      itemId: excavator,
      itemNumber: 'EX-1',
      quantityOwned: 5,
      startDate: '2026-07-01',
      endDate: '2026-07-10',
      minAvailable: 2,
      status: 'active',
    });
    expect(res.body.days).toHaveLength(10);
    expect(res.body.days.slice(0, 5)).toEqual([
      { date: '2026-07-01', available: 4, booked: 0, inMaintenance: 1 },
      { date: '2026-07-02', available: 5, booked: 0, inMaintenance: 0 },
      { date: '2026-07-03', available: 3, booked: 0, inMaintenance: 2 },
      { date: '2026-07-04', available: 3, booked: 0, inMaintenance: 2 },
      { date: '2026-07-05', available: 2, booked: 0, inMaintenance: 3 },
    ]);
    expect(res.body.days.slice(5).map((d: Day) => d.available)).toEqual([4, 4, 4, 4, 4]);
  });

  it('a one-day range is one day', async () => {
    expect(await availableDays(excavator, '2026-07-05', '2026-07-05')).toEqual([2]);
  });

  it('lists the holds of the item, newest start first', async () => {
    const res = await org.agent.get(`/api/inventory/${excavator}/maintenance-holds`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((h: { startDate: string; endDate: string | null }) => [h.startDate, h.endDate])).toEqual([
      ['2026-07-11', '2026-07-12'],
      ['2026-07-05', null],
      ['2026-07-03', '2026-07-05'],
      ['2026-06-25', '2026-07-01'],
    ]);
    expect(res.body.data[3]).toMatchObject({ itemId: excavator, quantity: 1, reason: 'Track repair' });
  });

  it('ending an open-ended hold and deleting a hold give the units back', async () => {
    const ended = await org.agent
      .patch(`/api/inventory/${excavator}/maintenance-holds/${openEnded}`)
      .send({ endDate: '2026-07-07' });
    expect(ended.status).toBe(200);
    expect(ended.body.endDate).toBe('2026-07-07');
    expect(await availableDays(excavator, '2026-07-06', '2026-07-09')).toEqual([4, 4, 5, 5]);
    const del = await org.agent.delete(`/api/inventory/${excavator}/maintenance-holds/${twoUnits}`);
    expect(del.status).toBe(200);
    expect(await availableDays(excavator, '2026-07-03', '2026-07-05')).toEqual([5, 5, 4]);
  });

  it('a hold is only reachable under its own item', async () => {
    const other = await create(org.agent, { name: 'Dumper', itemNumber: 'DU-1', quantityOwned: 1 });
    expect((await org.agent.delete(`/api/inventory/${other}/maintenance-holds/${openEnded}`)).status).toBe(404);
    expect(
      (await org.agent.patch(`/api/inventory/${other}/maintenance-holds/${openEnded}`).send({ quantity: 1 })).status,
    ).toBe(404);
  });

  it.each([
    [{ quantity: 6, startDate: '2026-08-01' }, 'quantity'],
    [{ quantity: 0, startDate: '2026-08-01' }, 'quantity'],
    [{ quantity: 1, startDate: '2026-02-30' }, 'startDate'],
    [{ quantity: 1, startDate: 'tomorrow' }, 'startDate'],
    [{ quantity: 1, startDate: '2026-08-05', endDate: '2026-08-04' }, 'endDate'],
    [{ quantity: 1 }, 'startDate'],
  ])('refuses the hold %j with a 400 naming %s', async (body, field) => {
    const before = await t.sql('select count(*)::int as n from maintenance_holds');
    const res = await org.agent.post(`/api/inventory/${excavator}/maintenance-holds`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await t.sql('select count(*)::int as n from maintenance_holds')).toEqual(before);
  });
});

describe('the range', () => {
  it.each([
    ['startDate=2026-07-10&endDate=2026-07-01', 'endDate'],
    ['startDate=2026-01-01&endDate=2027-01-02', 'endDate'],
    ['startDate=2026-13-01&endDate=2026-12-01', 'startDate'],
    ['startDate=2026-07-01&endDate=soon', 'endDate'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await org.agent.get(`/api/inventory/${excavator}/availability?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('defaults to 30 days from today (UTC)', async () => {
    const res = await org.agent.get(`/api/inventory/${excavator}/availability`);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.startDate).toBe(today);
    expect(res.body.days).toHaveLength(30);
    expect(res.body.days[0].date).toBe(today);
  });
});

describe('the whole catalog', () => {
  let cat: Registered;
  let ids: Record<string, string>;
  beforeAll(async () => {
    cat = await t.registerOrg('Catalog');
    ids = {};
    for (const [n, category, qty] of [
      ['A', 'Lifts', 2],
      ['B', 'Lifts', 3],
      ['C', 'Pumps', 1],
      ['D', 'Lifts', 1],
    ] as const) {
      ids[n] = await create(cat.agent, { name: `Item ${n}`, itemNumber: `N-${n}`, category, quantityOwned: qty });
    }
    await cat.agent
      .post(`/api/inventory/${ids.B}/maintenance-holds`)
      .send({ quantity: 2, startDate: '2026-09-02', endDate: '2026-09-02' });
    await cat.agent.post(`/api/inventory/${ids.D}/retire`);
  });

  it('every active item with its days; retired items are left out; optionally one category', async () => {
    const all = await cat.agent.get('/api/inventory-availability?startDate=2026-09-01&endDate=2026-09-03');
    expect(all.status).toBe(200);
    expect(all.body.pagination.totalItems).toBe(3);
    expect(
      all.body.data.map((i: { itemNumber: string; minAvailable: number }) => [i.itemNumber, i.minAvailable]),
    ).toEqual([
      ['N-A', 2],
      ['N-B', 1],
      ['N-C', 1],
    ]);
    expect(all.body.data[1].days.map((d: Day) => d.available)).toEqual([3, 1, 3]);
    const lifts = await cat.agent.get(
      '/api/inventory-availability?startDate=2026-09-01&endDate=2026-09-03&category=Lifts',
    );
    expect(lifts.body.data.map((i: { itemNumber: string }) => i.itemNumber)).toEqual(['N-A', 'N-B']);
  });

  it('pages through items and searches them', async () => {
    const p2 = await cat.agent.get(
      '/api/inventory-availability?startDate=2026-09-01&endDate=2026-09-01&limit=2&page=2',
    );
    expect(p2.body.data.map((i: { itemNumber: string }) => i.itemNumber)).toEqual(['N-C']);
    expect(p2.body.pagination).toMatchObject({
      currentPage: 2,
      totalPages: 2,
      totalItems: 3,
      pageSize: 2,
      hasPreviousPage: true,
      hasNextPage: false,
    });
    const search = await cat.agent.get(
      '/api/inventory-availability?startDate=2026-09-01&endDate=2026-09-01&search=n-c',
    );
    expect(search.body.data.map((i: { itemNumber: string }) => i.itemNumber)).toEqual(['N-C']);
    expect((await cat.agent.get('/api/inventory-availability?limit=101')).status).toBe(400);
  });

  it('a retired item, asked for by id, has nothing available', async () => {
    const res = await cat.agent.get(`/api/inventory/${ids.D}/availability?startDate=2026-09-01&endDate=2026-09-02`);
    expect(res.body).toMatchObject({ status: 'retired', minAvailable: 0 });
    expect(res.body.days.map((d: Day) => d.available)).toEqual([0, 0]);
  });

  it('never counts or shows another organization’s items or holds', async () => {
    const res = await cat.agent.get('/api/inventory-availability?startDate=2026-07-01&endDate=2026-07-05');
    expect(res.body.data.map((i: { itemId: string }) => i.itemId)).not.toContain(excavator);
    const gql = await t.gql<{ inventoryAvailability: { pagination: { totalItems: number } } }>(
      cat.agent,
      '{ inventoryAvailability(startDate: "2026-07-01", endDate: "2026-07-02") { pagination { totalItems } } }',
    );
    expect(gql.data?.inventoryAvailability.pagination.totalItems).toBe(3);
  });
});
