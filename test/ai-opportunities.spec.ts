/**
 * Opportunities from conversations (issue 26, part 4; docs/sales.md): an inbound email, an activity or a voice memo
 * that asks for catalog items makes one AI opportunity on its contact, priced by the quote engine, with the
 * sentences as evidence; a later conversation about the same items updates it; features.aiOpportunities off: nothing.
 */
import { createTestApp, TestApp } from './support/test-app';
import { eventsOf } from './support/sales';
import { aiDeals } from './support/ai-deals';

let t: TestApp;
let item: ReturnType<typeof aiDeals>['item'];
let rentalDesk: ReturnType<typeof aiDeals>['rentalDesk'];
let inboundEmail: ReturnType<typeof aiDeals>['inboundEmail'];
let opportunitiesOf: ReturnType<typeof aiDeals>['opportunitiesOf'];
beforeAll(async () => {
  t = await createTestApp();
  ({ item, rentalDesk, inboundEmail, opportunitiesOf } = aiDeals(t));
});
afterAll(() => t.close());

describe('an inbound email that asks for equipment', () => {
  it('creates the opportunity with lines, quote-engine value, close date and evidence; emits opportunity.created with its source; a second conversation updates it', async () => {
    const { org, lift26, excavator, contact } = await rentalDesk('AI deals');
    const mail = await inboundEmail(
      org,
      contact.email,
      'Lifts for the Elm Street job',
      'Hi, we need two 26ft scissor lifts from December 7 to December 13 at the Elm Street site. Thanks, Dana',
      '2026-11-20T14:00:00Z',
    );
    const [opp] = await opportunitiesOf(org, contact.id);
    expect(opp).toMatchObject({
      contactId: contact.id,
      isAiGenerated: true,
      aiSource: 'email',
      aiSourceId: mail.activityId,
      expectedCloseDate: '2026-12-07',
      // 7 days of a 26 ft lift: one week at 600.00 beats 7 x 150.00; two lifts.
      value: '1200.00',
      aiEvidence: 'Hi, we need two 26ft scissor lifts from December 7 to December 13 at the Elm Street site.',
    });
    const full = (await org.agent.get(`/api/opportunities/${opp.id}`)).body;
    expect(full.lines).toEqual([
      expect.objectContaining({ itemId: lift26.id, quantity: 2, unitPrice: '600.00', amount: '1200.00' }),
    ]);
    expect(await eventsOf(t, org.organizationId, 'opportunity.created')).toEqual([
      expect.objectContaining({ id: opp.id, isAiGenerated: true, source: 'email', sourceId: mail.activityId }),
    ]);

    // A call logged on the same contact about the same lifts (and one more item) updates the deal.
    const call = await org.agent.post('/api/activities').send({
      contactId: contact.id,
      type: 'call',
      direction: 'inbound',
      occurredAt: '2026-11-23T10:00:00Z',
      body: 'Dana called: make it three 26ft scissor lifts, and can we also get a mini excavator for the same week?',
    });
    expect(call.status).toBe(201);
    const after = await opportunitiesOf(org, contact.id);
    expect(after).toHaveLength(1);
    const updated = (await org.agent.get(`/api/opportunities/${opp.id}`)).body;
    expect(updated.lines.map((l: any) => [l.itemId, l.quantity])).toEqual([
      [lift26.id, 3],
      [excavator.id, 1],
    ]);
    expect(updated).toMatchObject({ aiSource: 'call', aiSourceId: call.body.id, value: '3900.00' });
    expect(updated.aiEvidence).toContain('make it three 26ft scissor lifts');
    expect(await eventsOf(t, org.organizationId, 'opportunity.created')).toHaveLength(1);
  });

  it('a text that does not ask (a breakdown, a return) makes no opportunity', async () => {
    const { org, contact } = await rentalDesk('AI no deal');
    await inboundEmail(
      org,
      contact.email,
      'Lift problem',
      'The 19ft scissor lift we have on site is broken again. We will return the mini excavator on Friday.',
      '2026-11-20T14:00:00Z',
    );
    expect(await opportunitiesOf(org, contact.id)).toEqual([]);
  });

  it('features.aiOpportunities off: nothing is made', async () => {
    const { org, contact } = await rentalDesk('AI deals off');
    const off = await org.agent.put('/api/settings/organization').send({ features: { aiOpportunities: false } });
    expect(off.status).toBe(200);
    expect(off.body.features.aiOpportunities).toBe(false);
    const memo = await org.agent
      .post('/api/voice-memos')
      .send({ contactId: contact.id, transcript: 'Dana needs a mini excavator next Monday for a week.' });
    expect(memo.status).toBe(201);
    expect(await opportunitiesOf(org, contact.id)).toEqual([]);
    expect(await eventsOf(t, org.organizationId, 'opportunity.created')).toEqual([]);
  });

  it('a voice memo makes one; another organization’s catalog is never matched', async () => {
    const mine = await rentalDesk('AI memo');
    const other = await t.registerOrg('AI other catalog');
    await item(other, { name: 'Telehandler', itemNumber: `TH-${other.organizationId.slice(-8)}`, dailyRate: '500.00' });
    const memo = await mine.org.agent.post('/api/voice-memos').send({
      contactId: mine.contact.id,
      recordedAt: '2026-11-20T09:00:00Z',
      transcript: 'Dana needs a mini excavator and a telehandler next Monday for two days.',
    });
    expect(memo.status).toBe(201);
    const [opp] = await opportunitiesOf(mine.org, mine.contact.id);
    expect(opp).toMatchObject({ aiSource: 'voice_memo', aiSourceId: memo.body.id, value: '600.00' });
    const full = (await mine.org.agent.get(`/api/opportunities/${opp.id}`)).body;
    expect(full.lines.map((l: any) => l.itemId)).toEqual([mine.excavator.id]);
  });
});
