/**
 * The organization's day, everywhere (issue 29 part 7, docs/rental.md "The organization's day"): default dates and
 * "today" comparisons are taken in the organization's timezone, not UTC. At 23:30 in Los Angeles the UTC day is
 * already tomorrow; at 00:30 in Tokyo it is still yesterday. The project's clock is moved to those instants.
 */
import { addDays, localDate } from '../src/lib/calendar-days';
import { clock } from '../src/lib/clock';
import { newCustomer } from './support/crm';
import { bulkItem, order } from './support/desk';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => clock.reset());
afterAll(() => t.close());

/** Moves the clock to the next instant (within a day) when the wall clock of `timezone` reads `hhmm`. */
function wallClock(timezone: string, hhmm: string): { local: string; utc: string } {
  const fmt = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  let at = Math.ceil(clock.nowMs() / 1_800_000) * 1_800_000;
  while (fmt.format(new Date(at)) !== hhmm) at += 1_800_000;
  clock.advance(at - clock.nowMs());
  return { local: localDate(timezone, new Date(at)), utc: new Date(at).toISOString().slice(0, 10) };
}

async function orgIn(timezone: string): Promise<{ org: Registered; customer: Record<string, any>; item: string }> {
  const org = await t.registerOrg(timezone);
  expect((await org.agent.put('/api/settings/organization').send({ timezone })).status).toBe(200);
  return { org, customer: await newCustomer(org.agent), item: await bulkItem(org, 'DAY', 20) };
}

/** An order picked up `pickup` and due back `due`, checked out. */
async function outOrder(org: Registered, customerId: string, item: string, pickup: string, due: string) {
  const o = await order(org, customerId, [{ itemId: item, quantity: 1 }], pickup, due);
  const out = await org.agent
    .post(`/api/transactions/${o.id}/check-out`)
    .send({ releasedTo: 'Kim', checklistPassed: true, lines: [{ lineId: o.lines[0].id }] });
  expect(out.status).toBe(200);
  return o;
}

/** A sent invoice of a new order, due `dueDate`. */
async function sentInvoice(org: Registered, customerId: string, item: string, issueDate: string, dueDate: string) {
  const o = await order(org, customerId, [{ itemId: item, quantity: 1 }], issueDate, issueDate);
  const inv = await org.agent.post('/api/invoices').send({ transactionId: o.id, issueDate, dueDate });
  expect(inv.status).toBe(201);
  expect((await org.agent.post(`/api/invoices/${inv.body.id}/send`)).status).toBe(200);
  return inv.body.id as string;
}

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((r) => r.id);

it('23:30 in Los Angeles: the defaults are the local day, and nothing due today is overdue though UTC is tomorrow', async () => {
  const { org, customer, item } = await orgIn('America/Los_Angeles');
  const day = wallClock('America/Los_Angeles', '23:30');
  expect(day.utc).toBe(addDays(day.local, 1));
  const D = day.local;

  // defaults: orderDate, issueDate (and dueDate from it), paidOn
  const o = await order(org, customer.id, [{ itemId: item, quantity: 1 }], D, addDays(D, 2));
  expect(o.orderDate).toBe(D);
  const inv = await org.agent.post('/api/invoices').send({ transactionId: o.id });
  expect(inv.body).toMatchObject({ issueDate: D, dueDate: addDays(D, 30) });
  const paid = await org.agent.post(`/api/invoices/${inv.body.id}/payments`).send({ amount: '1.00', method: 'cash' });
  expect(paid.status).toBe(201);
  expect(paid.body.paidOn).toBe(D);

  // invoices: due today is sent, not overdue; due yesterday is overdue
  const dueToday = await sentInvoice(org, customer.id, item, addDays(D, -5), D);
  const dueYesterday = await sentInvoice(org, customer.id, item, addDays(D, -5), addDays(D, -1));
  expect((await org.agent.get(`/api/invoices/${dueToday}`)).body.status).toBe('sent');
  expect((await org.agent.get(`/api/invoices/${dueYesterday}`)).body.status).toBe('overdue');
  expect(ids(await org.agent.get('/api/invoices').query({ status: 'overdue' }))).toEqual([dueYesterday]);
  expect(ids(await org.agent.get('/api/invoices').query({ status: 'sent' }))).toEqual([dueToday]);

  // tasks: due today is not overdue
  const taskToday = await org.agent.post('/api/tasks').send({ title: 'Today', dueDate: D });
  const taskYesterday = await org.agent.post('/api/tasks').send({ title: 'Yesterday', dueDate: addDays(D, -1) });
  expect(ids(await org.agent.get('/api/tasks').query({ overdue: true }))).toEqual([taskYesterday.body.id]);
  expect(ids(await org.agent.get('/api/tasks').query({ overdue: false }))).toContain(taskToday.body.id);

  // transactions: due back today is not overdue; due back yesterday is
  const backToday = await outOrder(org, customer.id, item, addDays(D, -3), D);
  const backYesterday = await outOrder(org, customer.id, item, addDays(D, -3), addDays(D, -1));
  expect((await org.agent.get(`/api/transactions/${backToday.id}`)).body.overdue).toBe(false);
  expect(ids(await org.agent.get('/api/transactions').query({ overdue: true }))).toEqual([backYesterday.id]);

  // check-in: returnedOn defaults to the local day; tomorrow (the UTC day) is after today
  const early = await org.agent
    .post(`/api/transactions/${backToday.id}/check-in`)
    .send({ returnedOn: day.utc, returns: [{ lineId: backToday.lines[0].id, quantity: 1, condition: 'good' }] });
  expect(early.status).toBe(400);
  const ret = await org.agent
    .post(`/api/transactions/${backToday.id}/check-in`)
    .send({ returns: [{ lineId: backToday.lines[0].id, quantity: 1, condition: 'good' }] });
  expect(ret.status).toBe(200);
  expect(ret.body.transaction.returns[0].returnedOn).toBe(D);

  // availability starts on the local today
  const avail = await org.agent.get(`/api/inventory/${item}/availability`);
  expect(avail.body.days[0].date).toBe(D);
});

