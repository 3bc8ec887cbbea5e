import { createTestApp, Registered, TestApp } from './support/test-app';
import { count, newLead } from './support/crm';

let t: TestApp;
let org: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Leads');
});
afterAll(() => t.close());

describe('POST /api/leads', () => {
  it('creates the lead over a contact of status lead, links the company by name and emits lead.created', async () => {
    const res = await org.agent.post('/api/leads').send({
      leadName: 'Sam Rivera',
      email: 'Sam@Rivera.example',
      phone: '+15125550199',
      companyName: 'Rivera Builders',
      status: 'new',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      leadName: 'Sam Rivera',
      email: 'sam@rivera.example',
      phone: '+15125550199',
      companyName: 'Rivera Builders',
      status: 'new',
      organizationId: org.organizationId,
    });
    const contact = await org.agent.get(`/api/contacts/${res.body.contactId}`);
    expect(contact.body).toMatchObject({
      name: 'Sam Rivera',
      email: 'sam@rivera.example',
      status: 'lead',
      companyId: res.body.companyId,
    });
    const events = await t.sql<{ payload: any }>(
      "select payload from outbox_events where organization_id = $1 and event = 'lead.created'",
      [org.organizationId],
    );
    expect(events.map((e) => e.payload.data)).toContainEqual({
      id: res.body.id,
      leadName: 'Sam Rivera',
      email: 'sam@rivera.example',
    });

    // a second lead naming the company in another case links the same company
    const second = await newLead(org.agent, { companyName: 'RIVERA builders' });
    expect(second.companyId).toBe(res.body.companyId);
    expect(second.companyName).toBe('Rivera Builders');
  });

  it('refuses a duplicate email (any case) with 409 and writes nothing', async () => {
    const lead = await newLead(org.agent);
    const before = await count(t, 'contacts', org.organizationId);
    const res = await org.agent.post('/api/leads').send({ leadName: 'Dup', email: lead.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    expect(await count(t, 'contacts', org.organizationId)).toBe(before);
  });

  it('names every invalid field', async () => {
    const res = await org.agent
      .post('/api/leads')
      .send({ leadName: '', email: 'nope', phone: '555-1234', status: 'warm' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['status']);
    const res2 = await org.agent.post('/api/leads').send({ leadName: '', email: 'nope', phone: '555-1234' });
    expect(res2.status).toBe(400);
    expect(res2.body.details.map((d: { field: string }) => d.field).sort()).toEqual(['email', 'leadName', 'phone']);
  });

  it('refuses creating a lead as converted', async () => {
    const res = await org.agent.post('/api/leads').send({ leadName: 'X', status: 'converted' });
    expect(res.status).toBe(409);
  });
});

describe('lead status moves', () => {
  it('allows the documented moves and refuses the others with the allowed list', async () => {
    const lead = await newLead(org.agent);
    const move = (status: string) => org.agent.put(`/api/leads/${lead.id}`).send({ status });
    expect((await move('contacted')).status).toBe(200);
    expect((await move('negotiation')).status).toBe(200);
    const bad = await move('new');
    expect(bad.status).toBe(409);
    expect(bad.body.message).toMatch(/cannot move from negotiation to new; allowed: qualified, lost/);
    expect((await move('converted')).status).toBe(409);
    expect((await move('lost')).status).toBe(200);
    expect((await move('new')).status).toBe(200);
    const got = await org.agent.get(`/api/leads/${lead.id}`);
    expect(got.body.status).toBe('new');
  });

  it('updates the backing contact with the lead fields', async () => {
    const lead = await newLead(org.agent);
    const res = await org.agent
      .put(`/api/leads/${lead.id}`)
      .send({ leadName: 'Renamed', phone: '+442071838750', companyName: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ leadName: 'Renamed', phone: '+442071838750', companyName: null });
    const contact = await org.agent.get(`/api/contacts/${lead.contactId}`);
    expect(contact.body).toMatchObject({ name: 'Renamed', phone: '+442071838750', status: 'lead' });
  });
});

describe('DELETE /api/leads/:id', () => {
  it('deletes the lead and its contact', async () => {
    const lead = await newLead(org.agent);
    const res = await org.agent.delete(`/api/leads/${lead.id}`);
    expect(res.status).toBe(200);
    expect((await org.agent.get(`/api/leads/${lead.id}`)).status).toBe(404);
    expect((await org.agent.get(`/api/contacts/${lead.contactId}`)).status).toBe(404);
  });

  it('is 404 for another organization', async () => {
    const other = await t.registerOrg('Other');
    const lead = await newLead(org.agent);
    expect((await other.agent.delete(`/api/leads/${lead.id}`)).status).toBe(404);
    expect((await other.agent.get(`/api/leads/${lead.id}`)).status).toBe(404);
    expect((await org.agent.get(`/api/leads/${lead.id}`)).status).toBe(200);
  });
});
