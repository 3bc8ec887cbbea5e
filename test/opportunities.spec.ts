import { clock } from '../src/lib/clock';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { count, newCompany, newContact, newCustomer } from './support/crm';
import { eventsOf, moveStage, newItem, newOpportunity, stageByName } from './support/sales';

let t: TestApp;
let org: Registered;
let member: Registered;
let other: Registered;
let stages: Record<string, Record<string, any>>;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Opps');
  member = await t.addMember(org.organizationId, 'user');
  other = await t.registerOrg('Other');
  stages = await stageByName(org.agent);
});
afterAll(() => t.close());
afterEach(() => clock.reset());

describe('POST /api/opportunities', () => {
  it('creates a deal with lines; the value defaults to their exact sum; emits opportunity.created', async () => {
    const company = await newCompany(org.agent);
    const contact = await newContact(org.agent, { companyId: company.id });
    const item = await newItem(org.agent);
    const res = await member.agent.post('/api/opportunities').send({
      name: 'Tower crane',
      contactId: contact.id,
      expectedCloseDate: '2026-09-30',
      lines: [
        { itemId: item.id, quantity: 3, unitPrice: '0.10' },
        { description: 'Delivery', quantity: 1, unitPrice: '0.20' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Tower crane',
      contactId: contact.id,
      customerId: null,
      companyId: company.id,
      ownerId: member.userId,
      createdById: member.userId,
      stageId: stages.Prospecting.id,
      value: '0.50',
      probability: 10,
      expectedCloseDate: '2026-09-30',
      status: 'open',
      isAiGenerated: false,
      transactionId: null,
    });
    expect(res.body.lines).toEqual([
      {
        id: expect.any(String),
        position: 0,
        itemId: item.id,
        description: item.name,
        quantity: 3,
        unitPrice: '0.10',
        amount: '0.30',
      },
      {
        id: expect.any(String),
        position: 1,
        itemId: null,
        description: 'Delivery',
        quantity: 1,
        unitPrice: '0.20',
        amount: '0.20',
      },
    ]);
    expect(await eventsOf(t, org.organizationId, 'opportunity.created')).toContainEqual({
      id: res.body.id,
      name: 'Tower crane',
      contactId: contact.id,
      customerId: null,
      stageId: stages.Prospecting.id,
      stage: 'Prospecting',
      value: '0.50',
      probability: 10,
      expectedCloseDate: '2026-09-30',
      ownerId: member.userId,
      createdBy: member.userId,
      isAiGenerated: false,
      source: 'manual',
      sourceId: null,
    });
    const history = (await org.agent.get(`/api/opportunities/${res.body.id}/history`)).body;
    expect(history).toEqual([
      expect.objectContaining({
        fromStageId: null,
        fromStageName: null,
        toStageId: stages.Prospecting.id,
        changedById: member.userId,
        secondsInPreviousStage: null,
      }),
    ]);
  });

  it('takes a customer alone (its contact becomes the deal’s), an explicit stage, value and probability', async () => {
    const customer = await newCustomer(org.agent);
    const opp = await newOpportunity(org.agent, {
      customerId: customer.id,
      stageId: stages.Proposal.id,
      value: '12500.5',
      probability: 65,
      ownerId: member.userId,
    });
    expect(opp).toMatchObject({
      customerId: customer.id,
      contactId: customer.contactId,
      stageId: stages.Proposal.id,
      value: '12500.50',
      probability: 65,
      ownerId: member.userId,
    });
  });

  it('names every invalid field and writes nothing', async () => {
    const before = await count(t, 'opportunities', org.organizationId);
    const none = await org.agent.post('/api/opportunities').send({ name: 'No one' });
    expect(none.status).toBe(400);
    expect(none.body.details).toEqual([{ field: 'contactId', message: 'contactId or customerId is required' }]);
    const contact = await newContact(org.agent);
    const bad = await org.agent.post('/api/opportunities').send({
      name: '',
      contactId: contact.id,
      value: '12.345',
      probability: 101,
      expectedCloseDate: 'soon',
      lines: [{ quantity: 0, unitPrice: '-1' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'expectedCloseDate',
      'lines.0.quantity',
      'lines.0.unitPrice',
      'name',
      'probability',
      'value',
    ]);
    const noText = await org.agent
      .post('/api/opportunities')
      .send({ name: 'x', contactId: contact.id, lines: [{ quantity: 1, unitPrice: '1.00' }] });
    expect(noText.body.details).toEqual([{ field: 'lines.0.description', message: expect.any(String) }]);
    const won = await org.agent
      .post('/api/opportunities')
      .send({ name: 'x', contactId: contact.id, stageId: stages.Won.id });
    expect(won.status).toBe(400);
    expect(await count(t, 'opportunities', org.organizationId)).toBe(before);
  });

  it('refuses every reference to another organization as not found', async () => {
    const contact = await newContact(org.agent);
    const foreign: Record<string, string> = {
      contactId: (await newContact(other.agent)).id,
      customerId: (await newCustomer(other.agent)).id,
      companyId: (await newCompany(other.agent)).id,
      ownerId: other.userId,
      stageId: (await stageByName(other.agent)).Qualified.id,
    };
    const before = await count(t, 'opportunities', org.organizationId);
    for (const [field, id] of Object.entries(foreign)) {
      const res = await org.agent.post('/api/opportunities').send({ name: 'x', contactId: contact.id, [field]: id });
      expect([field, res.status]).toEqual([field, 404]);
    }
    const item = await newItem(other.agent);
    const line = await org.agent
      .post('/api/opportunities')
      .send({ name: 'x', contactId: contact.id, lines: [{ itemId: item.id, quantity: 1, unitPrice: '1.00' }] });
    expect(line.status).toBe(404);
    expect(line.body.details).toEqual([{ field: 'lines.0.itemId', message: 'not found' }]);
    expect(await count(t, 'opportunities', org.organizationId)).toBe(before);
    const mine = await newOpportunity(org.agent);
    for (const res of [
      await other.agent.get(`/api/opportunities/${mine.id}`),
      await other.agent.put(`/api/opportunities/${mine.id}`).send({ name: 'x' }),
      await other.agent.post(`/api/opportunities/${mine.id}/move-stage`).send({ stageId: stages.Qualified.id }),
      await other.agent.get(`/api/opportunities/${mine.id}/history`),
      await other.agent.delete(`/api/opportunities/${mine.id}`),
    ])
      expect(res.status).toBe(404);
  });

  it('updates fields and replaces lines; stage is not editable here', async () => {
    const opp = await newOpportunity(org.agent, { lines: [{ description: 'A', quantity: 1, unitPrice: '5.00' }] });
    const res = await org.agent.put(`/api/opportunities/${opp.id}`).send({
      name: 'Renamed',
      value: '99.99',
      probability: 33,
      expectedCloseDate: null,
      lines: [{ description: 'B', quantity: 2, unitPrice: '7.25' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renamed', value: '99.99', probability: 33, expectedCloseDate: null });
    expect(res.body.lines.map((l: Record<string, unknown>) => [l.description, l.amount])).toEqual([['B', '14.50']]);
    expect((await org.agent.put(`/api/opportunities/${opp.id}`).send({ stageId: stages.Won.id })).status).toBe(400);
  });
});

describe('GET /api/opportunities', () => {
  let lister: Registered;
  let s: Record<string, Record<string, any>>;
  beforeAll(async () => {
    lister = await t.registerOrg('Lister');
    s = await stageByName(lister.agent);
    const mate = await t.addMember(lister.organizationId, 'user');
    await newOpportunity(lister.agent, { name: 'Alpha', expectedCloseDate: '2026-08-15', value: '100.00' });
    await newOpportunity(lister.agent, {
      name: 'Bravo',
      expectedCloseDate: '2026-07-01',
      stageId: s.Negotiation.id,
      ownerId: mate.userId,
    });
    await newOpportunity(lister.agent, {
      name: 'Charlie',
      expectedCloseDate: '2026-09-30',
      stageId: s.Proposal.id,
      probability: 60,
    });
    const lost = await newOpportunity(lister.agent, { name: 'Delta', expectedCloseDate: '2026-08-01' });
    await moveStage(lister.agent, lost.id, { stageId: s.Lost.id, lostReason: 'Budget cut' });
  });
  const list = async (query: string) => {
    const res = await lister.agent.get(`/api/opportunities?${query}`);
    expect(res.status).toBe(200);
    return res.body.data.map((d: { name: string }) => d.name);
  };

  it('hides lost (archived) deals by default and shows them with status=lost', async () => {
    expect((await list('sortBy=name')).sort()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const lost = await lister.agent.get('/api/opportunities?status=lost');
    expect(lost.body.data).toEqual([
      expect.objectContaining({ name: 'Delta', status: 'lost', lostReason: 'Budget cut', probability: 0 }),
    ]);
    expect(lost.body.data[0].archivedAt).toBeTruthy();
  });

  it('filters by stageId, probability (minimum), ownerId and the expected close date range; sorts by expectedCloseDate', async () => {
    expect(await list(`stageId=${s.Negotiation.id}`)).toEqual(['Bravo']);
    expect(await list('probability=60&sortBy=probability&sortOrder=desc')).toEqual(['Bravo', 'Charlie']);
    expect(await list('probability=11&sortBy=name')).toEqual(['Bravo', 'Charlie']);
    expect(await list('sortBy=expectedCloseDate&sortOrder=asc')).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(await list('sortBy=expectedCloseDate&sortOrder=desc')).toEqual(['Charlie', 'Alpha', 'Bravo']);
    expect(await list('startDate=2026-07-02&endDate=2026-09-30&sortBy=name')).toEqual(['Alpha', 'Charlie']);
    expect(await list(`ownerId=${lister.userId}&sortBy=name`)).toEqual(['Alpha', 'Charlie']);
    expect(await list('search=char')).toEqual(['Charlie']);
    expect((await lister.agent.get('/api/opportunities?probability=101')).status).toBe(400);
    expect((await lister.agent.get('/api/opportunities?sortBy=lostReason')).status).toBe(400);
  });
});

describe('GraphQL', () => {
  it('serves the same opportunities with their stage, lines, owner and history, enums as lowercase wire values', async () => {
    const opp = await newOpportunity(org.agent, {
      name: 'Via GraphQL',
      lines: [{ description: 'Survey', quantity: 2, unitPrice: '12.50' }],
    });
    const res = await t.gql<{ opportunity: any }>(
      member.agent,
      `query($id: ID!) { opportunity(id: $id) { name status value stage { name isWon } lines { description amount } owner { id } } opportunityStageHistory(id: $id) { toStageName } }`,
      { id: opp.id },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.opportunity).toEqual({
      name: 'Via GraphQL',
      status: 'open',
      value: '25.00',
      stage: { name: 'Prospecting', isWon: false },
      lines: [{ description: 'Survey', amount: '25.00' }],
      owner: { id: org.userId },
    });
    const move = await t.gql(
      member.agent,
      `mutation($id: ID!, $s: ID!) { moveOpportunityStage(id: $id, input: { stageId: $s, lostReason: "No" }) { status lostReason } }`,
      { id: opp.id, s: stages.Lost.id },
    );
    expect(move).toEqual({ data: { moveOpportunityStage: { status: 'lost', lostReason: 'No' } } });
  });
});
