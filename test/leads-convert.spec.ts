import { createTestApp, Registered, TestApp } from './support/test-app';
import { newLead } from './support/crm';

let t: TestApp;
let org: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Convert');
});
afterAll(() => t.close());

/** Rows of every CRM table of the organization, to prove a failed conversion left nothing behind. */
async function state(orgId: string) {
  const q = (sql: string) => t.sql(sql, [orgId]);
  return {
    contacts: await q(
      'select id, status, email, superseded_by_id from contacts where organization_id = $1 order by id',
    ),
    customers: await q('select id from customers where organization_id = $1 order by id'),
    leads: await q('select id, status, customer_id, converted_at from leads where organization_id = $1 order by id'),
    events: await q("select id from outbox_events where organization_id = $1 and event = 'lead.converted' order by id"),
  };
}

describe('POST /api/leads/:id/convert', () => {
  it('creates the customer and its customer contact, converts the lead, maps the contact ids and emits lead.converted', async () => {
    const lead = await newLead(org.agent, { phone: '+15125550100', companyName: 'Convert Co' });
    const res = await org.agent.post(`/api/leads/${lead.id}/convert`);
    expect(res.status).toBe(201);
    const customer = res.body;
    expect(customer).toMatchObject({
      name: lead.leadName,
      email: lead.email,
      phone: '+15125550100',
      companyId: lead.companyId,
      ownerId: org.userId,
      lifetimeOrderValue: '0.00',
    });
    expect(customer.contactId).not.toBe(lead.contactId);

    const newContact = await org.agent.get(`/api/contacts/${customer.contactId}`);
    expect(newContact.body).toMatchObject({ status: 'customer', email: lead.email, supersededById: null });
    const oldContact = await org.agent.get(`/api/contacts/${lead.contactId}`);
    expect(oldContact.body).toMatchObject({ supersededById: customer.contactId, supersededReason: 'converted' });

    const after = await org.agent.get(`/api/leads/${lead.id}`);
    expect(after.body).toMatchObject({ status: 'converted', customerId: customer.id, convertedById: org.userId });
    expect(after.body.convertedAt).toEqual(expect.any(String));

    // the lead's history (its contact id) is reachable from the customer
    expect(customer.historyContactIds).toEqual([customer.contactId, lead.contactId]);
    const gql = await t.gql<{ customer: { convertedFrom: { id: string; contact: { id: string } } } }>(
      org.agent,
      'query($id: ID!) { customer(id: $id) { convertedFrom { id contact { id } } } }',
      { id: customer.id },
    );
    expect(gql.data?.customer.convertedFrom).toEqual({ id: lead.id, contact: { id: lead.contactId } });

    const events = await t.sql<{ payload: any }>(
      "select payload from outbox_events where organization_id = $1 and event = 'lead.converted'",
      [org.organizationId],
    );
    expect(events.map((e) => e.payload.data)).toEqual([
      { leadId: lead.id, customerId: customer.id, convertedBy: org.userId },
    ]);

    // contact lists show the customer contact only, not the superseded lead contact
    const list = await org.agent.get('/api/contacts').query({ search: lead.email });
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([customer.contactId]);
  });

  it('refuses a second conversion with 409 and creates nothing', async () => {
    const lead = await newLead(org.agent);
    expect((await org.agent.post(`/api/leads/${lead.id}/convert`)).status).toBe(201);
    const before = await state(org.organizationId);
    const again = await org.agent.post(`/api/leads/${lead.id}/convert`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect(await state(org.organizationId)).toEqual(before);
  });

  it('two concurrent conversions of one lead give one customer', async () => {
    const lead = await newLead(org.agent);
    const [a, b] = await Promise.all([
      org.agent.post(`/api/leads/${lead.id}/convert`),
      org.agent.post(`/api/leads/${lead.id}/convert`),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const customers = await t.sql('select id from leads where id = $1 and customer_id is not null', [lead.id]);
    expect(customers).toHaveLength(1);
  });

  it('refuses updates of a converted lead (converted is terminal)', async () => {
    const lead = await newLead(org.agent);
    await org.agent.post(`/api/leads/${lead.id}/convert`);
    const res = await org.agent.put(`/api/leads/${lead.id}`).send({ status: 'lost' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/terminal/);
  });

  it('is 404 for a lead of another organization and converts nothing', async () => {
    const other = await t.registerOrg('Other');
    const lead = await newLead(org.agent);
    expect((await other.agent.post(`/api/leads/${lead.id}/convert`)).status).toBe(404);
    expect((await org.agent.get(`/api/leads/${lead.id}`)).body.status).toBe('new');
  });

  // A failure forced at each step (a trigger raising on that table's write) leaves nothing behind.
  it.each([
    ['creating the customer contact', 'contacts', 'insert'],
    ['creating the customer', 'customers', 'insert'],
    ['mapping the lead contact', 'contacts', 'update'],
    ['converting the lead', 'leads', 'update'],
    ['emitting lead.converted', 'outbox_events', 'insert'],
  ])('a failure while %s rolls everything back', async (_step, table, op) => {
    const lead = await newLead(org.agent);
    const before = await state(org.organizationId);
    await t.sql(
      `create or replace function crm_test_fail() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`,
    );
    await t.sql(
      `create trigger crm_test_fail before ${op} on "${table}" for each row execute function crm_test_fail()`,
    );
    try {
      const res = await org.agent.post(`/api/leads/${lead.id}/convert`);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        error: 'Internal Server Error',
        message: 'Internal server error',
        code: 'INTERNAL_SERVER_ERROR',
        requestId: expect.any(String),
      });
    } finally {
      await t.sql(`drop trigger crm_test_fail on "${table}"`);
    }
    expect(await state(org.organizationId)).toEqual(before);
    // and the lead can still be converted afterwards
    expect((await org.agent.post(`/api/leads/${lead.id}/convert`)).status).toBe(201);
  });
});
