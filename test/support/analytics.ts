import type { Agent, TestApp } from './test-app';

/** Factories for the analytics tests: rental records through the API, then timestamps pinned in SQL. */
async function ok(res: { status: number; body: any }, what: string): Promise<Record<string, any>> {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const post = async (agent: Agent, path: string, body: Record<string, unknown> = {}) =>
  ok(await agent.post(path).send(body), `POST ${path}`);

export async function setTimezone(agent: Agent, timezone: string): Promise<void> {
  await ok(await agent.put('/api/settings/organization').send({ timezone }), 'timezone');
}

export const item = (agent: Agent, name: string, category: string | null, dailyRate: string, quantityOwned = 1) =>
  post(agent, '/api/inventory', {
    name,
    itemNumber: name.replace(/\W+/g, '-').toUpperCase(),
    ...(category ? { category } : {}),
    dailyRate,
    quantityOwned,
  });

export const customer = (agent: Agent, name: string) =>
  post(agent, '/api/customers', { name, email: `c-${Math.random().toString(36).slice(2, 9)}@example.test` });

/** A rental order: `lines` are [item, quantity]; dates YYYY-MM-DD. */
export const order = (
  agent: Agent,
  customerId: string,
  orderDate: string,
  pickupDate: string,
  returnDate: string,
  lines: [Record<string, any>, number][],
) =>
  post(agent, '/api/transactions', {
    customerId,
    orderDate,
    pickupDate,
    returnDate,
    lines: lines.map(([i, quantity]) => ({ itemId: i.id, quantity })),
  });

/** Completes an order and pins its completion instant (ISO, e.g. '2026-10-31T23:30:00-05:00'). */
export async function complete(t: TestApp, agent: Agent, orderId: string, at: string): Promise<void> {
  await post(agent, `/api/transactions/${orderId}/complete`);
  await t.sql('update rental_orders set completed_at = $1::timestamptz where id = $2', [at, orderId]);
}

/** Pins created_at of any row. */
export async function createdAt(t: TestApp, table: string, id: string, at: string): Promise<void> {
  await t.sql(`update "${table}" set created_at = $1::timestamptz where id = $2`, [at, id]);
}

export async function invoice(
  agent: Agent,
  orderId: string,
  issueDate: string,
  dueDate: string,
  send = true,
): Promise<Record<string, any>> {
  const inv = await post(agent, '/api/invoices', { transactionId: orderId, issueDate, dueDate });
  if (send) await post(agent, `/api/invoices/${inv.id}/send`);
  return inv;
}

/** Pins when an invoice was sent (the receivables report ages invoices from then on). */
export async function sentOn(t: TestApp, invoiceId: string, at: string): Promise<void> {
  await t.sql('update invoices set sent_at = $1::timestamptz where id = $2', [at, invoiceId]);
}

export const pay = (agent: Agent, invoiceId: string, amount: string, paidOn: string) =>
  post(agent, `/api/invoices/${invoiceId}/payments`, { amount, method: 'card', paidOn });

export async function get(agent: Agent, path: string): Promise<Record<string, any>> {
  return ok(await agent.get(path), `GET ${path}`);
}
