/**
 * Pricing rules over the real stack (docs/rental.md, "Pricing rules"): the admin CRUD at /api/pricing-rules and its
 * validation, quotes and orders priced by the rules, and order lines that keep their prices when the rules change.
 */
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let member: Registered;
let lift: string;
let saw: string;
let loyal: string;
let walkIn: string;

const post = (path: string, body: Record<string, unknown>, agent = org.agent) => agent.post(path).send(body);
async function created(path: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await post(path, body);
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const rule = (body: Record<string, unknown>) => created('/api/pricing-rules', body);
const ruleRef = (r: Record<string, any>) => ({ id: r.id, name: r.name, kind: r.kind });

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Pricing rules');
  member = await t.addMember(org.organizationId, 'user');
  const item = (body: Record<string, unknown>) => created('/api/inventory', { quantityOwned: 10, ...body });
  lift = (
    await item({
      name: 'Scissor lift',
      itemNumber: 'SL-1',
      category: 'Lifts',
      dailyRate: '100.00',
      weeklyRate: '400.00',
      monthlyRate: '1200.00',
    })
  ).id;
  saw = (
    await item({ name: 'Floor saw', itemNumber: 'FS-1', category: 'Saws', dailyRate: '50.00', weeklyRate: '200.00' })
  ).id;
  loyal = (await created('/api/customers', { name: 'Loyal Builders', email: 'loyal@example.test' })).id;
  walkIn = (await created('/api/customers', { name: 'Walk-in', email: 'walkin@example.test' })).id;
});
afterAll(() => t.close());

describe('the CRUD', () => {
  it('an admin creates, reads, lists, changes and deletes a rule; a member only reads', async () => {
    const weekend = await rule({ name: 'Cone weekends', kind: 'weekend', category: 'Cones', multiplier: '0.5' });
    expect(weekend).toMatchObject({
      kind: 'weekend',
      category: 'Cones',
      multiplier: '0.500',
      active: true,
      itemId: null,
    });
    expect(weekend).toMatchObject({ dayRate: null, startDate: null, percent: null, tiers: null, customerId: null });
    const read = await member.agent.get(`/api/pricing-rules/${weekend.id}`);
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('Cone weekends');
    const list = await member.agent.get('/api/pricing-rules?kind=weekend&search=cone');
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([weekend.id]);
    expect(
      (await post('/api/pricing-rules', { name: 'x', kind: 'weekend', multiplier: '0.9' }, member.agent)).status,
    ).toBe(403);
    expect((await member.agent.delete(`/api/pricing-rules/${weekend.id}`)).status).toBe(403);

    const changed = await org.agent
      .patch(`/api/pricing-rules/${weekend.id}`)
      .send({ multiplier: null, dayRate: '5', active: false });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ multiplier: null, dayRate: '5.00', active: false });
    expect((await org.agent.delete(`/api/pricing-rules/${weekend.id}`)).status).toBe(200);
    expect((await org.agent.get(`/api/pricing-rules/${weekend.id}`)).status).toBe(404);
  });

  it('another organization’s rule is not found on every path', async () => {
    const mine = await rule({ name: 'Saw minimum', kind: 'minimum_period', itemId: saw, minimumDays: 2 });
    const other = await t.registerOrg('Other pricing');
    expect((await other.agent.get(`/api/pricing-rules/${mine.id}`)).status).toBe(404);
    expect((await other.agent.patch(`/api/pricing-rules/${mine.id}`).send({ minimumDays: 3 })).status).toBe(404);
    expect((await other.agent.delete(`/api/pricing-rules/${mine.id}`)).status).toBe(404);
    const foreign = await post(
      '/api/pricing-rules',
      { name: 'x', kind: 'minimum_period', itemId: saw, minimumDays: 2 },
      other.agent,
    );
    expect([foreign.status, foreign.body.details]).toEqual([404, [{ field: 'itemId', message: 'not found' }]]);
    expect((await other.agent.get('/api/pricing-rules')).body.data).toEqual([]);
    expect((await org.agent.delete(`/api/pricing-rules/${mine.id}`)).status).toBe(200);
  });
});

