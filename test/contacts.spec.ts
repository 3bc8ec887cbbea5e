import { createTestApp, Registered, TestApp } from './support/test-app';
import { count, newCompany, newContact, newCustomer, newLead } from './support/crm';

let t: TestApp;
let org: Registered;
let other: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Contacts');
  other = await t.registerOrg('Other');
});
afterAll(() => t.close());

describe('contacts CRUD', () => {
  it('creates, reads, updates and deletes a contact', async () => {
    const company = await newCompany(org.agent);
    const res = await org.agent.post('/api/contacts').send({
      name: 'Dana Scott',
      email: 'Dana@Example.com',
      phone: '+14155550123',
      status: 'unknown',
      companyId: company.id,
      ownerId: org.userId,
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zipCode: '73301',
      source: 'web',
      lastContactedAt: '2026-01-02T03:04:05.000Z',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Dana Scott',
      email: 'dana@example.com',
      status: 'unknown',
      companyId: company.id,
      ownerId: org.userId,
      city: 'Austin',
      lastContactedAt: '2026-01-02T03:04:05.000Z',
    });
    const id = res.body.id;
    expect((await org.agent.get(`/api/contacts/${id}`)).body.name).toBe('Dana Scott');

    const upd = await org.agent.put(`/api/contacts/${id}`).send({ status: 'lead', companyId: null, phone: null });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ status: 'lead', companyId: null, phone: null, name: 'Dana Scott' });

    expect((await org.agent.delete(`/api/contacts/${id}`)).body).toEqual({ id, message: 'Contact deleted' });
    expect((await org.agent.get(`/api/contacts/${id}`)).status).toBe(404);
  });

  it('keeps email unique per organization ignoring case (409), but not across organizations', async () => {
    const c = await newContact(org.agent, { email: 'unique@example.test' });
    const dup = await org.agent.post('/api/contacts').send({ name: 'X', email: 'UNIQUE@example.test' });
    expect(dup.status).toBe(409);
    const b = await newContact(org.agent);
    expect((await org.agent.put(`/api/contacts/${b.id}`).send({ email: 'Unique@Example.test' })).status).toBe(409);
    expect((await other.agent.post('/api/contacts').send({ name: 'X', email: 'unique@example.test' })).status).toBe(
      201,
    );
    expect(c.email).toBe('unique@example.test');
  });

  it('validates fields and refuses references to another organization as not found', async () => {
    const bad = await org.agent.post('/api/contacts').send({ name: '', email: 'x', phone: '0044', status: 'vip' });
    expect(bad.status).toBe(400);
    const foreignCompany = await newCompany(other.agent);
    const before = await count(t, 'contacts', org.organizationId);
    for (const body of [{ companyId: foreignCompany.id }, { ownerId: other.userId }]) {
      const res = await org.agent.post('/api/contacts').send({ name: 'Ref', ...body });
      expect(res.status).toBe(404);
      expect(res.body.details[0].field).toBe(Object.keys(body)[0]);
    }
    expect(await count(t, 'contacts', org.organizationId)).toBe(before);
  });

  it('refuses deleting or re-statusing a contact that backs a lead', async () => {
    const lead = await newLead(org.agent);
    expect((await org.agent.delete(`/api/contacts/${lead.contactId}`)).status).toBe(409);
    expect((await org.agent.put(`/api/contacts/${lead.contactId}`).send({ status: 'customer' })).status).toBe(409);
  });

  it('is 404 on every path for another organization', async () => {
    const c = await newContact(org.agent);
    expect((await other.agent.get(`/api/contacts/${c.id}`)).status).toBe(404);
    expect((await other.agent.put(`/api/contacts/${c.id}`).send({ name: 'Hacked' })).status).toBe(404);
    expect((await other.agent.delete(`/api/contacts/${c.id}`)).status).toBe(404);
    expect((await org.agent.get(`/api/contacts/${c.id}`)).body.name).toBe(c.name);
  });
});

describe('POST /api/contacts/:id/merge', () => {
  it('folds duplicates into one contact, moving their leads and customers and filling empty fields', async () => {
    const target = await newContact(org.agent, { email: null, status: 'unknown' });
    const lead = await newLead(org.agent, { phone: '+15125550111' });
    const customer = await newCustomer(org.agent, { email: null });
    const res = await org.agent
      .post(`/api/contacts/${target.id}/merge`)
      .send({ sourceIds: [lead.contactId, customer.contactId] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: target.id, status: 'customer', email: lead.email, phone: '+15125550111' });
    expect((await org.agent.get(`/api/leads/${lead.id}`)).body.contactId).toBe(target.id);
    expect((await org.agent.get(`/api/customers/${customer.id}`)).body.contactId).toBe(target.id);
    const source = await org.agent.get(`/api/contacts/${lead.contactId}`);
    expect(source.body).toMatchObject({ supersededById: target.id, supersededReason: 'merged' });
    // a merged contact is history: it cannot change any more, and it left the lists
    expect((await org.agent.put(`/api/contacts/${lead.contactId}`).send({ name: 'x' })).status).toBe(409);
    const list = await org.agent.get('/api/contacts').query({ search: lead.email });
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([target.id]);
    const hist = await org.agent.get(`/api/customers/${customer.id}`);
    expect(hist.body.historyContactIds.sort()).toEqual([target.id, lead.contactId, customer.contactId].sort());
  });

  it('refuses merging into itself, unknown or foreign contacts, and changes nothing', async () => {
    const target = await newContact(org.agent);
    const foreign = await newContact(other.agent);
    expect((await org.agent.post(`/api/contacts/${target.id}/merge`).send({ sourceIds: [target.id] })).status).toBe(
      400,
    );
    expect((await org.agent.post(`/api/contacts/${target.id}/merge`).send({ sourceIds: [foreign.id] })).status).toBe(
      404,
    );
    expect((await org.agent.post(`/api/contacts/${target.id}/merge`).send({ sourceIds: [] })).status).toBe(400);
    expect((await other.agent.get(`/api/contacts/${foreign.id}`)).body.supersededById).toBeNull();
  });
});
