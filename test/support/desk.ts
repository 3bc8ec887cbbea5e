import type { Registered } from './test-app';

/** The rental desk's setup through the API: an item tracked by unit (asset tags `<tag>-1..n`) or in bulk, and an order. */
export async function unitItem(org: Registered, tag: string, units: number, dailyRate = '100.00'): Promise<string> {
  const item = await org.agent
    .post('/api/inventory')
    .send({ name: `Machine ${tag}`, itemNumber: tag, dailyRate, quantityOwned: units });
  if (item.status !== 201) throw new Error(JSON.stringify(item.body));
  const list = Array.from({ length: units }, (_, i) => ({
    assetTag: `${tag}-${i + 1}`,
    meterKind: 'hours',
    meterReading: '100.0',
  }));
  const res = await org.agent.post(`/api/inventory/${item.body.id}/track-by-unit`).send({ units: list });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return item.body.id;
}

export async function bulkItem(
  org: Registered,
  tag: string,
  quantityOwned: number,
  dailyRate = '10.00',
): Promise<string> {
  const item = await org.agent
    .post('/api/inventory')
    .send({ name: `Bulk ${tag}`, itemNumber: tag, dailyRate, quantityOwned });
  if (item.status !== 201) throw new Error(JSON.stringify(item.body));
  return item.body.id;
}

export async function order(
  org: Registered,
  customerId: string,
  lines: { itemId: string; quantity: number }[],
  pickupDate = '2026-07-01',
  returnDate = '2026-07-10',
): Promise<Record<string, any>> {
  const res = await org.agent.post('/api/transactions').send({ customerId, pickupDate, returnDate, lines });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body;
}
