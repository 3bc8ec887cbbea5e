import { createTestApp, Registered, TestApp } from './support/test-app';
import { newCompany, newCustomer } from './support/crm';

let t: TestApp;
let org: Registered;
let other: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Customers');
  other = await t.registerOrg('Other');
});
afterAll(() => t.close());

describe('customers', () => {
  it('creates a customer over a contact of status customer; reads, updates, deletes', async () => {
    const company = await newCompany(org.agent);
    const res = await org.agent.post('/api/customers').send({
      name: 'Lee Morgan',
      email: 'Lee@Morgan.example',
      phone: '+13035550100',
      companyId: company.id,
      ownerId: org.userId,
      billingAddress: '1 Main St',
      billingCity: 'Denver',
      billingState: 'CO',
      billingZipCode: '80202',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Lee Morgan',
      email: 'lee@morgan.example',
      companyId: company.id,
      ownerId: org.userId,
      billingCity: 'Denver',
      lifetimeOrderValue: '0.00',
    });
    const contact = await org.agent.get(`/api/contacts/${res.body.contactId}`);
    expect(contact.body.status).toBe('customer');
    const upd = await org.agent.put(`/api/customers/${res.body.id}`).send({ name: 'Lee M.', billingCity: 'Boulder' });
    expect(upd.body).toMatchObject({ name: 'Lee M.', billingCity: 'Boulder', billingState: 'CO' });
    expect((await org.agent.delete(`/api/customers/${res.body.id}`)).status).toBe(200);
    expect((await org.agent.get(`/api/customers/${res.body.id}`)).status).toBe(404);
    expect((await org.agent.get(`/api/contacts/${res.body.contactId}`)).status).toBe(404);
  });

  it('refuses a duplicate email (409) and a foreign owner or company (404)', async () => {
    const c = await newCustomer(org.agent);
    expect((await org.agent.post('/api/customers').send({ name: 'Dup', email: c.email.toUpperCase() })).status).toBe(
      409,
    );
    expect((await org.agent.post('/api/customers').send({ name: 'Ref', ownerId: other.userId })).status).toBe(404);
    const foreign = await newCompany(other.agent);
    expect((await org.agent.put(`/api/customers/${c.id}`).send({ companyId: foreign.id })).status).toBe(404);
    expect((await other.agent.get(`/api/customers/${c.id}`)).status).toBe(404);
  });

  it('sorts by lifetimeOrders (the stored value of completed transactions)', async () => {
    const own = await t.registerOrg('Sorting');
    const a = await newCustomer(own.agent);
    const b = await newCustomer(own.agent);
    const c = await newCustomer(own.agent);
    // The transactions module maintains this value; here it is set directly.
    await t.sql('update customers set lifetime_order_value = $1 where id = $2', ['1500.25', a.id]);
    await t.sql('update customers set lifetime_order_value = $1 where id = $2', ['99999999.99', c.id]);
    const desc = await own.agent.get('/api/customers').query({ sortBy: 'lifetimeOrders', sortOrder: 'desc' });
    expect(desc.status).toBe(200);
    expect(desc.body.data.map((x: { id: string; lifetimeOrderValue: string }) => [x.id, x.lifetimeOrderValue])).toEqual(
      [
        [c.id, '99999999.99'],
        [a.id, '1500.25'],
        [b.id, '0.00'],
      ],
    );
  });
});
