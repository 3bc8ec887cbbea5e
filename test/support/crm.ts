import type { Agent, TestApp } from './test-app';

/** Small factories over the REST API for the CRM tests (each asserts its own success). */
export async function newLead(agent: Agent, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const n = Math.random().toString(36).slice(2, 8);
  const res = await agent.post('/api/leads').send({ leadName: `Lead ${n}`, email: `lead-${n}@example.test`, ...body });
  if (res.status !== 201) throw new Error(`createLead: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function newCustomer(agent: Agent, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const n = Math.random().toString(36).slice(2, 8);
  const res = await agent
    .post('/api/customers')
    .send({ name: `Customer ${n}`, email: `customer-${n}@example.test`, ...body });
  if (res.status !== 201) throw new Error(`createCustomer: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function newContact(agent: Agent, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const n = Math.random().toString(36).slice(2, 8);
  const res = await agent
    .post('/api/contacts')
    .send({ name: `Contact ${n}`, email: `contact-${n}@example.test`, ...body });
  if (res.status !== 201) throw new Error(`createContact: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function newCompany(agent: Agent, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const n = Math.random().toString(36).slice(2, 8);
  const res = await agent.post('/api/companies').send({ name: `Company ${n}`, ...body });
  if (res.status !== 201) throw new Error(`createCompany: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function count(t: TestApp, table: string, organizationId: string): Promise<number> {
  const rows = await t.sql<{ n: string }>(`select count(*) as n from "${table}" where organization_id = $1`, [
    organizationId,
  ]);
  return Number(rows[0].n);
}
