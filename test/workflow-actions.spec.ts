import { createTestApp, type Registered, type TestApp } from './support/test-app';
import { newCustomer, newLead } from './support/crm';
import { newOpportunity } from './support/sales';
import { drainWorkflows } from './support/workflow-fixtures';

let t: TestApp;
let a: Registered;
let b: Registered;
let rep: Registered;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.registerOrg('Owner Rentals');
  b = await t.registerOrg('Elsewhere Rentals');
  rep = await t.addMember(a.organizationId, 'user');
});
afterAll(() => t.close());

async function newWorkflow(org: Registered, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await org.agent.post('/api/workflows').send({ name: 'Record actions', active: true, ...body });
  if (res.status !== 201) throw new Error(`createWorkflow: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function lastRun(org: Registered, id: string): Promise<Record<string, any>> {
  const res = await org.agent.get(`/api/workflows/${id}/runs`).expect(200);
  return res.body.data[0];
}

const off = (id: string) => a.agent.put(`/api/workflows/${id}`).send({ active: false }).expect(200);

describe('assign_owner and update_field: definitions', () => {
  it('checks the record against the trigger, the field against the allow-list and the value against its type', async () => {
    const res = await a.agent.post('/api/workflows').send({
      name: 'Bad',
      trigger: { event: 'task.completed' },
      actions: [
        { type: 'assign_owner', record: 'opportunity', owner: { rule: 'user', userId: a.userId } },
        { type: 'assign_owner', record: 'invoice', owner: { rule: 'user', userId: a.userId } },
        { type: 'update_field', record: 'lead', field: 'score', value: 7 },
        { type: 'update_field', record: 'lead', field: 'status', value: 'converted', extra: 1 },
      ],
    });
    expect(res.status).toBe(400);
    const fields = res.body.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(
      [
        'actions[0].record',
        'actions[1].record',
        'actions[2].field',
        'actions[2].record',
        'actions[3].extra',
        'actions[3].record',
        'actions[3].value',
      ].sort(),
    );
    const wrongType = await a.agent.post('/api/workflows').send({
      name: 'Bad value',
      trigger: { event: 'opportunity.created' },
      actions: [
        { type: 'update_field', record: 'opportunity', field: 'probability', value: '50' },
        { type: 'update_field', record: 'opportunity', field: 'expectedCloseDate', value: 'soon' },
      ],
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.details.map((d: { field: string }) => d.field)).toEqual([
      'actions[0].value',
      'actions[1].value',
    ]);
  });

  it("cannot name another organization's user as the owner (the same answer as an unknown one)", async () => {
    const res = await a.agent.post('/api/workflows').send({
      name: 'Foreign owner',
      trigger: { event: 'lead.created' },
      actions: [
        { type: 'assign_owner', record: 'lead', owner: { rule: 'round_robin', userIds: [rep.userId, b.userId] } },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { field: 'actions[0].owner.userIds[1]', message: 'not a member of your organization' },
    ]);
  });
});

describe('assign_owner and update_field: runs', () => {
  it('a new lead is assigned round-robin and qualified, once, through the lead service; the run shows each step', async () => {
    const w = await newWorkflow(a, {
      trigger: { event: 'lead.created' },
      actions: [
        { type: 'assign_owner', record: 'lead', owner: { rule: 'round_robin', userIds: [rep.userId, a.userId] } },
        { type: 'update_field', record: 'lead', field: 'status', value: 'contacted' },
      ],
    });
    const first = await newLead(a.agent);
    const second = await newLead(a.agent);
    await drainWorkflows(t);
    await drainWorkflows(t);
    const leads = await Promise.all([first, second].map((l) => a.agent.get(`/api/leads/${l.id}`).expect(200)));
    expect(leads.map((l) => [l.body.ownerId, l.body.status]).sort()).toEqual(
      [
        [rep.userId, 'contacted'],
        [a.userId, 'contacted'],
      ].sort(),
    );
    const run = await lastRun(a, w.id);
    expect(run.steps.map((s: { type: string; outcome: string }) => [s.type, s.outcome])).toEqual([
      ['conditions', 'met'],
      ['assign_owner', 'done'],
      ['update_field', 'done'],
    ]);
    expect(run.steps[2].input).toMatchObject({ record: 'lead', status: 'contacted' });
    const audit = await t.sql<{ actor_email: string; action: string }>(
      `select actor_email, action from audit_entries where record_id = $1`,
      [run.id],
    );
    expect(audit).toEqual([
      { actor_email: 'system:workflows', action: `workflow "${w.name}" v1: assign_owner, update_field` },
    ]);
    await off(w.id);
  });

  it("an opportunity gets an owner and a probability, its contact the deal's owner (owner rule); a refused move fails the run, nothing written", async () => {
    const w = await newWorkflow(a, {
      trigger: { event: 'opportunity.created' },
      actions: [
        { type: 'assign_owner', record: 'opportunity', owner: { rule: 'user', userId: rep.userId } },
        { type: 'update_field', record: 'opportunity', field: 'probability', value: 35 },
        { type: 'assign_owner', record: 'contact', owner: { rule: 'owner' } },
      ],
    });
    const opp = await newOpportunity(a.agent);
    await drainWorkflows(t);
    const after = await a.agent.get(`/api/opportunities/${opp.id}`).expect(200);
    expect(after.body).toMatchObject({ ownerId: rep.userId, probability: 35 });
    const contact = await a.agent.get(`/api/contacts/${opp.contactId}`).expect(200);
    expect(contact.body.ownerId).toBe(rep.userId);
    await off(w.id);

    const refused = await newWorkflow(a, {
      trigger: { event: 'lead.created' },
      actions: [
        { type: 'assign_owner', record: 'lead', owner: { rule: 'user', userId: rep.userId } },
        { type: 'update_field', record: 'lead', field: 'status', value: 'negotiation' },
      ],
    });
    const lead = await newLead(a.agent);
    await drainWorkflows(t, true);
    const run = await lastRun(a, refused.id);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/cannot move from new to negotiation/);
    const still = await a.agent.get(`/api/leads/${lead.id}`).expect(200);
    expect(still.body).toMatchObject({ ownerId: null, status: 'new' });
    await off(refused.id);
  });

  it("test plans without writing; a record of another organization in the test's data is not touched", async () => {
    const w = await newWorkflow(a, {
      active: false,
      trigger: { event: 'lead.converted' },
      actions: [{ type: 'assign_owner', record: 'customer', owner: { rule: 'user', userId: rep.userId } }],
    });
    const customer = await newCustomer(a.agent);
    const res = await a.agent
      .post(`/api/workflows/${w.id}/test`)
      .send({ data: { customerId: customer.id } })
      .expect(200);
    expect(res.body.steps[1]).toMatchObject({
      type: 'assign_owner',
      outcome: 'planned',
      input: { record: 'customer', recordId: customer.id, ownerId: rep.userId },
    });
    const unchanged = await a.agent.get(`/api/customers/${customer.id}`).expect(200);
    expect(unchanged.body.ownerId).not.toBe(rep.userId);
    const theirs = await newCustomer(b.agent);
    const foreign = await a.agent
      .post(`/api/workflows/${w.id}/test`)
      .send({ data: { customerId: theirs.id } })
      .expect(200);
    expect(foreign.body.steps[1]).toMatchObject({ type: 'assign_owner', outcome: 'failed' });
    expect(foreign.body.steps[1].error).toMatch(/names no customer of the organization/);
  });
});

describe('branch', () => {
  const vip = { all: [{ field: 'email', op: 'contains', value: 'vip' }] };

  it('checks its if against the trigger, its actions as any others (paths into then and else), and its depth', async () => {
    const nest = (depth: number): Record<string, unknown> =>
      depth === 0
        ? { type: 'update_field', record: 'lead', field: 'status', value: 'qualified' }
        : { type: 'branch', if: vip, then: [nest(depth - 1)] };
    const res = await a.agent.post('/api/workflows').send({
      name: 'Bad branch',
      trigger: { event: 'lead.created' },
      actions: [
        {
          type: 'branch',
          if: { all: [{ field: 'nope', op: 'equals', value: 1 }] },
          then: [{ type: 'update_field', record: 'lead', field: 'status', value: 'won' }],
          else: [{ type: 'assign_owner', record: 'lead', owner: { rule: 'user', userId: b.userId } }],
          otherwise: [],
        },
        nest(4),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual(
      [
        'actions[0].otherwise',
        'actions[0].if.all[0].field',
        'actions[0].then[0].value',
        'actions[1].then[0].then[0].then[0]',
      ].sort(),
    );
    const foreign = await a.agent.post('/api/workflows').send({
      name: 'Foreign in a branch',
      trigger: { event: 'lead.created' },
      actions: [
        {
          type: 'branch',
          if: vip,
          then: [{ type: 'assign_owner', record: 'lead', owner: { rule: 'user', userId: b.userId } }],
        },
      ],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toEqual([
      { field: 'actions[0].then[0].owner.userId', message: 'not a member of your organization' },
    ]);
    await newWorkflow(a, { active: false, trigger: { event: 'lead.created' }, actions: [nest(3)] });
  });

  it('takes then or else on the record, records each step with its path, and test shows the side it would take', async () => {
    const w = await newWorkflow(a, {
      trigger: { event: 'lead.created' },
      actions: [
        {
          type: 'branch',
          if: vip,
          then: [{ type: 'update_field', record: 'lead', field: 'status', value: 'qualified' }],
          else: [{ type: 'assign_owner', record: 'lead', owner: { rule: 'user', userId: rep.userId } }],
        },
      ],
    });
    const big = await newLead(a.agent, { email: `vip-${Date.now()}@example.test` });
    const small = await newLead(a.agent);
    await drainWorkflows(t);
    const [vipLead, plain] = await Promise.all([big, small].map((l) => a.agent.get(`/api/leads/${l.id}`).expect(200)));
    expect([vipLead.body.status, vipLead.body.ownerId]).toEqual(['qualified', null]);
    expect([plain.body.status, plain.body.ownerId]).toEqual(['new', rep.userId]);
    const runs = (await a.agent.get(`/api/workflows/${w.id}/runs`).expect(200)).body.data;
    const shapes = runs.map((r: { steps: { type: string; path: string | null; outcome: string }[] }) =>
      r.steps.map((s) => [s.type, s.path ?? null, s.outcome]),
    );
    expect(shapes).toContainEqual([
      ['conditions', null, 'met'],
      ['branch', 'actions[0]', 'met'],
      ['update_field', 'actions[0].then[0]', 'done'],
    ]);
    expect(shapes).toContainEqual([
      ['conditions', null, 'met'],
      ['branch', 'actions[0]', 'not_met'],
      ['assign_owner', 'actions[0].else[0]', 'done'],
    ]);
    await off(w.id);
    const other = await newLead(a.agent, { email: `vip-other-${Date.now()}@example.test` });
    const test = await a.agent
      .post(`/api/workflows/${w.id}/test`)
      .send({ data: { id: other.id, email: 'vip@example.test' } })
      .expect(200);
    expect(test.body.steps.map((s: { type: string; outcome: string }) => [s.type, s.outcome])).toEqual([
      ['conditions', 'met'],
      ['branch', 'met'],
      ['update_field', 'planned'],
    ]);
    const simulated = await a.agent.post(`/api/workflows/${w.id}/simulate`).send({}).expect(200);
    expect(simulated.body.actions).toMatchObject({ branch: simulated.body.runs });
    expect(simulated.body.actions.update_field + simulated.body.actions.assign_owner).toBe(simulated.body.runs);
    expect((await a.agent.get(`/api/leads/${other.id}`).expect(200)).body.status).toBe('new');
  });
});

describe('log_activity', () => {
  it('needs a trigger that names a contact and merge fields of its record', async () => {
    const res = await a.agent.post('/api/workflows').send({
      name: 'Bad note',
      trigger: { schedule: { atHour: 8 } },
      actions: [{ type: 'log_activity', subject: 'Daily {{nope}}', author: 'me' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { field: string }) => d.field).sort()).toEqual(
      ['actions[0]', 'actions[0].author', 'actions[0].subject'].sort(),
    );
  });

  it("writes a note on the trigger's contact timeline as the workflow (once), linked to the deal; test plans it", async () => {
    const w = await newWorkflow(a, {
      trigger: { event: 'opportunity.created' },
      actions: [{ type: 'log_activity', subject: 'New deal {{name}}', body: 'Worth {{value}}' }],
    });
    const opp = await newOpportunity(a.agent, { value: '1200' });
    await drainWorkflows(t);
    await drainWorkflows(t);
    const run = await lastRun(a, w.id);
    expect(run.steps[1]).toMatchObject({ type: 'log_activity', outcome: 'done', path: 'actions[0]' });
    const notes = await a.agent.get(`/api/activities?contactId=${opp.contactId}`).expect(200);
    expect(notes.body.data).toHaveLength(1);
    expect(notes.body.data[0]).toMatchObject({
      id: run.steps[1].output.activityId,
      type: 'note',
      source: 'workflow',
      subject: `New deal ${opp.name}`,
      opportunityId: opp.id,
      authorId: null,
    });
    const timeline = await a.agent.get(`/api/contacts/${opp.contactId}/timeline`).expect(200);
    expect(timeline.body.data.map((e: { title: string }) => e.title)).toContain(`New deal ${opp.name}`);
    await off(w.id);

    const lead = await newLead(a.agent);
    const onLead = await newWorkflow(a, {
      active: false,
      trigger: { event: 'lead.created' },
      actions: [{ type: 'log_activity', subject: 'Lead {{leadName}} arrived' }],
    });
    const planned = await a.agent
      .post(`/api/workflows/${onLead.id}/test`)
      .send({ data: { id: lead.id } })
      .expect(200);
    expect(planned.body.steps[1]).toMatchObject({ type: 'log_activity', outcome: 'planned' });
    const [{ contact_id: contactId }] = await t.sql<{ contact_id: string }>(
      'select contact_id from leads where id = $1',
      [lead.id],
    );
    expect(planned.body.steps[1].input.contactId).toBe(contactId);
    const none = await a.agent.get(`/api/activities?contactId=${contactId}`).expect(200);
    expect(none.body.data).toEqual([]);
    const theirs = await newLead(b.agent);
    const foreign = await a.agent
      .post(`/api/workflows/${onLead.id}/test`)
      .send({ data: { id: theirs.id } })
      .expect(200);
    expect(foreign.body.steps[1]).toMatchObject({ type: 'log_activity', outcome: 'failed' });
  });
});
