import type { Registered, TestApp } from './test-app';

async function created(res: { status: number; body: Record<string, any> }, what: string): Promise<Record<string, any>> {
  if (res.status !== 201) throw new Error(`${what} fixture: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Rental operations (docs/rental.md), through the API: an item with a maintenance hold, rental settings, a customer's order, its invoice and a payment; the item then tracked by unit and a second order with one unit checked out (its check-out, history and move). */
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
    }),
    'inventory item',
  );
  await created(
    await org.agent
      .post(`/api/inventory/${item.id}/maintenance-holds`)
      .send({ quantity: 1, startDate: '2026-07-01', endDate: '2026-07-02', reason: 'Fixture service' }),
    'maintenance hold',
  );
  const settings = await org.agent.put('/api/settings/rental').send({ currency: 'USD', taxRate: '7.5' });
  if (settings.status !== 200)
    throw new Error(`rental settings fixture: ${settings.status} ${JSON.stringify(settings.body)}`);
  const customer = await created(
    await org.agent.post('/api/customers').send({ name: `Renter ${tag}`, email: `renter-${tag}@example.test` }),
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
  const invoice = await created(await org.agent.post('/api/invoices').send({ transactionId: order.id }), 'invoice');
  await created(
    await org.agent.post(`/api/invoices/${invoice.id}/payments`).send({ amount: '50.00', method: 'cash' }),
    'payment',
  );
}
