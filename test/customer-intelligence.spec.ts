/**
 * Issue 11 part 6: GET /api/customer-intelligence/:id. The data is made through the API (items, rental
 * orders, an invoice), its dates then set in the database (T = today, UTC), so every figure is worked out
 * by hand:
 *
 * - customer K rented Excavators alone in 3 orders, on T-300, T-240, T-180: upsell Excavators (3 of 3);
 *   the usual gap is 60 days and none for 180 (> 2 x 60 and > 60): lapsed rentals, 25 points;
 * - other customers: 4 orders of Excavators with Trailers, 1 of Excavators with Compactors. Excavators are
 *   in 8 orders, with Trailers in 4 (50%, 4 >= 3): cross-sell Trailers; Compactors only once: nothing;
 * - K has one sent invoice past due by 70 days (> 60): overdue, 30 points. Risk 55: high.
 * - K has no communications: sentiment has no data. Another customer's three logged calls (scores -0.8, -0.6,
 *   -0.7, the last 30 days) make its sentiment negative, average -0.7.
 */
import { addDays, today } from '../src/lib/calendar-days';
import { clock } from '../src/lib/clock';
import { newCustomer } from './support/crm';
import { newItem } from './support/sales';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let other: Registered;
const T = today();
const day = (n: number) => addDays(T, n);
let k: Record<string, any>;
let pickup = 10;

async function order(customerId: string, itemIds: string[], orderDate: number): Promise<string> {
  pickup += 3;
  const res = await org.agent.post('/api/transactions').send({
    customerId,
    pickupDate: day(pickup),
    returnDate: day(pickup + 1),
    lines: itemIds.map((itemId) => ({ itemId, quantity: 1 })),
  });
  if (res.status !== 201) throw new Error(`transaction: ${res.status} ${JSON.stringify(res.body)}`);
  await t.sql('update rental_orders set order_date = $1 where id = $2', [day(orderDate), res.body.id]);
  return res.body.id;
}

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Intel');
  other = await t.registerOrg('Other');
  const items = {
    excavator: (await newItem(org.agent, { category: 'Excavators', quantityOwned: 20 })).id,
    trailer: (await newItem(org.agent, { category: 'Trailers', quantityOwned: 20 })).id,
    compactor: (await newItem(org.agent, { category: 'Compactors', quantityOwned: 20 })).id,
  };
  k = await newCustomer(org.agent);
  const x = await newCustomer(org.agent);
  const first = await order(k.id, [items.excavator], -300);
  await order(k.id, [items.excavator], -240);
  await order(k.id, [items.excavator], -180);
  for (const at of [-100, -80, -60, -40]) await order(x.id, [items.excavator, items.trailer], at);
  await order(x.id, [items.excavator, items.compactor], -20);
  const invoice = await org.agent.post('/api/invoices').send({ transactionId: first, dueDate: day(30) });
  if (invoice.status !== 201) throw new Error(`invoice: ${invoice.status} ${JSON.stringify(invoice.body)}`);
  await org.agent.post(`/api/invoices/${invoice.body.id}/send`).expect(200);
  await t.sql('update invoices set due_date = $1 where id = $2', [day(-70), invoice.body.id]);
  k.balance = (await org.agent.get(`/api/invoices/${invoice.body.id}`)).body.balance;
}, 60_000);
afterAll(() => t.close());

const UPSELL = 'rented Excavators in 3 of 3 orders: offer a long-term rate or a larger model';
const CROSS = 'rented with Excavators in 4 of 8 orders (50%); this customer rents Excavators but never Trailers';

