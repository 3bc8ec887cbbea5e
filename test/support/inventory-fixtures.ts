import type { Registered, TestApp } from './test-app';

async function created(res: { status: number; body: Record<string, any> }, what: string): Promise<Record<string, any>> {
  if (res.status !== 201) throw new Error(`${what} fixture: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Rental operations (docs/rental.md), through the API: an item with a maintenance hold, rental settings, a customer's order, its invoice and a payment; the item then tracked by unit and a second order with one unit checked out (its check-out, history and move); a post-hire checklist and a third order whose unit came back damaged (a damage hold and a draft charge); a pricing rule. */
export async function populateInventory(_t: TestApp, org: Registered): Promise<void> {
  const tag = org.organizationId.slice(-8);
  const item = await created(
    await org.agent.post('/api/inventory').send({
      name: 'Fixture lift',
      itemNumber: `FX-${tag}`,
      category: 'Lifts',
      dailyRate: '100.00',
      weeklyRate: '400.00',
      quantityOwned: 2,
      depositAmount: '250.00',
    }),
    'inventory item',
  );
  await created(
    await org.agent
      .post(`/api/inventory/${item.id}/maintenance-holds`)
      .send({ quantity: 1, startDate: '2026-07-01', endDate: '2026-07-02', reason: 'Fixture service' }),
    'maintenance hold',
  );
  const settings = await org.agent.put('/api/settings/rental').send({
    currency: 'USD',
    taxRate: '7.5',
    depositPolicy: 'fixed',
    depositAmount: '100.00',
    waiverPercent: '5',
    deliveryFee: '40.00',
    pickupFee: '35.00',
    deliveryZones: [{ name: `Zone ${tag}`, deliveryFee: '80.00', pickupFee: '70.00' }],
    categoryTaxRates: [{ category: 'Lifts', taxRate: '6.25' }],
  });
  if (settings.status !== 200)
    throw new Error(`rental settings fixture: ${settings.status} ${JSON.stringify(settings.body)}`);
  const customer = await created(
    await org.agent.post('/api/customers').send({
      name: `Renter ${tag}`,
      email: `renter-${tag}@example.test`,
      creditLimit: '1000000.00',
      taxExempt: false,
      taxExemptCertificate: `CERT-${tag}`,
    }),
    'customer',
  );
  const order = await created(
    await org.agent.post('/api/transactions').send({
      customerId: customer.id,
      pickupDate: '2026-07-03',
      returnDate: '2026-07-04',
      lines: [{ itemId: item.id, quantity: 1 }],
    }),
    'transaction',
  );
  // the lift turned into units (its hold and booking kept), one of them out on a second order
  const tracked = await org.agent.post(`/api/inventory/${item.id}/track-by-unit`).send({
    units: [
      { assetTag: `FX-${tag}-1`, serialNumber: `SN-${tag}`, meterKind: 'hours', meterReading: '10.0' },
      { assetTag: `FX-${tag}-2` },
    ],
  });
  if (tracked.status !== 200) throw new Error(`units fixture: ${tracked.status} ${JSON.stringify(tracked.body)}`);
  const out = await created(
    await org.agent.post('/api/transactions').send({
      customerId: customer.id,
      pickupDate: '2026-07-05',
      returnDate: '2026-07-06',
      lines: [{ itemId: item.id, quantity: 1 }],
    }),
    'transaction out',
  );
  const checkedOut = await org.agent.post(`/api/transactions/${out.id}/check-out`).send({
    releasedTo: 'Fixture driver',
    checklistPassed: true,
    lines: [{ lineId: out.lines[0].id, units: [{ assetTag: `FX-${tag}-1`, meterOut: '11.0' }] }],
  });
  if (checkedOut.status !== 200)
    throw new Error(`check-out fixture: ${checkedOut.status} ${JSON.stringify(checkedOut.body)}`);
  // a post-hire checklist for the lifts, and a third order whose unit came back damaged (a damage hold, a draft charge)
  await created(
    await org.agent
      .post('/api/inspection-checklists')
      .send({ category: 'Lifts', phase: 'check_in', name: 'Lift post-hire', items: ['Platform', 'Tyres'] }),
    'inspection checklist',
  );
  const damaged = await created(
    await org.agent.post('/api/transactions').send({
      customerId: customer.id,
      pickupDate: '2026-07-07',
      returnDate: '2026-07-08',
      lines: [{ itemId: item.id, quantity: 1 }],
    }),
    'transaction damaged',
  );
  const lineId = damaged.lines[0].id;
  for (const [move, body] of [
    [
      'check-out',
      {
        releasedTo: 'Fixture driver',
        checklistPassed: true,
        lines: [{ lineId, units: [{ assetTag: `FX-${tag}-2` }] }],
      },
    ],
    [
      'check-in',
      {
        returnedOn: '2026-07-08',
        returns: [
          {
            lineId,
            assetTag: `FX-${tag}-2`,
            condition: 'damaged',
            damageNotes: 'Fixture dent',
            damageCharge: '120.00',
            checklist: [
              { item: 'Platform', passed: false, note: 'dent', damage: true },
              { item: 'Tyres', passed: true },
            ],
          },
        ],
      },
    ],
  ] as const) {
    const res = await org.agent.post(`/api/transactions/${damaged.id}/${move}`).send(body);
    if (res.status !== 200) throw new Error(`${move} fixture: ${res.status} ${JSON.stringify(res.body)}`);
  }
  // a pricing rule (a weekend rate for the lifts)
  await created(
    await org.agent
      .post('/api/pricing-rules')
      .send({ name: 'Fixture lift weekends', kind: 'weekend', category: 'Lifts', multiplier: '0.5' }),
    'pricing rule',
  );
  const invoice = await created(await org.agent.post('/api/invoices').send({ transactionId: order.id }), 'invoice');
  await created(
    await org.agent.post(`/api/invoices/${invoice.id}/payments`).send({ amount: '50.00', method: 'cash' }),
    'payment',
  );
  // deposits: collected on the invoiced order, part retained for its invoice and part refunded (docs/rental.md, "Deposits")
  for (const [kind, amount] of [
    ['deposit', '60.00'],
    ['deposit_retention', '10.00'],
    ['deposit_refund', '5.00'],
  ])
    await created(
      await org.agent.post(`/api/transactions/${order.id}/deposits`).send({ kind, amount, method: 'card' }),
      `${kind} payment`,
    );
  await populateQuotes(org, customer.id);
  await populateDocuments(org, customer.id, item.id);
}

/** A 1x1 PNG, the smallest logo the branding takes. */
const LOGO = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Documents and the books: the branding (tax id, terms, a logo), a sent invoice, and an export of each kind. */
async function populateDocuments(org: Registered, customerId: string, itemId: string): Promise<void> {
  const branding = await org.agent
    .patch('/api/settings/branding')
    .send({ taxId: 'FX-TAX-1', invoiceTerms: 'Net 30', agreementTerms: 'Return it clean', logo: LOGO });
  if (branding.status !== 200) throw new Error(`branding fixture: ${branding.status} ${JSON.stringify(branding.body)}`);
  const sent = await created(
    await org.agent
      .post('/api/transactions')
      .send({ customerId, pickupDate: '2026-07-20', returnDate: '2026-07-21', lines: [{ itemId, quantity: 1 }] }),
    'transaction invoiced',
  );
  const invoice = await created(await org.agent.post('/api/invoices').send({ transactionId: sent.id }), 'invoice sent');
  const send = await org.agent.post(`/api/invoices/${invoice.id}/send`);
  if (send.status !== 200) throw new Error(`send fixture: ${send.status} ${JSON.stringify(send.body)}`);
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  for (const kind of ['invoices', 'payments'])
    await created(
      await org.agent.post('/api/accounting/exports').send({ format: 'quickbooks', kind, from: day(-2), to: day(2) }),
      `accounting export of ${kind}`,
    );
}

/** Stored quotes (docs/rental.md, "Stored quotes"): a bulk item; quotes open (one naming a unit, one revised, one sent), accepted through the public link, converted and declined. */
async function populateQuotes(org: Registered, customerId: string): Promise<void> {
  const tag = org.organizationId.slice(-8);
  const gen = await created(
    await org.agent.post('/api/inventory').send({
      name: 'Fixture generator',
      itemNumber: `FG-${tag}`,
      category: 'Power',
      dailyRate: '50.00',
      quantityOwned: 20,
    }),
    'quoted item',
  );
  const unit = (await org.agent.get('/api/inventory-units').query({ limit: 1 })).body.data[0];
  const quote = async (pickupDate: string, lines: Record<string, unknown>[]) =>
    created(
      await org.agent.post('/api/rental-quotes').send({
        customerId,
        pickupDate,
        returnDate: pickupDate,
        validUntil: '2099-12-31',
        lines,
      }),
      'rental quote',
    );
  await quote('2099-03-01', [
    { itemId: gen.id, quantity: 2 },
    { itemId: unit.itemId, unitId: unit.id, quantity: 1 },
  ]);
  const revised = await quote('2099-03-02', [{ itemId: gen.id, quantity: 1 }]);
  const patched = await org.agent.patch(`/api/rental-quotes/${revised.id}`).send({ notes: 'Fixture revision' });
  if (patched.status !== 200)
    throw new Error(`quote revision fixture: ${patched.status} ${JSON.stringify(patched.body)}`);
  await quote('2099-03-03', [{ itemId: gen.id, quantity: 1 }]);
  const sent = await quote('2099-03-04', [{ itemId: gen.id, quantity: 1 }]);
  const accepted = await quote('2099-03-05', [{ itemId: gen.id, quantity: 1 }]);
  for (const q of [sent, accepted]) {
    const link = await org.agent.post(`/api/rental-quotes/${q.id}/link`);
    if (link.status !== 200) throw new Error(`quote link fixture: ${link.status} ${JSON.stringify(link.body)}`);
    if (q !== accepted) continue;
    const res = await org.agent
      .post(`/quote-acceptance/${link.body.token}`)
      .send({ name: 'Fixture Buyer', consent: true });
    if (res.status !== 200) throw new Error(`quote acceptance fixture: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const converted = await quote('2099-03-06', [{ itemId: gen.id, quantity: 1 }]);
  const declined = await quote('2099-03-07', [{ itemId: gen.id, quantity: 1 }]);
  for (const [q, move] of [
    [converted, 'convert'],
    [declined, 'decline'],
  ] as const) {
    const res = await org.agent.post(`/api/rental-quotes/${q.id}/${move}`);
    if (res.status !== 200) throw new Error(`quote ${move} fixture: ${res.status} ${JSON.stringify(res.body)}`);
  }
}
