import type { Agent, Registered, TestApp } from './test-app';
import { newContact, newCustomer } from './crm';

/** Small factories over the REST API for the sales tests (each asserts its own success). */
export async function stagesOf(agent: Agent): Promise<Record<string, any>[]> {
  const res = await agent.get('/api/pipelines');
  if (res.status !== 200) throw new Error(`pipelines: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.find((p: { isDefault: boolean }) => p.isDefault).stages;
}

/** The default pipeline's stages by name: Prospecting, Qualified, Proposal, Negotiation, Won, Lost. */
export async function stageByName(agent: Agent): Promise<Record<string, Record<string, any>>> {
  return Object.fromEntries((await stagesOf(agent)).map((s) => [s.name, s]));
}

export async function newOpportunity(agent: Agent, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const n = Math.random().toString(36).slice(2, 8);
  const contactId = body.contactId ?? (body.customerId ? undefined : (await newContact(agent)).id);
  const res = await agent
    .post('/api/opportunities')
    .send({ name: `Deal ${n}`, ...(contactId ? { contactId } : {}), ...body });
  if (res.status !== 201) throw new Error(`createOpportunity: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function moveStage(agent: Agent, id: string, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await agent.post(`/api/opportunities/${id}/move-stage`).send(body);
  if (res.status !== 200) throw new Error(`move-stage: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function newItem(agent: Agent, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const n = Math.random().toString(36).slice(2, 8);
  const res = await agent
    .post('/api/inventory')
    .send({ name: `Lift ${n}`, itemNumber: `L-${n}`, dailyRate: '100.00', quantityOwned: 2, ...body });
  if (res.status !== 201) throw new Error(`inventory: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function eventsOf(t: TestApp, organizationId: string, kind: string): Promise<Record<string, any>[]> {
  const rows = await t.sql<{ payload: any }>(
    'select payload from outbox_events where organization_id = $1 and event = $2 order by created_at, id',
    [organizationId, kind],
  );
  return rows.map((r) => r.payload.data);
}

/** The sales records of an organization, made through the API: a deal won into a rental order, a lost one, a stage, a task. */
export async function populateSales(_t: TestApp, org: Registered): Promise<void> {
  const stages = await stageByName(org.agent);
  const customer = await newCustomer(org.agent, { ownerId: org.userId });
  const item = await newItem(org.agent);
  const won = await newOpportunity(org.agent, {
    customerId: customer.id,
    value: '900.00',
    lines: [{ itemId: item.id, quantity: 1, unitPrice: '900.00' }],
  });
  await moveStage(org.agent, won.id, { stageId: stages.Won.id, pickupDate: '2026-08-03', returnDate: '2026-08-05' });
  const lost = await newOpportunity(org.agent, { expectedCloseDate: '2026-09-30' });
  await moveStage(org.agent, lost.id, { stageId: stages.Lost.id, lostReason: 'Went with a competitor' });
  const open = await newOpportunity(org.agent, {
    customerId: customer.id,
    lines: [{ description: 'Site survey', quantity: 1, unitPrice: '150.00' }],
  });
  const stage = await org.agent
    .post(`/api/pipelines/${stages.Won.pipelineId}/stages`)
    .send({ name: 'Site visit', probability: 40, stagnantDays: 3 });
  if (stage.status !== 201) throw new Error(`stage: ${stage.status} ${JSON.stringify(stage.body)}`);
  await org.agent.put('/api/settings/sales').send({ stagnantDays: 10 });
  const task = await org.agent.post('/api/tasks').send({
    title: 'Send the quote',
    opportunityId: open.id,
    customerId: customer.id,
    contactId: open.contactId,
    priority: 'high',
    dueDate: '2026-07-01',
  });
  if (task.status !== 201) throw new Error(`task: ${task.status} ${JSON.stringify(task.body)}`);
  const done = await org.agent.post('/api/tasks').send({ title: 'Done already' });
  await org.agent.post(`/api/tasks/${done.body.id}/complete`);
  await populateProposal(org, customer.contactId);
}

/** A pending opportunity proposal: propose mode on for one call that asks for a catalog item, then create again. */
async function populateProposal(org: Registered, contactId: string): Promise<void> {
  const mode = (opportunityMode: string) =>
    org.agent.put('/api/settings/organization').send({ aiSettings: { opportunityMode } }).expect(200);
  await mode('propose');
  await newItem(org.agent, { name: 'Trench Roller' });
  const call = await org.agent.post('/api/activities').send({
    contactId,
    type: 'call',
    direction: 'inbound',
    occurredAt: '2026-11-23T10:00:00Z',
    body: 'We need two trench rollers for the pipeline job next week.',
  });
  if (call.status !== 201) throw new Error(`activity: ${call.status} ${JSON.stringify(call.body)}`);
  await mode('create');
  const proposals = await org.agent.get('/api/opportunity-proposals').expect(200);
  if (!proposals.body.data.length) throw new Error('populateProposal: the call made no proposal');
}
