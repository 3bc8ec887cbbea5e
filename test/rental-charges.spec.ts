/** Charges beyond the rate (docs/rental.md, "Charges beyond the rate"): deposits, waiver, fees, taxes, invoices. */
import fc from 'fast-check';
import { newCustomer } from './support/crm';
import { bulkItem } from './support/desk';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { depositFor, orderFigures } from '../src/modules/rental/orders/billing/order-extras';
import { DepositPolicy } from '../src/modules/rental/orders/rental-settings.entity';

let t: TestApp;
let org: Registered;
let customer: Record<string, any>;
let gen: string;
let saw: string;
let day = 0;

/** A rental of its own days (no two orders share a day, so availability never interferes). */
async function book(body: Record<string, unknown>, customerId = customer.id): Promise<Record<string, any>> {
  day += 5;
  const pickupDate = new Date(Date.UTC(2027, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
  const returnDate = new Date(Date.UTC(2027, 0, 3) + day * 86_400_000).toISOString().slice(0, 10);
  const res = await org.agent.post('/api/transactions').send({ customerId, pickupDate, returnDate, ...body }); // body may set the dates
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const settings = async (body: Record<string, unknown>) => {
  const res = await org.agent.put('/api/settings/rental').send(body);
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Charges');
  customer = await newCustomer(org.agent, { name: 'Dana Cole' });
  gen = await bulkItem(org, 'GEN', 20, '100.00'); // 3 days: 300.00 a unit
  saw = await bulkItem(org, 'SAW', 20, '50.00'); // 3 days: 150.00 a unit
  await org.agent.patch(`/api/inventory/${saw}`).send({ category: 'Tools', depositAmount: '40' });
  await org.agent.patch(`/api/inventory/${gen}`).send({ category: 'Power', depositAmount: '250.00' });
});
afterAll(() => t.close());

describe('rental settings: the charges policy', () => {
  it('has documented defaults: no deposit, no waiver, no fees or zones', async () => {
    const res = await org.agent.get('/api/settings/rental');
    expect(res.body).toMatchObject({
      depositPolicy: 'none',
      depositAmount: null,
      depositPercent: null,
      depositOverdueRaisePercent: '0.000',
      waiverPercent: '0.000',
      deliveryFee: null,
      pickupFee: null,
      deliveryZones: [],
      categoryTaxRates: [],
    });
  });

  it('refuses a policy without its amount, a repeated zone, bad percents and amounts (400, nothing saved)', async () => {
    for (const [body, field] of [
      [{ depositPolicy: 'fixed' }, 'depositAmount'],
      [{ depositPolicy: 'percent' }, 'depositPercent'],
      [{ depositPolicy: 'all' }, 'depositPolicy'],
      [{ waiverPercent: '101' }, 'waiverPercent'],
      [{ depositOverdueRaisePercent: '1001' }, 'depositOverdueRaisePercent'],
      [{ deliveryFee: '-5' }, 'deliveryFee'],
      [
        {
          deliveryZones: [
            { name: 'North', deliveryFee: '50', pickupFee: '40' },
            { name: ' north ', deliveryFee: '60', pickupFee: '40' },
          ],
        },
        'deliveryZones.1',
      ],
    ] as const) {
      const res = await org.agent.put('/api/settings/rental').send(body);
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await org.agent.get('/api/settings/rental')).body).toMatchObject({
      depositPolicy: 'none',
      deliveryZones: [],
    });
  });

  it('a member cannot change it (admin only)', async () => {
    const member = await t.addMember(org.organizationId, 'user');
    expect((await member.agent.put('/api/settings/rental').send({ waiverPercent: '10' })).status).toBe(403);
  });
});

describe('an order’s charges beyond the rate', () => {
  beforeAll(async () => {
    await settings({
      taxRate: '8.25',
      categoryTaxRates: [{ category: 'Tools', taxRate: '5' }],
      waiverPercent: '12',
      deliveryFee: '75',
      pickupFee: '60.5',
      deliveryZones: [{ name: 'Downtown', deliveryFee: '120', pickupFee: '90' }],
      depositPolicy: 'percent',
      depositPercent: '20',
    });
  });

  it('prices waiver, flat fees, taxes per line (category rate) and a percent deposit, each named', async () => {
    const o = await book({
      lines: [
        { itemId: gen, quantity: 2 },
        { itemId: saw, quantity: 1 },
      ],
      delivery: true,
      pickup: true,
    });
    // lines 600.00 (8.25 %) + 150.00 (Tools 5 %); waiver 12 % of 750 = 90.00; tax 49.50 + 7.50 = 57.00
    expect(o).toMatchObject({
      subtotal: '750.00',
      waiverOptOut: false,
      waiverPercent: '12.000',
      damageWaiver: '90.00',
      delivery: true,
      pickup: true,
      deliveryZone: null,
      deliveryFee: '75.00',
      pickupFee: '60.50',
      tax: '57.00',
      total: '1032.50',
      deposit: '150.00',
      depositRaised: false,
      depositHeld: '0.00',
      depositDue: '150.00',
      taxExempt: false,
    });
    expect(o.lines.map((l: { taxRate: string }) => l.taxRate)).toEqual(['8.250', '5.000']);
  });

  it('a zone’s fees, a waiver declined; an edit re-computes them; an unknown zone is a 400', async () => {
    const o = await book({
      lines: [{ itemId: gen, quantity: 1 }],
      delivery: true,
      deliveryZone: 'Downtown',
      waiverOptOut: true,
    });
    expect(o).toMatchObject({
      deliveryZone: 'Downtown',
      deliveryFee: '120.00',
      pickupFee: '0.00',
      damageWaiver: '0.00',
    });
    expect(o.total).toBe('444.75'); // 300 + 120 + 24.75 tax
    const edited = await org.agent
      .patch(`/api/transactions/${o.id}`)
      .send({ waiverOptOut: false, pickup: true, lines: [{ itemId: gen, quantity: 2 }] });
    expect(edited.status).toBe(200);
    expect(edited.body.transaction).toMatchObject({
      subtotal: '600.00',
      damageWaiver: '72.00',
      deliveryFee: '120.00',
      pickupFee: '90.00',
      tax: '49.50',
      total: '931.50',
      deposit: '120.00',
    });
    const bad = await org.agent.post('/api/transactions').send({
      customerId: customer.id,
      pickupDate: '2027-09-01',
      returnDate: '2027-09-02',
      lines: [{ itemId: gen, quantity: 1 }],
      delivery: true,
      deliveryZone: 'Uptown',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details[0]).toMatchObject({ field: 'deliveryZone' });
  });

  it('an item’s own tax rate beats its category’s', async () => {
    await org.agent.patch(`/api/inventory/${saw}`).send({ taxRate: '0' });
    const o = await book({ lines: [{ itemId: saw, quantity: 2 }], waiverOptOut: true });
    expect(o).toMatchObject({ subtotal: '300.00', tax: '0.00', total: '300.00' });
    await org.agent.patch(`/api/inventory/${saw}`).send({ taxRate: null });
  });

  it('a tax-exempt customer with a valid certificate pays no tax; an expired certificate does', async () => {
    const exempt = await newCustomer(org.agent, {
      name: 'City of Austin',
      taxExempt: true,
      taxExemptCertificate: 'TX-EX-0042',
      taxExemptExpiresOn: '2030-12-31',
    });
    expect(exempt).toMatchObject({
      taxExempt: true,
      taxExemptCertificate: 'TX-EX-0042',
      taxExemptExpiresOn: '2030-12-31',
    });
    const o = await book({ lines: [{ itemId: gen, quantity: 1 }], waiverOptOut: true }, exempt.id);
    expect(o).toMatchObject({ taxExempt: true, taxExemptCertificate: 'TX-EX-0042', tax: '0.00', total: '300.00' });
    await org.agent.put(`/api/customers/${exempt.id}`).send({ taxExemptExpiresOn: '2026-01-01' });
    const taxed = await book({ lines: [{ itemId: gen, quantity: 1 }], waiverOptOut: true }, exempt.id);
    expect(taxed).toMatchObject({ taxExempt: false, taxExemptCertificate: null, tax: '24.75' });
  });
});

describe('deposits', () => {
  it('per item, raised for a customer with an overdue invoice', async () => {
    await settings({ depositPolicy: 'per_item', depositOverdueRaisePercent: '50', waiverPercent: '0' });
    const late = await newCustomer(org.agent, { name: 'Late Payer' });
    const first = await book(
      {
        lines: [
          { itemId: gen, quantity: 2 },
          { itemId: saw, quantity: 1 },
        ],
      },
      late.id,
    );
    expect(first).toMatchObject({ deposit: '540.00', depositRaised: false }); // 2 x 250 + 40
    const inv = await org.agent
      .post('/api/invoices')
      .send({ transactionId: first.id, issueDate: '2026-01-01', dueDate: '2026-01-31' });
    await org.agent.post(`/api/invoices/${inv.body.id}/send`);
    const second = await book({ lines: [{ itemId: saw, quantity: 1 }] }, late.id);
    expect(second).toMatchObject({ deposit: '60.00', depositRaised: true });
  });

  it('collected, refunded and retained as payments; the order keeps the balance; more than allowed is a 409', async () => {
    await settings({ depositPolicy: 'fixed', depositAmount: '200' });
    const o = await book({ lines: [{ itemId: gen, quantity: 1 }] });
    expect(o.deposit).toBe('200.00');
    const pay = (body: Record<string, unknown>) =>
      org.agent.post(`/api/transactions/${o.id}/deposits`).send({ method: 'card', ...body });
    const over = await pay({ kind: 'deposit', amount: '200.01' });
    expect(over.status).toBe(409);
    expect(over.body.details[0]).toMatchObject({ field: 'amount', message: 'must not exceed the deposit due 200.00' });
    const collected = await pay({ kind: 'deposit', amount: '200', reference: 'POS 1' });
    expect(collected.status).toBe(201);
    expect(collected.body).toMatchObject({ kind: 'deposit', amount: '200.00', transactionId: o.id, invoiceId: null });
    expect((await pay({ kind: 'deposit_retention', amount: '10' })).status).toBe(409); // no invoice yet
    const inv = (await org.agent.post('/api/invoices').send({ transactionId: o.id })).body;
    const retained = await pay({ kind: 'deposit_retention', amount: '50', method: 'other' });
    expect(retained.body).toMatchObject({ kind: 'deposit_retention', invoiceId: inv.id, amount: '50.00' });
    expect((await pay({ kind: 'deposit_refund', amount: '150.01' })).status).toBe(409);
    const refund = await pay({ kind: 'deposit_refund', amount: '150', method: 'cash' });
    expect(refund.status).toBe(201);
    const after = (await org.agent.get(`/api/transactions/${o.id}`)).body;
    expect(after).toMatchObject({
      depositCollected: '200.00',
      depositRetained: '50.00',
      depositRefunded: '150.00',
      depositHeld: '0.00',
      depositDue: '0.00',
    });
    const invoiceNow = (await org.agent.get(`/api/invoices/${inv.id}`)).body;
    expect(invoiceNow).toMatchObject({ amountPaid: '50.00' });
    const list = (await org.agent.get(`/api/transactions/${o.id}/deposits`)).body;
    expect(list.map((p: { kind: string }) => p.kind)).toEqual(['deposit', 'deposit_retention', 'deposit_refund']);
    const invoicePayments = (await org.agent.get(`/api/invoices/${inv.id}/payments`)).body.data;
    expect(invoicePayments.map((p: { kind: string }) => p.kind)).toEqual(['deposit_retention']);
    const wrong = await pay({ kind: 'invoice', amount: '1' });
    expect(wrong.status).toBe(400);
  });
});

describe('the invoice carries every charge', () => {
  it('fees, waiver, tax and the approved check-in charges (fuel, cleaning); drafts stay off', async () => {
    await settings({ depositPolicy: 'none', waiverPercent: '10' });
    const o = await book({
      lines: [{ itemId: gen, quantity: 1 }],
      delivery: true,
      pickupDate: '2026-10-01',
      returnDate: '2026-10-03',
    });
    const out = await org.agent
      .post(`/api/transactions/${o.id}/check-out`)
      .send({ releasedTo: 'Site lead', checklistPassed: true, lines: [{ lineId: o.lines[0].id }] });
    expect(out.status).toBe(200);
    const back = await org.agent.post(`/api/transactions/${o.id}/check-in`).send({
      returnedOn: o.returnDate,
      returns: [{ lineId: o.lines[0].id, quantity: 1, condition: 'dirty', fuelCharge: '45.5', cleaningCharge: '80' }],
    });
    expect(back.status).toBe(200);
    const charges = (await org.agent.get(`/api/transactions/${o.id}/charges`)).body;
    expect(charges.map((c: { kind: string; amount: string }) => [c.kind, c.amount])).toEqual([
      ['fuel', '45.50'],
      ['cleaning', '80.00'],
    ]);
    await org.agent.patch(`/api/transactions/${o.id}/charges/${charges[0].id}`).send({ status: 'approved' });
    const inv = await org.agent.post('/api/invoices').send({ transactionId: o.id });
    expect(inv.status).toBe(201);
    // 300 + waiver 30 + delivery 75 + tax 24.75 = 429.75; + fuel 45.50 (cleaning still a draft)
    expect(inv.body).toMatchObject({
      subtotal: '300.00',
      damageWaiver: '30.00',
      deliveryFee: '75.00',
      pickupFee: '0.00',
      tax: '24.75',
      chargesTotal: '45.50',
      total: '475.25',
      balance: '475.25',
    });
    expect(inv.body.charges).toEqual([
      { chargeId: charges[0].id, kind: 'fuel', description: expect.stringContaining('Fuel'), amount: '45.50' },
    ]);
  });
});

describe('re-pricing', () => {
  it('an early return lowers the waiver and the tax with the lines; the fees stay', async () => {
    const o = await book({
      lines: [{ itemId: gen, quantity: 2 }],
      pickup: true,
      pickupDate: '2026-10-10',
      returnDate: '2026-10-12',
    });
    expect(o).toMatchObject({ subtotal: '600.00', damageWaiver: '60.00', pickupFee: '60.50', tax: '49.50' });
    await org.agent
      .post(`/api/transactions/${o.id}/check-out`)
      .send({ releasedTo: 'Crew', checklistPassed: true, lines: [{ lineId: o.lines[0].id }] });
    const back = await org.agent.post(`/api/transactions/${o.id}/check-in`).send({
      returnedOn: '2026-10-10',
      returns: [{ lineId: o.lines[0].id, quantity: 1, condition: 'good' }],
    });
    expect(back.status).toBe(200);
    // one unit kept for 3 days (300.00), one back after 1 day (100.00): waiver 40.00, tax 33.00
    expect(back.body.transaction).toMatchObject({
      subtotal: '400.00',
      damageWaiver: '40.00',
      pickupFee: '60.50',
      tax: '33.00',
      total: '533.50',
    });
    expect(back.body.difference).toBe('-236.50'); // from 770.00
  });
});

describe('totals: the sum of the parts is the total (property)', () => {
  const money = fc.integer({ min: 0, max: 10_000_000 }).map((c) => (c / 100).toFixed(2));
  const pct = fc.integer({ min: 0, max: 100_000 }).map((m) => (m / 1000).toFixed(3));

  it('subtotal + waiver + fees + tax = total; every part has two decimals; tax within the rates', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ amount: money, taxRate: pct }), { minLength: 1, maxLength: 8 }),
        pct,
        money,
        money,
        (lines, waiverPercent, deliveryFee, pickupFee) => {
          const f = orderFigures(lines, { waiverPercent, deliveryFee, pickupFee });
          const cents = (s: string) => Math.round(Number(s) * 100);
          for (const v of Object.values(f)) expect(v).toMatch(/^\d+\.\d{2}$/);
          expect(
            cents(f.subtotal) + cents(f.damageWaiver) + cents(f.deliveryFee) + cents(f.pickupFee) + cents(f.tax),
          ).toBe(cents(f.total));
          expect(cents(f.subtotal)).toBe(lines.reduce((s, l) => s + cents(l.amount), 0));
          // each distinct rate rounds once: the tax is within half a cent per rate of the exact sum
          const exact = lines.reduce((s, l) => s + (cents(l.amount) * Number(l.taxRate)) / 100, 0);
          const rates = new Set(lines.map((l) => Number(l.taxRate))).size;
          expect(Math.abs(cents(f.tax) - exact)).toBeLessThanOrEqual(rates * 0.5 + 1e-6);
        },
      ),
      { seed: 20261204, numRuns: 300 },
    );
  });

  it('a deposit is never negative and a raise never lowers it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(DepositPolicy)),
        money,
        pct,
        pct,
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 50 }), depositAmount: fc.option(money) }), {
          minLength: 1,
          maxLength: 5,
        }),
        money,
        (depositPolicy, depositAmount, depositPercent, raise, lines, subtotal) => {
          const s = { depositPolicy, depositAmount, depositPercent, depositOverdueRaisePercent: raise };
          const plain = depositFor(s, lines, subtotal, false);
          const raised = depositFor(s, lines, subtotal, true);
          expect(Number(plain.deposit)).toBeGreaterThanOrEqual(0);
          expect(Number(raised.deposit)).toBeGreaterThanOrEqual(Number(plain.deposit));
          expect(plain.raised).toBe(false);
        },
      ),
      { seed: 20261205, numRuns: 200 },
    );
  });
});