it('00:30 in Tokyo: the defaults are the local day, and what was due yesterday is overdue though UTC is still yesterday', async () => {
  const { org, customer, item } = await orgIn('Asia/Tokyo');
  const day = wallClock('Asia/Tokyo', '00:30');
  expect(day.utc).toBe(addDays(day.local, -1));
  const D = day.local;

  const o = await order(org, customer.id, [{ itemId: item, quantity: 1 }], D, addDays(D, 2));
  expect(o.orderDate).toBe(D);
  const inv = await org.agent.post('/api/invoices').send({ transactionId: o.id });
  expect(inv.body.issueDate).toBe(D);
  const paid = await org.agent.post(`/api/invoices/${inv.body.id}/payments`).send({ amount: '1.00', method: 'card' });
  expect(paid.body.paidOn).toBe(D);

  const dueYesterday = await sentInvoice(org, customer.id, item, addDays(D, -5), addDays(D, -1));
  expect((await org.agent.get(`/api/invoices/${dueYesterday}`)).body.status).toBe('overdue');
  const gql = await t.gql<any>(org.agent, `{ invoices(status: overdue) { data { id status } } }`);
  expect(gql.data.invoices.data).toEqual([{ id: dueYesterday, status: 'overdue' }]);

  const task = await org.agent.post('/api/tasks').send({ title: 'Yesterday', dueDate: addDays(D, -1) });
  expect(ids(await org.agent.get('/api/tasks').query({ overdue: true }))).toEqual([task.body.id]);

  const late = await outOrder(org, customer.id, item, addDays(D, -3), addDays(D, -1));
  expect((await org.agent.get(`/api/transactions/${late.id}`)).body.overdue).toBe(true);
  expect(ids(await org.agent.get('/api/transactions').query({ overdue: true }))).toEqual([late.id]);
  expect((await org.agent.get(`/api/transactions/${late.id}/late-charges`)).body).toMatchObject({
    asOf: D,
    daysLate: 1,
    total: '10.00',
  });
  // the overdue job sees it on Tokyo's day
  await t.deps.services.overdue.runOnce(t.orm);
  const events = await t.sql(
    `select id from outbox_events where organization_id = $1 and event = 'order.overdue' and payload->'data'->>'id' = $2`,
    [org.organizationId, late.id],
  );
  expect(events).toHaveLength(1);

  // check-in today (the local day, after the UTC day) is allowed and is the default
  const ret = await org.agent
    .post(`/api/transactions/${late.id}/check-in`)
    .send({ returnedOn: D, returns: [{ lineId: late.lines[0].id, quantity: 1, condition: 'good' }] });
  expect(ret.status).toBe(200);
});
