/**
 * Proposed opportunities (issue 26, part 4; docs/sales.md "Proposals"): with aiSettings.opportunityMode `propose`,
 * a conversation that asks for equipment stores a proposal instead of an opportunity; a member lists it and
 * accepts it (the opportunity is made as create mode makes it, opportunity.created) or dismisses it, once.
 */
import { createTestApp, Registered, TestApp } from './support/test-app';
import { eventsOf } from './support/sales';
import { aiDeals } from './support/ai-deals';

let t: TestApp;
let deals: ReturnType<typeof aiDeals>;
beforeAll(async () => {
  t = await createTestApp();
  deals = aiDeals(t);
});
afterAll(() => t.close());

const ASK = 'Hi, we need two 26ft scissor lifts from December 7 to December 13 at the Elm Street site. Thanks, Dana';

async function proposingDesk(name: string) {
  const desk = await deals.rentalDesk(name);
  const res = await desk.org.agent
    .put('/api/settings/organization')
    .send({ aiSettings: { opportunityMode: 'propose' } });
  expect(res.status).toBe(200);
  expect(res.body.aiSettings.opportunityMode).toBe('propose');
  return desk;
}

const proposalsOf = async (org: Registered, query = '') =>
  (await org.agent.get(`/api/opportunity-proposals${query}`)).body.data as Record<string, any>[];

it('create is the default mode; an unknown mode is a 400', async () => {
  const org = await t.registerOrg('Proposal modes');
  expect((await org.agent.get('/api/settings/organization')).body.aiSettings.opportunityMode).toBe('create');
  const res = await org.agent.put('/api/settings/organization').send({ aiSettings: { opportunityMode: 'maybe' } });
  expect(res.status).toBe(400);
});

it('stores a proposal instead of an opportunity; accepting it makes the opportunity once', async () => {
  const { org, lift26, contact } = await proposingDesk('Proposals accept');
  const mail = await deals.inboundEmail(org, contact.email, 'Lifts', ASK, '2026-11-20T14:00:00Z');
  expect(await deals.opportunitiesOf(org, contact.id)).toEqual([]);
  expect(await eventsOf(t, org.organizationId, 'opportunity.created')).toEqual([]);

  const [proposal] = await proposalsOf(org);
  expect(proposal).toMatchObject({
    name: 'Scissor Lift 26ft for Dana Hendricks',
    contactId: contact.id,
    value: '1200.00',
    expectedCloseDate: '2026-12-07',
    lines: [{ itemId: lift26.id, description: 'Scissor Lift 26ft', quantity: 2, unitPrice: '600.00' }],
    evidence: 'Hi, we need two 26ft scissor lifts from December 7 to December 13 at the Elm Street site.',
    aiSource: 'email',
    aiSourceId: mail.activityId,
    status: 'pending',
    opportunityId: null,
  });
  expect((await org.agent.get(`/api/opportunity-proposals/${proposal.id}`)).body.id).toBe(proposal.id);

  const accepted = await org.agent.post(`/api/opportunity-proposals/${proposal.id}/accept`);
  expect(accepted.status).toBe(200);
  expect(accepted.body).toMatchObject({ status: 'accepted', decidedById: org.userId });
  const [opp] = await deals.opportunitiesOf(org, contact.id);
  expect(opp).toMatchObject({
    id: accepted.body.opportunityId,
    name: proposal.name,
    value: '1200.00',
    isAiGenerated: true,
    aiSource: 'email',
    aiSourceId: mail.activityId,
    expectedCloseDate: '2026-12-07',
  });
  expect(await eventsOf(t, org.organizationId, 'opportunity.created')).toEqual([
    expect.objectContaining({ id: opp.id, source: 'email', sourceId: mail.activityId }),
  ]);

  // Decided once: a second accept (or a dismiss) is a 409 and makes nothing more.
  expect((await org.agent.post(`/api/opportunity-proposals/${proposal.id}/accept`)).status).toBe(409);
  expect((await org.agent.post(`/api/opportunity-proposals/${proposal.id}/dismiss`)).status).toBe(409);
  expect(await deals.opportunitiesOf(org, contact.id)).toHaveLength(1);
  expect(await proposalsOf(org)).toEqual([]);
  expect((await proposalsOf(org, '?status=accepted')).map((p) => p.id)).toEqual([proposal.id]);
});

it('dismissing makes nothing; GraphQL lists and decides the same proposals', async () => {
  const { org, contact } = await proposingDesk('Proposals dismiss');
  await deals.inboundEmail(org, contact.email, 'Lifts', ASK, '2026-11-20T14:00:00Z');
  const listed = await t.gql<{ opportunityProposals: { data: { id: string; status: string }[] } }>(
    org.agent,
    '{ opportunityProposals { data { id status } } }',
  );
  const [proposal] = listed.data?.opportunityProposals.data ?? [];
  expect(proposal.status).toBe('pending');
  const dismissed = await t.gql<{ dismissOpportunityProposal: { status: string; opportunityId: string | null } }>(
    org.agent,
    'mutation($id: ID!) { dismissOpportunityProposal(id: $id) { status opportunityId } }',
    { id: proposal.id },
  );
  expect(dismissed.data?.dismissOpportunityProposal).toEqual({ status: 'dismissed', opportunityId: null });
  expect(await deals.opportunitiesOf(org, contact.id)).toEqual([]);
  expect(await proposalsOf(org, '?status=dismissed')).toHaveLength(1);
});

it("accepting updates the contact's open deal with the same items, as create mode does", async () => {
  const { org, lift26, contact } = await proposingDesk('Proposals update');
  const deal = await org.agent.post('/api/opportunities').send({
    name: 'Elm Street lifts',
    contactId: contact.id,
    lines: [{ itemId: lift26.id, quantity: 1, unitPrice: '600.00' }],
  });
  expect(deal.status).toBe(201);
  await deals.inboundEmail(org, contact.email, 'Lifts', ASK, '2026-11-20T14:00:00Z');
  const [proposal] = await proposalsOf(org);
  const accepted = await org.agent.post(`/api/opportunity-proposals/${proposal.id}/accept`);
  expect(accepted.body.opportunityId).toBe(deal.body.id);
  const updated = (await org.agent.get(`/api/opportunities/${deal.body.id}`)).body;
  expect(updated.lines.map((l: any) => [l.itemId, l.quantity])).toEqual([[lift26.id, 2]]);
  expect(await deals.opportunitiesOf(org, contact.id)).toHaveLength(1);
});

it("another organization's proposal is a 404 on every path", async () => {
  const { org, contact } = await proposingDesk('Proposals mine');
  const other = await t.registerOrg('Proposals other');
  await deals.inboundEmail(org, contact.email, 'Lifts', ASK, '2026-11-20T14:00:00Z');
  const [proposal] = await proposalsOf(org);
  expect((await other.agent.get(`/api/opportunity-proposals/${proposal.id}`)).status).toBe(404);
  expect((await other.agent.post(`/api/opportunity-proposals/${proposal.id}/accept`)).status).toBe(404);
  expect((await other.agent.post(`/api/opportunity-proposals/${proposal.id}/dismiss`)).status).toBe(404);
  expect(await proposalsOf(other)).toEqual([]);
  expect((await org.agent.get(`/api/opportunity-proposals/${proposal.id}`)).body.status).toBe('pending');
});
