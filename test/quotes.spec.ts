/** POST /api/quotes and the GraphQL `quote` mutation (rental operations part 3) over the real stack. */
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let member: Registered;
let lift: string;

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Quotes');
  member = await t.addMember(org.organizationId, 'user');
  const res = await org.agent.post('/api/inventory').send({
    name: 'Boom lift',
    itemNumber: 'BL-1',
    dailyRate: '100.00',
    weeklyRate: '400.00',
    monthlyRate: '1200.00',
    quantityOwned: 3,
  });
  lift = res.body.id;
});
afterAll(() => t.close());

const quote = (body: Record<string, unknown>, agent = member.agent) =>
  agent.post('/api/quotes').send({ itemId: lift, ...body });

it.each([
  // startDate, endDate, quantity, rentalDays, billedDays, lines, total
  ['2026-07-01', '2026-07-01', 1, 1, 1, [['day', 1, '100.00']], '100.00'],
  ['2026-07-01', '2026-07-03', 2, 3, 3, [['day', 3, '600.00']], '600.00'],
  ['2026-07-01', '2026-07-06', 1, 6, 7, [['week', 1, '400.00']], '400.00'],
  [
    '2026-07-01',
    '2026-07-08',
    2,
    8,
    8,
    [
      ['week', 1, '800.00'],
      ['day', 1, '200.00'],
    ],
    '1000.00',
  ],
  ['2026-07-01', '2026-07-25', 1, 25, 30, [['month', 1, '1200.00']], '1200.00'],
  [
    '2026-02-01',
    '2026-03-10',
    3,
    38,
    38,
    [
      ['month', 1, '3600.00'],
      ['week', 1, '1200.00'],
      ['day', 1, '300.00'],
    ],
    '5100.00',
  ],
])(
  '%s..%s x%d: %d days, billed %d, the cheapest itemized cover',
  async (startDate, endDate, quantity, rentalDays, billedDays, lines, total) => {
    const res = await quote({ startDate, endDate, quantity });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      itemId: lift,
      itemNumber: 'BL-1',
      itemName: 'Boom lift',
      quantity,
      startDate,
      endDate,
      rentalDays,
      billedDays,
      total,
      availableUnits: 3,
      available: true,
    });
    expect(
      res.body.lines.map((l: { period: string; count: number; amount: string }) => [l.period, l.count, l.amount]),
    ).toEqual(lines);
  },
);

it('quantity defaults to 1; the answer says when the units are not free (maintenance)', async () => {
  await org.agent
    .post(`/api/inventory/${lift}/maintenance-holds`)
    .send({ quantity: 2, startDate: '2026-10-05', endDate: '2026-10-06' });
  const one = await quote({ startDate: '2026-10-01', endDate: '2026-10-10' });
  expect(one.body).toMatchObject({ quantity: 1, availableUnits: 1, available: true });
  const two = await quote({ startDate: '2026-10-01', endDate: '2026-10-10', quantity: 2 });
  expect(two.body).toMatchObject({ availableUnits: 1, available: false, total: '1400.00' });
});

it('the GraphQL mutation gives the same breakdown, periods as lowercase enum values', async () => {
  const res = await t.gql<{ quote: { total: string; lines: { period: string; rate: string; days: number }[] } }>(
    member.agent,
    `mutation($input: QuoteInput!) { quote(input: $input) { total lines { period rate days } } }`,
    { input: { itemId: lift, startDate: '2026-07-01', endDate: '2026-07-08' } },
  );
  expect(res.data?.quote).toEqual({
    total: '500.00',
    lines: [
      { period: 'week', rate: '400.00', days: 7 },
      { period: 'day', rate: '100.00', days: 1 },
    ],
  });
});

it.each([
  [{ startDate: '2026-07-05', endDate: '2026-07-01' }, 'endDate'],
  [{ startDate: '2026-02-29', endDate: '2026-03-01' }, 'startDate'],
  [{ startDate: '2026-01-01', endDate: '2028-01-05' }, 'endDate'],
  [{ endDate: '2026-07-01' }, 'startDate'],
  [{ startDate: '2026-07-01', endDate: '2026-07-02', quantity: 0 }, 'quantity'],
  [{ startDate: '2026-07-01', endDate: '2026-07-02', itemId: 'not-a-uuid' }, 'itemId'],
  [{ startDate: '2026-07-01', endDate: '2026-07-02', total: '1.00' }, 'total'],
])('refuses %j with a 400 naming %s', async (body, field) => {
  const res = await quote(body);
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('VALIDATION_ERROR');
  expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
});

it('an item of another organization is refused as if it did not exist; a retired one is a 409', async () => {
  const other = await t.registerOrg('Other');
  const foreign = await other.agent
    .post('/api/quotes')
    .send({ itemId: lift, startDate: '2026-07-01', endDate: '2026-07-02' });
  expect(foreign.status).toBe(404);
  expect(foreign.body.details).toEqual([{ field: 'itemId', message: 'not found' }]);
  expect(JSON.stringify(foreign.body)).not.toContain('BL-1');
  const retired = (
    await org.agent
      .post('/api/inventory')
      .send({ name: 'Old lift', itemNumber: 'OLD-1', dailyRate: '10.00', quantityOwned: 1 })
  ).body.id;
  await org.agent.post(`/api/inventory/${retired}/retire`);
  const res = await quote({ itemId: retired, startDate: '2026-07-01', endDate: '2026-07-02' });
  expect(res.status).toBe(409);
  expect(res.body.code).toBe('CONFLICT');
});

it('needs a session', async () => {
  expect(
    (await t.agent().post('/api/quotes').send({ itemId: lift, startDate: '2026-07-01', endDate: '2026-07-02' })).status,
  ).toBe(401);
});