describe('validation: a 400 naming the field, nothing written', () => {
  const season = { name: 'Summer', kind: 'season', startDate: '2026-06-01', endDate: '2026-06-30', multiplier: '1.2' };

  it.each([
    [{ ...season, multiplier: '0' }, 'multiplier', 'more than 0'],
    [{ ...season, multiplier: '10.5' }, 'multiplier', 'at most 10'],
    [{ ...season, multiplier: '1.2345' }, 'multiplier', 'at most 3 decimals'],
    [{ ...season, multiplier: 1.5 }, 'multiplier', ''],
    [{ ...season, multiplier: null }, 'multiplier', 'needs multiplier'],
    [{ ...season, endDate: '2026-05-31' }, 'endDate', 'not be before'],
    [{ ...season, endDate: '2027-06-30' }, 'endDate', 'at most 366 days'],
    [{ ...season, percent: '10' }, 'percent', 'not a field of a season rule'],
    [{ name: 'W', kind: 'weekend' }, 'multiplier', 'either a multiplier or a dayRate'],
    [{ name: 'W', kind: 'weekend', multiplier: '0.5', dayRate: '10' }, 'multiplier', 'either'],
    [{ name: 'Card', kind: 'rate_card', dailyRate: '80' }, 'customerId', 'needs customerId'],
    [{ name: 'Off', kind: 'customer_discount', percent: '120' }, 'percent', 'at most 100'],
    [{ name: 'Min', kind: 'minimum_period', minimumDays: 1 }, 'minimumDays', '2 or more'],
    [
      {
        name: 'Vol',
        kind: 'volume_discount',
        tiers: [
          { minQuantity: 5, percent: '5' },
          { minQuantity: 5, percent: '8' },
        ],
      },
      'tiers.1.minQuantity',
      'listed twice',
    ],
    [{ name: 'Vol', kind: 'volume_discount', tiers: [] }, 'tiers', 'at least one'],
    [{ name: 'X', kind: 'cheap_tuesdays' }, 'kind', ''],
  ])('%j -> %s', async (body, field, message) => {
    const before = await t.sql('select count(*)::int as n from pricing_rules');
    const res = await post('/api/pricing-rules', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    const detail = res.body.details.find((d: { field: string }) => d.field === field);
    expect(detail?.message).toContain(message);
    expect(await t.sql('select count(*)::int as n from pricing_rules')).toEqual(before);
  });

  it('a rule names an item or a category, not both; an unknown item or customer is not found first', async () => {
    const both = await post('/api/pricing-rules', { ...season, itemId: saw, category: 'Saws' });
    expect([both.status, both.body.details]).toEqual([
      400,
      [{ field: 'category', message: 'scope a rule to an item (itemId) or a category, not both' }],
    ]);
    const nobody = '00000000-0000-4000-8000-000000000000';
    const unknown = await post('/api/pricing-rules', { ...season, customerId: nobody });
    expect([unknown.status, unknown.body.details]).toEqual([404, [{ field: 'customerId', message: 'not found' }]]);
  });

  it('seasons of one scope may follow each other but not overlap; other scopes may overlap', async () => {
    const june = await rule({ ...season, category: 'Pumps' });
    const clash = await post('/api/pricing-rules', {
      ...season,
      name: 'Late June',
      category: 'Pumps',
      startDate: '2026-06-30',
      endDate: '2026-07-15',
    });
    expect(clash.status).toBe(400);
    expect(clash.body.details).toEqual([
      { field: 'startDate', message: 'overlaps the season Summer (2026-06-01..2026-06-30)' },
    ]);
    const july = await rule({
      ...season,
      name: 'July',
      category: 'Pumps',
      startDate: '2026-07-01',
      endDate: '2026-07-31',
    });
    const wider = await rule({
      ...season,
      name: 'Pump item',
      itemId: saw,
      startDate: '2026-06-15',
      endDate: '2026-07-15',
    });
    // moving July onto June is the same clash; an inactive season clashes with nothing
    const moved = await org.agent.patch(`/api/pricing-rules/${july.id}`).send({ startDate: '2026-06-20' });
    expect([moved.status, moved.body.details?.[0]?.field]).toEqual([400, 'startDate']);
    const off = await org.agent.patch(`/api/pricing-rules/${july.id}`).send({ startDate: '2026-06-20', active: false });
    expect(off.status).toBe(200);
    const on = await org.agent.patch(`/api/pricing-rules/${july.id}`).send({ active: true });
    expect(on.status).toBe(400);
    for (const r of [june, july, wider]) await org.agent.delete(`/api/pricing-rules/${r.id}`);
  });

  it('a second rule of another kind for the same scope (and customer) is refused', async () => {
    const first = await rule({ name: 'Pump weekends', kind: 'weekend', category: 'Pumps', dayRate: '10' });
    const second = await post('/api/pricing-rules', {
      name: 'Pump weekends 2',
      kind: 'weekend',
      category: 'Pumps',
      multiplier: '0.8',
    });
    expect(second.status).toBe(400);
    expect(second.body.details).toEqual([
      { field: 'kind', message: 'the weekend rule Pump weekends already applies to this scope' },
    ]);
    const off1 = await rule({
      name: 'Loyal 5',
      kind: 'customer_discount',
      customerId: loyal,
      category: 'Pumps',
      percent: '5',
    });
    const off2 = await rule({
      name: 'Walk-in 5',
      kind: 'customer_discount',
      customerId: walkIn,
      category: 'Pumps',
      percent: '5',
    });
    for (const r of [first, off1, off2]) await org.agent.delete(`/api/pricing-rules/${r.id}`);
  });
});

describe('quotes and orders priced by the rules', () => {
  let weekend: Record<string, any>;
  let summer: Record<string, any>;
  let minimum: Record<string, any>;
  let card: Record<string, any>;
  let volume: Record<string, any>;
  let discount: Record<string, any>;
  beforeAll(async () => {
    weekend = await rule({ name: 'Lift weekends', kind: 'weekend', category: 'Lifts', multiplier: '0.5' });
    summer = await rule({
      name: 'August',
      kind: 'season',
      itemId: lift,
      startDate: '2026-08-01',
      endDate: '2026-08-31',
      multiplier: '1.5',
    });
    minimum = await rule({ name: 'Two-day minimum', kind: 'minimum_period', itemId: lift, minimumDays: 2 });
    card = await rule({
      name: 'Loyal lift rates',
      kind: 'rate_card',
      customerId: loyal,
      itemId: lift,
      dailyRate: '80',
    });
    volume = await rule({
      name: 'Lift fleets',
      kind: 'volume_discount',
      category: 'Lifts',
      tiers: [{ minQuantity: 3, percent: '5' }],
    });
    discount = await rule({ name: 'Loyal 10%', kind: 'customer_discount', customerId: loyal, percent: '10' });
  });
  const quote = (body: Record<string, unknown>) => post('/api/quotes', { itemId: lift, ...body }, member.agent);
  const lines = (body: { lines: { period: string; count: number; rate: string; rule: { kind: string } | null }[] }) =>
    body.lines.map((l) => [l.period, l.count, l.rate, l.rule?.kind ?? null]);

  it('weekend days at the weekend rate, season days at the season rate (the season wins), each line naming it', async () => {
    const fri = await quote({ startDate: '2026-07-03', endDate: '2026-07-05' });
    expect(fri.status).toBe(200);
    expect(lines(fri.body)).toEqual([
      ['day', 1, '100.00', null],
      ['day', 2, '50.00', 'weekend'],
    ]);
    expect(fri.body.lines[1].rule).toEqual(ruleRef(weekend));
    expect(fri.body).toMatchObject({ total: '200.00', discounts: [], minimum: null, customerId: null });
    const august = await quote({ startDate: '2026-07-31', endDate: '2026-08-01' });
    expect(lines(august.body)).toEqual([
      ['day', 1, '100.00', null],
      ['day', 1, '150.00', 'season'],
    ]);
    expect(august.body.lines[1].rule).toEqual(ruleRef(summer));
  });

  it('a minimum period bills at least its days', async () => {
    const res = await quote({ startDate: '2026-07-06', endDate: '2026-07-06' });
    expect(res.body).toMatchObject({
      rentalDays: 1,
      billedDays: 2,
      total: '200.00',
      minimum: { days: 2, rule: ruleRef(minimum) },
    });
  });

  it('a customer’s rate card and discount apply to that customer only; the volume tier by quantity', async () => {
    const body = { startDate: '2026-07-06', endDate: '2026-07-07', quantity: 3 };
    const theirs = await quote({ ...body, customerId: loyal });
    expect(lines(theirs.body)).toEqual([['day', 2, '80.00', 'rate_card']]);
    expect(theirs.body.lines[0].rule).toEqual(ruleRef(card));
    // 160.00 a unit, 5 % volume (8.00) -> 152.00, then 10 % (15.20) -> 136.80
    expect(theirs.body.discounts).toEqual([
      { rule: ruleRef(volume), percent: '5.00', amount: '24.00' },
      { rule: ruleRef(discount), percent: '10.00', amount: '45.60' },
    ]);
    expect(theirs.body).toMatchObject({ unitPrice: '136.80', total: '410.40', customerId: loyal });
    const others = await quote({ ...body, customerId: walkIn });
    expect(others.body).toMatchObject({ unitPrice: '190.00', total: '570.00' });
    const unknown = await quote({ ...body, customerId: '00000000-0000-4000-8000-000000000000' });
    expect([unknown.status, unknown.body.details]).toEqual([404, [{ field: 'customerId', message: 'not found' }]]);
  });

  it('an inactive rule prices nothing', async () => {
    await org.agent.patch(`/api/pricing-rules/${weekend.id}`).send({ active: false });
    const fri = await quote({ startDate: '2026-07-03', endDate: '2026-07-05' });
    expect(fri.body.total).toBe('300.00');
    await org.agent.patch(`/api/pricing-rules/${weekend.id}`).send({ active: true });
  });

  it('an order is priced by the rules; its lines keep them when the rules change (extension re-priced as booked)', async () => {
    const sawSeason = await rule({
      name: 'Saw September',
      kind: 'season',
      category: 'Saws',
      startDate: '2026-09-01',
      endDate: '2026-09-30',
      multiplier: '2',
    });
    const order = await created('/api/transactions', {
      customerId: walkIn,
      pickupDate: '2026-09-07',
      returnDate: '2026-09-08',
      lines: [{ itemId: saw, quantity: 2 }],
    });
    expect(order.lines[0]).toMatchObject({ unitPrice: '200.00', amount: '400.00', discounts: [], minimum: null });
    expect(order.lines[0].breakdown).toEqual([
      { period: 'day', count: 2, days: 2, rate: '100.00', amount: '400.00', rule: ruleRef(sawSeason) },
    ]);
    expect(order.subtotal).toBe('400.00');

    const raised = await org.agent.patch(`/api/pricing-rules/${sawSeason.id}`).send({ multiplier: '3' });
    expect(raised.body.multiplier).toBe('3.000');
    const stored = await org.agent.get(`/api/transactions/${order.id}`);
    expect(stored.body.lines[0]).toMatchObject({ unitPrice: '200.00', amount: '400.00' });
    const extended = await org.agent.post(`/api/transactions/${order.id}/extend`).send({ returnDate: '2026-09-09' });
    expect(extended.status).toBe(200);
    expect(extended.body.transaction.lines[0]).toMatchObject({ unitPrice: '300.00', amount: '600.00' });
    expect(extended.body.difference).toBe('200.00');
    // a new order is priced by the rule as it is now
    const next = await created('/api/transactions', {
      customerId: walkIn,
      pickupDate: '2026-09-14',
      returnDate: '2026-09-14',
      lines: [{ itemId: saw, quantity: 1 }],
    });
    expect(next.lines[0].unitPrice).toBe('150.00');
    // and deleting the rule changes neither
    await org.agent.delete(`/api/pricing-rules/${sawSeason.id}`);
    const kept = await org.agent.get(`/api/transactions/${order.id}`);
    expect(kept.body.lines[0].breakdown[0].rule).toEqual(ruleRef(sawSeason));
  });

  it('editing a reserved order keeps its lines’ rules; lines it replaces are priced with today’s', async () => {
    const october = await rule({
      name: 'Saw October',
      kind: 'season',
      category: 'Saws',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      multiplier: '2',
    });
    const order = await created('/api/transactions', {
      customerId: walkIn,
      pickupDate: '2026-10-05',
      returnDate: '2026-10-05',
      lines: [{ itemId: saw, quantity: 1 }],
    });
    expect(order.lines[0].unitPrice).toBe('100.00');
    await org.agent.patch(`/api/pricing-rules/${october.id}`).send({ multiplier: '3' });
    const longer = await org.agent.patch(`/api/transactions/${order.id}`).send({ returnDate: '2026-10-06' });
    expect(longer.body.transaction.lines[0]).toMatchObject({ unitPrice: '200.00' });
    const replaced = await org.agent
      .patch(`/api/transactions/${order.id}`)
      .send({ lines: [{ itemId: saw, quantity: 1 }] });
    expect(replaced.body.transaction.lines[0]).toMatchObject({ unitPrice: '300.00' });
    await org.agent.delete(`/api/pricing-rules/${october.id}`);
  });

  it('an early return is priced with the line’s rules: the minimum period, the volume tier of the whole line', async () => {
    const order = await created('/api/transactions', {
      customerId: walkIn,
      pickupDate: '2026-07-06',
      returnDate: '2026-07-10',
      lines: [{ itemId: lift, quantity: 3 }],
    });
    // Mon..Fri: a week (400.00) beats five days; 5 % off for 3 units
    expect(order.lines[0]).toMatchObject({ unitPrice: '380.00', amount: '1140.00' });
    const lineId = order.lines[0].id;
    const out = await org.agent
      .post(`/api/transactions/${order.id}/check-out`)
      .send({ releasedTo: 'Site crew', checklistPassed: true, lines: [{ lineId }] });
    expect(out.status).toBe(200);
    const back = await org.agent
      .post(`/api/transactions/${order.id}/check-in`)
      .send({ returnedOn: '2026-07-06', returns: [{ lineId, quantity: 1, condition: 'good' }] });
    expect(back.status).toBe(200);
    // the unit back after one day is billed the two-day minimum (200.00) less the line's 5 % (190.00)
    expect(back.body.transaction.lines[0]).toMatchObject({ unitPrice: '380.00', amount: '950.00' });
    expect(back.body.difference).toBe('-190.00');
  });

  it('a customer’s order gets their rate card and discounts on its lines, in GraphQL too', async () => {
    const order = await created('/api/transactions', {
      customerId: loyal,
      pickupDate: '2026-07-06',
      returnDate: '2026-07-07',
      lines: [{ itemId: lift, quantity: 3 }],
    });
    expect(order.lines[0]).toMatchObject({ unitPrice: '136.80', amount: '410.40' });
    expect(order.subtotal).toBe('410.40');
    const res = await t.gql<{ transaction: { lines: { discounts: { rule: { kind: string }; amount: string }[] }[] } }>(
      member.agent,
      `query($id: ID!) { transaction(id: $id) { lines { breakdown { rule { name } } discounts { rule { kind } amount } } } }`,
      { id: order.id },
    );
    expect(res.data?.transaction.lines[0]).toEqual({
      breakdown: [{ rule: { name: 'Loyal lift rates' } }],
      discounts: [
        { rule: { kind: 'volume_discount' }, amount: '24.00' },
        { rule: { kind: 'customer_discount' }, amount: '45.60' },
      ],
    });
    const rules = await t.gql<{ pricingRules: { data: { name: string }[] } }>(
      member.agent,
      `query { pricingRules(kind: customer_discount) { data { name percent customerId } } }`,
    );
    expect(rules.data?.pricingRules.data).toEqual([{ name: 'Loyal 10%', percent: '10.00', customerId: loyal }]);
  });
});
