import type { Registered, TestApp } from './test-app';

async function ok(res: { status: number; body: Record<string, any> }, what: string): Promise<Record<string, any>> {
  if (res.status >= 300) throw new Error(`${what} fixture: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * Analytics stores nothing of its own: it reads what the other modules made. This gives the reports an
 * organization in a timezone with a completed order and a sent invoice, so every analytics row of the
 * tenancy and robustness sweeps answers with real figures (which must never be another organization's).
 */
export async function populateAnalytics(_t: TestApp, org: Registered): Promise<void> {
  await ok(
    await org.agent.put('/api/settings/organization').send({ timezone: 'America/Chicago' }),
    'organization timezone',
  );
  const orders = await ok(await org.agent.get('/api/transactions?status=pending&limit=1'), 'transactions');
  const order = orders.data[0];
  if (order) await ok(await org.agent.post(`/api/transactions/${order.id}/complete`), 'complete transaction');
  const invoices = await ok(await org.agent.get('/api/invoices?limit=1'), 'invoices');
  const invoice = invoices.data[0];
  if (invoice?.status === 'draft') await ok(await org.agent.post(`/api/invoices/${invoice.id}/send`), 'send invoice');
}
