/**
 * A quote version priced as the order it books (issue 30; docs/rental.md, "Stored quotes"): the customer's pricing
 * rules, the waiver, delivery and pickup fees by zone, per-line taxes, a tax-exempt customer, the deposit; booking
 * it (the customer's acceptance or the desk's conversion) gives an order of the same total and deposit.
 */
import request from 'supertest';
import { addDays, todayIn } from '../src/lib/calendar-days';
import { newCustomer } from './support/crm';
import { bulkItem } from './support/desk';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let customer: Record<string, any>;
let gen: string; // Power, 100.00/day
let saw: string; // Tools (5 % tax), 50.00/day, 40.00 deposit a unit
const day = (n: number) => addDays(todayIn('UTC'), n);
const FIGURES = ['subtotal', 'damageWaiver', 'deliveryFee', 'pickupFee', 'tax', 'total', 'deposit'] as const;
const figures = (o: Record<string, any>) => Object.fromEntries(FIGURES.map((k) => [k, o[k]]));

async function quote(body: Record<string, unknown>, customerId = customer.id) {
  const res = await org.agent.post('/api/rental-quotes').send({
    customerId,
    pickupDate: day(20),
    returnDate: day(22),
    lines: [
      { itemId: gen, quantity: 2 },
      { itemId: saw, quantity: 1 },
    ],
    ...body,
  });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const order = async (id: string) => (await org.agent.get(`/api/transactions/${id}`)).body;

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Quote charges');
  const put = await org.agent.put('/api/settings/rental').send({
    taxRate: '8.25',
    waiverPercent: '10',
    depositPolicy: 'per_item',
    deliveryFee: '95',
    pickupFee: '75',
    deliveryZones: [{ name: 'North', deliveryFee: '60', pickupFee: '40' }],
    categoryTaxRates: [{ category: 'Tools', taxRate: '5' }],
  });
  expect(put.status).toBe(200);
  customer = await newCustomer(org.agent, { name: 'Loyal Builders' });
  gen = await bulkItem(org, 'GEN', 20, '100.00');
  saw = await bulkItem(org, 'SAW', 20, '50.00');
  await org.agent.patch(`/api/inventory/${gen}`).send({ category: 'Power', depositAmount: '250.00' });
  await org.agent.patch(`/api/inventory/${saw}`).send({ category: 'Tools', depositAmount: '40' });
  const rule = await org.agent
    .post('/api/pricing-rules')
    .send({ name: 'Loyal 10', kind: 'customer_discount', customerId: customer.id, percent: '10' });
  expect(rule.status).toBe(201);
}, 120_000);
afterAll(() => t?.close());

describe('a quote version priced as the order it books', () => {
  it('has the pricing rule, waiver, zone fees, per-line tax and deposit; the accepted booking has the same figures', async () => {
    const q = await quote({ delivery: true, pickup: true, deliveryZone: 'North' });
    const v = q.current;
    // 3 days: gen 2 x 300 = 600, saw 150; 10 % off for the customer: 540 + 135 = 675
    expect(v.lines.map((l: any) => [l.amount, l.taxRate, l.discounts.map((d: any) => d.rule.name)])).toEqual([
      ['540.00', '8.250', ['Loyal 10']],
      ['135.00', '5.000', ['Loyal 10']],
    ]);
    // waiver 67.50; tax 540 x 8.25 % = 44.55 + 135 x 5 % = 6.75; deposit 2 x 250 + 40
    expect(v).toMatchObject({
      waiverOptOut: false,
      delivery: true,
      pickup: true,
      deliveryZone: 'North',
      waiverPercent: '10.000',
      subtotal: '675.00',
      damageWaiver: '67.50',
      deliveryFee: '60.00',
      pickupFee: '40.00',
      tax: '51.30',
      total: '893.80',
      deposit: '540.00',
      depositRaised: false,
      taxExempt: false,
      contentFormat: 2,
    });
    expect(q.total).toBe('893.80');

    const link = (await org.agent.post(`/api/rental-quotes/${q.id}/link`)).body;
    const page = await request(t.http).get(`/quote-acceptance/${link.token}`);
    for (const text of ['Damage waiver (10.000 %)', 'Delivery (North)', 'Pickup from the site (North)', 'USD 51.30'])
      expect(page.text).toContain(text);
    expect(page.text).toContain('Deposit to pay at booking (not part of the total)</td><td class="n">USD 540.00');
    const accepted = await request(t.http)
      .post(`/quote-acceptance/${link.token}`)
      .send({ name: 'Lee Loyal', consent: true });
    expect(accepted.status).toBe(200);
    const booked = await order(accepted.body.transactionId);
    expect(figures(booked)).toEqual(figures(v));
    expect(booked).toMatchObject({ waiverOptOut: false, delivery: true, pickup: true, deliveryZone: 'North' });
    expect(booked.lines.map((l: any) => l.taxRate)).toEqual(['8.250', '5.000']);
  });

  it('a tax-exempt customer who declines the waiver, flat fees: converted to an order of the same figures', async () => {
    const exempt = await newCustomer(org.agent, {
      name: 'City of Austin',
      taxExempt: true,
      taxExemptCertificate: 'TX-EX-0042',
      taxExemptExpiresOn: '2030-12-31',
    });
    const q = await quote({ waiverOptOut: true, pickup: true }, exempt.id);
    expect(q.current).toMatchObject({
      taxExempt: true,
      taxRate: '0.000',
      subtotal: '750.00',
      damageWaiver: '0.00',
      deliveryFee: '0.00',
      pickupFee: '75.00',
      tax: '0.00',
      total: '825.00',
      deposit: '540.00',
    });
    const converted = await org.agent.post(`/api/rental-quotes/${q.id}/convert`);
    expect(converted.status).toBe(200);
    const booked = await order(converted.body.orderId);
    expect(figures(booked)).toEqual(figures(q.current));
    expect(booked).toMatchObject({ taxExempt: true, waiverOptOut: true, pickup: true, delivery: false });
  });

  it('a revision keeps the choices it does not name and re-prices the ones it does; an unknown zone is a 400', async () => {
    const q = await quote({ delivery: true, deliveryZone: 'North' });
    expect(q.current).toMatchObject({ deliveryFee: '60.00', damageWaiver: '67.50' });
    const revised = await org.agent
      .patch(`/api/rental-quotes/${q.id}`)
      .send({ waiverOptOut: true, notes: 'No waiver' });
    expect(revised.status).toBe(200);
    expect(revised.body.current).toMatchObject({
      version: 2,
      waiverOptOut: true,
      damageWaiver: '0.00',
      delivery: true,
      deliveryZone: 'North',
      deliveryFee: '60.00',
    });
    const flat = await org.agent.patch(`/api/rental-quotes/${q.id}`).send({ deliveryZone: null });
    expect(flat.body.current).toMatchObject({
      version: 3,
      deliveryZone: null,
      deliveryFee: '95.00',
      waiverOptOut: true,
    });
    const before = (await org.agent.get(`/api/rental-quotes/${q.id}`)).body.version;
    const bad = await org.agent.patch(`/api/rental-quotes/${q.id}`).send({ deliveryZone: 'Mars' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: any) => d.field)).toContain('deliveryZone');
    expect((await org.agent.get(`/api/rental-quotes/${q.id}`)).body.version).toBe(before);
  });
});