describe('GET /api/customer-intelligence/:id', () => {
  it("reads the customer's logged communications: their sentiment is the sentiment insight", async () => {
    const c = await newCustomer(org.agent);
    for (const [days, score] of [
      [20, -0.8],
      [10, -0.6],
      [2, -0.7],
    ] as const)
      await org.agent
        .post('/api/activities')
        .send({
          contactId: c.contactId,
          type: 'call',
          direction: 'inbound',
          occurredAt: `${addDays(T, -days)}T12:00:00Z`,
          body: 'The lift broke down again.',
          sentimentScore: score,
          sentimentLabel: 'negative',
        })
        .expect(201);
    const res = await org.agent.get(`/api/customer-intelligence/${c.id}`).expect(200);
    expect(res.body.sentiment).toMatchObject({ count: 3, average: -0.7, label: 'negative' });
  });

  it('upsell, cross-sell, risk and next actions, each with its evidence', async () => {
    const res = await org.agent.get(`/api/customer-intelligence/${k.id}`).expect(200);
    expect(res.body).toEqual({
      customerId: k.id,
      contactId: k.contactId,
      customer: { id: k.id, name: k.name, email: k.email, phone: null, companyId: null, ownerId: null },
      asOf: T,
      sentiment: {
        count: 0,
        average: null,
        recentAverage: null,
        label: null,
        slopePer30Days: null,
        direction: 'insufficient_data',
        evidence: 'no communication with a sentiment in the last 180 days',
      },
      risk: {
        level: 'high',
        score: 55,
        factors: [
          {
            factor: 'overdue_invoices',
            points: 30,
            evidence: `1 overdue invoice(s), ${Number(k.balance).toFixed(2)} in total, oldest 70 days`,
          },
          {
            factor: 'lapsed_rentals',
            points: 25,
            evidence: 'no rental for 180 days; the customer usually rents every 60 days',
          },
        ],
      },
      opportunities: [
        { kind: 'upsell', category: 'Excavators', strength: 1, evidence: UPSELL },
        { kind: 'cross_sell', category: 'Trailers', strength: 0.5, evidence: CROSS },
      ],
      nextActions: [
        {
          action: 'Call about the overdue invoices before the next rental',
          evidence: `1 overdue invoice(s), ${Number(k.balance).toFixed(2)} in total, oldest 70 days`,
        },
        {
          action: 'Send a win-back offer: the customer has stopped renting',
          evidence: 'no rental for 180 days; the customer usually rents every 60 days',
        },
        { action: 'Offer a long-term rate on Excavators', evidence: UPSELL },
        { action: 'Offer Trailers with the next rental', evidence: CROSS },
      ],
      rentalHistory: {
        orders: 3,
        firstOrderDate: day(-300),
        lastOrderDate: day(-180),
        categories: [{ category: 'Excavators', orders: 3 }],
      },
    });
  });

  it("accepts the customer's contact id, and GraphQL gives the same", async () => {
    const byContact = await org.agent.get(`/api/customer-intelligence/${k.contactId}`).expect(200);
    expect(byContact.body.customerId).toBe(k.id);
    expect(byContact.body.risk.score).toBe(55);
    const gql = await t.gql<{ customerIntelligence: { risk: { level: string }; opportunities: unknown[] } }>(
      org.agent,
      'query($id: ID!) { customerIntelligence(id: $id) { risk { level } opportunities { category } } }',
      { id: k.id },
    );
    expect(gql.data?.customerIntelligence).toEqual({
      risk: { level: 'high' },
      opportunities: [{ category: 'Excavators' }, { category: 'Trailers' }],
    });
  });

  it('a customer with no history has no risk and no suggestion, and says so', async () => {
    const quiet = await newCustomer(org.agent);
    const res = await org.agent.get(`/api/customer-intelligence/${quiet.id}`).expect(200);
    expect(res.body).toMatchObject({
      risk: { level: 'low', score: 0, factors: [] },
      opportunities: [],
      nextActions: [],
      rentalHistory: { orders: 0, firstOrderDate: null, lastOrderDate: null, categories: [] },
    });
  });

  it("answers 404 for another organization's customer or contact, for a lead's contact and for a bad id", async () => {
    await other.agent.get(`/api/customer-intelligence/${k.id}`).expect(404);
    await other.agent.get(`/api/customer-intelligence/${k.contactId}`).expect(404);
    const lead = await org.agent.post('/api/leads').send({ leadName: 'Not a customer' }).expect(201);
    await org.agent.get(`/api/customer-intelligence/${lead.body.contactId}`).expect(404);
    await org.agent.get('/api/customer-intelligence/not-a-uuid').expect(404);
  });
});

describe('dates in the organization timezone', () => {
  afterEach(() => clock.reset());

  it("asOf is the organization's local today, not the UTC date (customer intelligence and deal insights)", async () => {
    const far = await t.registerOrg('Kiritimati');
    const tz = await far.agent.put('/api/settings/organization').send({ timezone: 'Pacific/Kiritimati' });
    expect(tz.status).toBe(200);
    const customer = (await far.agent.post('/api/customers').send({ name: 'Line Islands Hire' }).expect(201)).body;
    const pipeline = (await far.agent.get('/api/pipelines')).body[0];
    const deal = (
      await far.agent
        .post('/api/opportunities')
        .send({ name: 'Generators', contactId: customer.contactId, stageId: pipeline.stages[0].id, value: '1000.00' })
        .expect(201)
    ).body;
    // 12:00 UTC tomorrow: the same instant is already the day after in UTC+14.
    const noon = new Date(`${addDays(today(), 1)}T12:00:00.000Z`).getTime();
    clock.advance(noon - clock.nowMs());
    const local = addDays(today(), 1);
    expect((await far.agent.get(`/api/customer-intelligence/${customer.id}`).expect(200)).body.asOf).toBe(local);
    expect((await far.agent.get(`/api/opportunities/${deal.id}/ai-insights`).expect(200)).body.asOf).toBe(local);
  });
});
