import type { Response } from 'supertest';
import type { Agent, Registered, TestApp } from './test-app';
import { moveStage, newItem, stageByName } from './sales';

/**
 * Three records per spec list (GET /api/customers, /api/leads, /api/opportunities, /api/transactions), made
 * through the REST API as a legacy caller would, then dated in the database so every list parameter has a
 * known answer. Names sort A, B, C; emails sort B, C, A; B is owned by the member; creation days are
 * 2026-01-01..03 in order A, B, C and updates run the other way.
 */
export const NAMES = ['Alpha Spec Rentals', 'Bravo Spec Lifts', 'Charlie Spec Cranes'];
export const EMAILS = ['c-alpha@spec.test', 'a-bravo@spec.test', 'b-charlie@spec.test'];

export interface ListFixture {
  path: string;
  table: string;
  /** Ids in the order A, B, C. */
  ids: string[];
}

async function created(res: { status: number; body: Record<string, any> }, what: string): Promise<Record<string, any>> {
  if (res.status !== 201) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function dated(t: TestApp, table: string, ids: string[]): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await t.sql(`update ${table} set created_at = $1, updated_at = $2 where id = $3`, [
      `2026-01-0${i + 1}T12:00:00Z`,
      `2026-02-0${3 - i}T12:00:00Z`,
      id,
    ]);
  }
}

export async function seedSpecLists(
  t: TestApp,
  org: Registered,
  member: Registered,
): Promise<Record<string, ListFixture>> {
  const a: Agent = org.agent;
  const owners = [org.userId, member.userId, org.userId];
  const customers: string[] = [];
  for (const i of [0, 1, 2])
    customers.push(
      (
        await created(
          await a.post('/api/customers').send({ name: NAMES[i], email: EMAILS[i], ownerId: owners[i] }),
          'customer',
        )
      ).id,
    );

  const leads: string[] = [];
  const statuses = ['new', 'contacted', 'qualified'];
  for (const i of [0, 1, 2]) {
    const body = {
      leadName: NAMES[i],
      email: EMAILS[i].replace('@', '-lead@'),
      phone: `+1415555010${i}`,
      companyName: `${NAMES[i]} Inc`,
      status: statuses[i],
      ownerId: owners[i],
    };
    leads.push((await created(await a.post('/api/leads').send(body), 'lead')).id);
  }

  const stages = await stageByName(a);
  const opportunities: string[] = [];
  const stageOf = [stages.Prospecting, stages.Qualified, stages.Proposal];
  for (const i of [0, 1, 2]) {
    const body = {
      name: NAMES[i],
      customerId: customers[i],
      ownerId: owners[i],
      stageId: stageOf[i].id,
      probability: [10, 50, 80][i],
      expectedCloseDate: `2026-03-0${i + 1}`,
    };
    opportunities.push((await created(await a.post('/api/opportunities').send(body), 'opportunity')).id);
  }
  const lost = await created(
    await a.post('/api/opportunities').send({ name: 'Delta Spec Lost', customerId: customers[0] }),
    'opportunity',
  );
  await moveStage(a, lost.id, { stageId: stages.Lost.id, lostReason: 'Budget' });

  const item = await newItem(a, { quantityOwned: 10 });
  const transactions: string[] = [];
  for (const i of [0, 1, 2]) {
    const body = {
      customerId: customers[i],
      orderDate: `2026-01-0${i + 1}`,
      pickupDate: '2027-01-10',
      returnDate: '2027-01-12',
      lines: [{ itemId: item.id, quantity: 1 }],
    };
    transactions.push((await created(await a.post('/api/transactions').send(body), 'transaction')).id);
  }
  const done = await a.post(`/api/transactions/${transactions[1]}/complete`);
  if (done.status !== 200) throw new Error(`complete: ${done.status} ${JSON.stringify(done.body)}`);

  for (const [i, value] of ['500.00', '100.00', '300.00'].entries())
    await t.sql('update customers set lifetime_order_value = $1 where id = $2', [value, customers[i]]);
  await dated(t, 'customers', customers);
  await dated(t, 'leads', leads);
  await dated(t, 'opportunities', opportunities);
  await dated(t, 'rental_orders', transactions);
  return {
    customers: { path: '/api/customers', table: 'customers', ids: customers },
    leads: { path: '/api/leads', table: 'leads', ids: leads },
    opportunities: { path: '/api/opportunities', table: 'opportunities', ids: opportunities },
    transactions: { path: '/api/transactions', table: 'rental_orders', ids: transactions },
  };
}

export const PAGINATION_KEYS = [
  'currentPage',
  'hasNextPage',
  'hasPreviousPage',
  'pageSize',
  'totalItems',
  'totalPages',
];

export const ids = (res: Response): string[] => res.body.data.map((r: { id: string }) => r.id);

/** The spec's error body: {error, message, code, details?} and nothing else but the request id (docs/decisions.md). */
export function expectErrorBody(res: Response, status: number, code: string, error: string): void {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ error, message: expect.any(String), code });
  expect(Object.keys(res.body).every((k) => ['error', 'message', 'code', 'details', 'requestId'].includes(k))).toBe(
    true,
  );
  expect(res.body.requestId).toBe(res.headers['x-request-id']);
}
