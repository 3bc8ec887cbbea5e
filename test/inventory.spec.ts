/** Inventory catalog (rental operations part 1) through REST and GraphQL, against the real stack. */
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let member: Registered;
let other: Registered;

const item = (over: Record<string, unknown> = {}) => ({
  name: 'Scissor lift 8 m',
  itemNumber: 'SL-8',
  category: 'Lifts',
  dailyRate: '120',
  weeklyRate: '480.5',
  quantityOwned: 4,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Rentals');
  member = await t.addMember(org.organizationId, 'user');
  other = await t.registerOrg('Other');
});
afterAll(() => t.close());

describe('create and read', () => {
  it('a member creates an item (201) and money comes back as exact decimal strings', async () => {
    const res = await member.agent.post('/api/inventory').send(
      item({
        itemNumber: 'CR-1',
        specifications: { height: '8 m', power: 'electric' },
        imageUrl: 'https://img.example.com/sl8.png',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Scissor lift 8 m',
      itemNumber: 'CR-1',
      category: 'Lifts',
      dailyRate: '120.00',
      weeklyRate: '480.50',
      monthlyRate: null,
      quantityOwned: 4,
      specifications: { height: '8 m', power: 'electric' },
      imageUrl: 'https://img.example.com/sl8.png',
      status: 'active',
      retiredAt: null,
      organizationId: org.organizationId,
    });
    const stored = await t.sql<{ daily_rate: string }>('select daily_rate::text from inventory_items where id = $1', [
      res.body.id,
    ]);
    expect(stored[0].daily_rate).toBe('120.00');
    const got = await org.agent.get(`/api/inventory/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body.itemNumber).toBe('CR-1');
  });

  it('item numbers are unique per organization (409), but another organization may reuse one', async () => {
    expect((await org.agent.post('/api/inventory').send(item({ itemNumber: 'DUP-1' }))).status).toBe(201);
    const dup = await member.agent.post('/api/inventory').send(item({ itemNumber: ' DUP-1 ' }));
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('CONFLICT');
    expect((await other.agent.post('/api/inventory').send(item({ itemNumber: 'DUP-1' }))).status).toBe(201);
  });

  it('two simultaneous creates with one item number: one 201, one 409, never a 500', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => org.agent.post('/api/inventory').send(item({ itemNumber: 'RACE-1' }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    [{ dailyRate: '12.345' }, 'dailyRate'],
    [{ dailyRate: 12.5 }, 'dailyRate'],
    [{ dailyRate: '-1.00' }, 'dailyRate'],
    [{ weeklyRate: '1e3' }, 'weeklyRate'],
    [{ quantityOwned: -1 }, 'quantityOwned'],
    [{ quantityOwned: 1.5 }, 'quantityOwned'],
    [{ name: '' }, 'name'],
    [{ itemNumber: '' }, 'itemNumber'],
    [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
    [{ specifications: { weight: 12 } }, 'specifications.weight'],
    [{ totalValue: '1.00' }, 'totalValue'],
  ])('refuses %j with a 400 naming %s and writes nothing', async (over, field) => {
    const before = await t.sql('select count(*)::int as n from inventory_items');
    const res = await org.agent.post('/api/inventory').send(item({ itemNumber: `BAD-${field}`, ...over }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await t.sql('select count(*)::int as n from inventory_items')).toEqual(before);
  });

  it('needs a session (401)', async () => {
    expect((await t.agent().get('/api/inventory')).status).toBe(401);
    expect((await t.agent().post('/api/inventory').send(item())).status).toBe(401);
  });
});

describe('update, retire and reactivate', () => {
  let id: string;
  beforeAll(async () => {
    id = (
      await org.agent
        .post('/api/inventory')
        .send(item({ itemNumber: 'UP-1', monthlyRate: '1500.00', specifications: { a: '1' } }))
    ).body.id;
  });

  it('PATCH changes the fields present, null clears optional ones; PUT works the same', async () => {
    const res = await org.agent
      .patch(`/api/inventory/${id}`)
      .send({ dailyRate: '99.9', monthlyRate: null, category: 'Access', specifications: { b: '2' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      dailyRate: '99.90',
      weeklyRate: '480.50',
      monthlyRate: null,
      category: 'Access',
      specifications: { b: '2' },
      name: 'Scissor lift 8 m',
    });
    const put = await member.agent
      .put(`/api/inventory/${id}`)
      .send({ quantityOwned: 6, name: 'Scissor lift 8 m (new)' });
    expect(put.body).toMatchObject({ quantityOwned: 6, name: 'Scissor lift 8 m (new)', category: 'Access' });
  });

  it('refuses a taken item number, an empty name and a null daily rate', async () => {
    await org.agent.post('/api/inventory').send(item({ itemNumber: 'UP-2' }));
    expect((await org.agent.patch(`/api/inventory/${id}`).send({ itemNumber: 'UP-2' })).status).toBe(409);
    expect((await org.agent.patch(`/api/inventory/${id}`).send({ name: '' })).status).toBe(400);
    const nullRate = await org.agent.patch(`/api/inventory/${id}`).send({ dailyRate: null });
    expect(nullRate.status).toBe(400);
    expect(nullRate.body.details[0].field).toBe('dailyRate');
  });

  it('retire keeps the item on record as retired; reactivate brings it back; both idempotent', async () => {
    const retired = await member.agent.post(`/api/inventory/${id}/retire`);
    expect(retired.status).toBe(200);
    expect(retired.body.status).toBe('retired');
    expect(retired.body.retiredAt).toEqual(expect.any(String));
    expect((await member.agent.post(`/api/inventory/${id}/retire`)).body.retiredAt).toBe(retired.body.retiredAt);
    expect((await org.agent.get(`/api/inventory?status=retired`)).body.data.map((i: { id: string }) => i.id)).toContain(
      id,
    );
    const back = await member.agent.post(`/api/inventory/${id}/reactivate`);
    expect(back.body).toMatchObject({ status: 'active', retiredAt: null });
  });
});

describe('list', () => {
  let lister: Registered;
  beforeAll(async () => {
    lister = await t.registerOrg('Lister');
    const rows = [
      { name: 'Concrete mixer', itemNumber: 'CM-100', category: 'Concrete', dailyRate: '45.00', quantityOwned: 10 },
      { name: 'Plate compactor', itemNumber: 'PC-200', category: 'Compaction', dailyRate: '60.00', quantityOwned: 3 },
      { name: 'Rammer', itemNumber: 'RM-300', category: 'Compaction', dailyRate: '55.00', quantityOwned: 2 },
      { name: 'Power trowel', itemNumber: 'PT-400', category: 'Concrete', dailyRate: '70.00', quantityOwned: 1 },
    ];
    for (const r of rows) expect((await lister.agent.post('/api/inventory').send(r)).status).toBe(201);
  });

  it('defaults to name order in the spec page shape', async () => {
    const res = await lister.agent.get('/api/inventory');
    expect(res.body.data.map((i: { name: string }) => i.name)).toEqual([
      'Concrete mixer',
      'Plate compactor',
      'Power trowel',
      'Rammer',
    ]);
    expect(res.body.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalItems: 4,
      pageSize: 50,
      hasNextPage: false,
      hasPreviousPage: false,
    });
  });

  it('searches name and item number, filters by category and status, sorts by rate (numerically)', async () => {
    expect(
      (await lister.agent.get('/api/inventory?search=pc-2')).body.data.map((i: { itemNumber: string }) => i.itemNumber),
    ).toEqual(['PC-200']);
    expect(
      (await lister.agent.get('/api/inventory?search=TROWEL')).body.data.map(
        (i: { itemNumber: string }) => i.itemNumber,
      ),
    ).toEqual(['PT-400']);
    const compaction = await lister.agent.get('/api/inventory?category=Compaction&sortBy=dailyRate&sortOrder=desc');
    expect(compaction.body.data.map((i: { itemNumber: string }) => i.itemNumber)).toEqual(['PC-200', 'RM-300']);
    const byRate = await lister.agent.get('/api/inventory?sortBy=dailyRate');
    expect(byRate.body.data.map((i: { dailyRate: string }) => i.dailyRate)).toEqual([
      '45.00',
      '55.00',
      '60.00',
      '70.00',
    ]);
    expect((await lister.agent.get('/api/inventory?status=retired')).body.data).toEqual([]);
    expect((await lister.agent.get('/api/inventory?category=Concrete&search=mixer')).body.pagination.totalItems).toBe(
      1,
    );
  });

  it('refuses an unknown sortBy or status with a 400', async () => {
    expect((await lister.agent.get('/api/inventory?sortBy=cost')).body.details[0].field).toBe('sortBy');
    expect((await lister.agent.get('/api/inventory?status=broken')).status).toBe(400);
  });

  it('the same list through GraphQL, enum values in lowercase', async () => {
    const res = await t.gql<{ inventoryItems: { data: { itemNumber: string; status: string }[] } }>(
      lister.agent,
      `{ inventoryItems(category: "Concrete", sortBy: "itemNumber", sortOrder: desc) { data { itemNumber status } } }`,
    );
    expect(res.data?.inventoryItems.data).toEqual([
      { itemNumber: 'PT-400', status: 'active' },
      { itemNumber: 'CM-100', status: 'active' },
    ]);
  });
});

describe('tenancy', () => {
  it("another organization's item is 404 on every path and absent from its lists", async () => {
    const mine = (await org.agent.post('/api/inventory').send(item({ itemNumber: 'TEN-1' }))).body.id;
    for (const req of [
      other.agent.get(`/api/inventory/${mine}`),
      other.agent.patch(`/api/inventory/${mine}`).send({ name: 'x' }),
      other.agent.post(`/api/inventory/${mine}/retire`),
      other.agent.get(`/api/inventory/${mine}/availability`),
      other.agent.get(`/api/inventory/${mine}/maintenance-holds`),
      other.agent.post(`/api/inventory/${mine}/maintenance-holds`).send({ quantity: 1, startDate: '2026-07-01' }),
    ]) {
      expect((await req).status).toBe(404);
    }
    expect((await other.agent.get('/api/inventory?search=TEN-1')).body.data).toEqual([]);
    const [row] = await t.sql<{ name: string; status: string }>(
      'select name, status from inventory_items where id = $1',
      [mine],
    );
    expect(row).toEqual({ name: 'Scissor lift 8 m', status: 'active' });
  });
});
