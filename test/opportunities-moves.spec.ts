import { clock } from '../src/lib/clock';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { count, newContact, newCustomer } from './support/crm';
import { eventsOf, moveStage, newItem, newOpportunity, stageByName } from './support/sales';

let t: TestApp;
let org: Registered;
let stages: Record<string, Record<string, any>>;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Moves');
  stages = await stageByName(org.agent);
});
afterAll(() => t.close());
afterEach(() => clock.reset());

const HOUR = 3_600_000;

describe('POST /api/opportunities/:id/move-stage', () => {
  it('records from, to, who, when and the time spent in the previous stage; emits opportunity.stage_changed', async () => {
    const opp = await newOpportunity(org.agent, { value: '1000.00' });
    clock.advance(5 * HOUR);
    const moved = await moveStage(org.agent, opp.id, { stageId: stages.Qualified.id });
    expect(moved).toMatchObject({ stageId: stages.Qualified.id, probability: 25, status: 'open' });
    clock.advance(2 * HOUR);
    const again = await moveStage(org.agent, opp.id, { stageId: stages.Proposal.id, probability: 55 });
    expect(again.probability).toBe(55);

    const history = (await org.agent.get(`/api/opportunities/${opp.id}/history`)).body;
    expect(history.map((h: Record<string, unknown>) => [h.fromStageName, h.toStageName, h.changedById])).toEqual([
      [null, 'Prospecting', org.userId],
      ['Prospecting', 'Qualified', org.userId],
      ['Qualified', 'Proposal', org.userId],
    ]);
    // the clock moved 5 h and 2 h (plus the few real milliseconds the requests took)
    const spent = history.map((h: { secondsInPreviousStage: number | null }) => h.secondsInPreviousStage);
    expect(spent[0]).toBeNull();
    expect(Math.round(spent[1] / 60)).toBe(5 * 60);
    expect(Math.round(spent[2] / 60)).toBe(2 * 60);
    const events = (await eventsOf(t, org.organizationId, 'opportunity.stage_changed')).filter((e) => e.id === opp.id);
    expect(events).toEqual([
      {
        id: opp.id,
        previousStageId: stages.Prospecting.id,
        previousStage: 'Prospecting',
        stageId: stages.Qualified.id,
        stage: 'Qualified',
        probability: 25,
        value: '1000.00',
        changedBy: org.userId,
        status: 'open',
        secondsInPreviousStage: spent[1],
        lostReason: null,
        transactionId: null,
      },
      expect.objectContaining({
        previousStage: 'Qualified',
        stage: 'Proposal',
        probability: 55,
        secondsInPreviousStage: spent[2],
      }),
    ]);
  });

  it('refuses a stage of another pipeline or organization, the same stage, and bad bodies', async () => {
    const opp = await newOpportunity(org.agent);
    const foreign = (await stageByName((await t.registerOrg('Other')).agent)).Qualified.id;
    expect((await org.agent.post(`/api/opportunities/${opp.id}/move-stage`).send({ stageId: foreign })).status).toBe(
      404,
    );
    const pipeline = (await org.agent.post('/api/pipelines').send({ name: 'Second' })).body;
    const otherPipeline = await org.agent
      .post(`/api/opportunities/${opp.id}/move-stage`)
      .send({ stageId: pipeline.stages[1].id });
    expect(otherPipeline.status).toBe(400);
    expect(
      (await org.agent.post(`/api/opportunities/${opp.id}/move-stage`).send({ stageId: stages.Prospecting.id })).status,
    ).toBe(409);
    expect(
      (
        await org.agent
          .post(`/api/opportunities/${opp.id}/move-stage`)
          .send({ stageId: stages.Qualified.id, probability: -1 })
      ).status,
    ).toBe(400);
    expect(
      (
        await org.agent
          .post(`/api/opportunities/${opp.id}/move-stage`)
          .send({ stageId: stages.Won.id, probability: 50 })
      ).status,
    ).toBe(400);
    expect(await count(t, 'opportunity_stage_changes', org.organizationId)).toBeGreaterThan(0);
    expect((await org.agent.get(`/api/opportunities/${opp.id}/history`)).body).toHaveLength(1);
  });

  it('lost needs a reason, archives the deal (hidden from default lists) and can be reopened', async () => {
    const opp = await newOpportunity(org.agent, { name: 'Archivable' });
    const noReason = await org.agent.post(`/api/opportunities/${opp.id}/move-stage`).send({ stageId: stages.Lost.id });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details[0].field).toBe('lostReason');
    const lost = await moveStage(org.agent, opp.id, { stageId: stages.Lost.id, lostReason: 'Chose a competitor' });
    expect(lost).toMatchObject({ status: 'lost', probability: 0, lostReason: 'Chose a competitor' });
    expect(lost.archivedAt).toBeTruthy();
    const visible = async (q = '') =>
      (await org.agent.get(`/api/opportunities?limit=100${q}`)).body.data.map((d: { id: string }) => d.id);
    expect(await visible()).not.toContain(opp.id);
    expect(await visible('&status=lost')).toContain(opp.id);
    expect(
      (await org.agent.post(`/api/opportunities/${opp.id}/move-stage`).send({ stageId: stages.Won.id })).status,
    ).toBe(409);
    const reopened = await moveStage(org.agent, opp.id, { stageId: stages.Negotiation.id });
    expect(reopened).toMatchObject({
      status: 'open',
      archivedAt: null,
      lostReason: null,
      closedAt: null,
      probability: 75,
    });
    expect(await visible()).toContain(opp.id);
  });
});

describe('won: a pending rental order from the line items, in the same transaction', () => {
  let customer: Record<string, any>;
  let lift: Record<string, any>;
  let saw: Record<string, any>;
  beforeAll(async () => {
    customer = await newCustomer(org.agent);
    lift = await newItem(org.agent, { dailyRate: '100.00', quantityOwned: 3 });
    saw = await newItem(org.agent, { dailyRate: '20.00', quantityOwned: 5 });
  });
  const wonDeal = (lines: Record<string, unknown>[], body: Record<string, unknown> = {}) =>
    newOpportunity(org.agent, { customerId: customer.id, value: '5000.00', lines, ...body });

  async function state() {
    return {
      orders: await count(t, 'rental_orders', org.organizationId),
      changes: await count(t, 'opportunity_stage_changes', org.organizationId),
      events: await count(t, 'outbox_events', org.organizationId),
    };
  }

  it('creates the order (item lines, repeated items added up, free text left out) and links it; won is final', async () => {
    const opp = await wonDeal([
      { itemId: lift.id, quantity: 1, unitPrice: '90.00' },
      { description: 'Operator', quantity: 1, unitPrice: '300.00' },
      { itemId: lift.id, quantity: 1, unitPrice: '90.00' },
      { itemId: saw.id, quantity: 2, unitPrice: '15.00' },
    ]);
    const won = await moveStage(org.agent, opp.id, {
      stageId: stages.Won.id,
      pickupDate: '2026-07-06',
      returnDate: '2026-07-08',
    });
    expect(won).toMatchObject({ status: 'won', probability: 100, stageId: stages.Won.id });
    expect(won.closedAt).toBeTruthy();
    const order = (await org.agent.get(`/api/transactions/${won.transactionId}`)).body;
    expect(order).toMatchObject({
      status: 'pending',
      customerId: customer.id,
      pickupDate: '2026-07-06',
      returnDate: '2026-07-08',
      rentalDays: 3,
    });
    expect(order.lines.map((l: Record<string, unknown>) => [l.itemId, l.quantity])).toEqual([
      [lift.id, 2],
      [saw.id, 2],
    ]);
    expect(order.subtotal).toBe('720.00'); // 2 x 3 x 100 + 2 x 3 x 20, at catalog rates
    const event = (await eventsOf(t, org.organizationId, 'opportunity.stage_changed')).find((e) => e.id === opp.id);
    expect(event).toMatchObject({ stage: 'Won', status: 'won', transactionId: order.id, probability: 100 });
    const again = await org.agent
      .post(`/api/opportunities/${opp.id}/move-stage`)
      .send({ stageId: stages.Negotiation.id });
    expect(again.status).toBe(409);
  });

  it('without inventory lines the deal is won without an order; with them a customer and the dates are needed', async () => {
    const text = await wonDeal([{ description: 'Consulting', quantity: 1, unitPrice: '10.00' }]);
    expect((await moveStage(org.agent, text.id, { stageId: stages.Won.id })).transactionId).toBeNull();

    const before = await state();
    const noDates = await wonDeal([{ itemId: saw.id, quantity: 1, unitPrice: '15.00' }]);
    const after = await state();
    const res = await org.agent
      .post(`/api/opportunities/${noDates.id}/move-stage`)
      .send({ stageId: stages.Won.id, pickupDate: '2026-07-20' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'returnDate', message: expect.any(String) }]);
    const contactOnly = await newOpportunity(org.agent, {
      contactId: (await newContact(org.agent)).id,
      lines: [{ itemId: saw.id, quantity: 1, unitPrice: '15.00' }],
    });
    const noCustomer = await org.agent
      .post(`/api/opportunities/${contactOnly.id}/move-stage`)
      .send({ stageId: stages.Won.id, pickupDate: '2026-07-20', returnDate: '2026-07-21' });
    expect(noCustomer.status).toBe(409);
    expect(noCustomer.body.details[0].field).toBe('customerId');
    expect((await state()).orders).toBe(before.orders);
    expect((await state()).changes).toBe(after.changes + 1); // only contactOnly's creation line
  });

  it('an order that cannot be booked (overbooked) rolls the whole move back: no order, no history, no event, same stage', async () => {
    const opp = await wonDeal([{ itemId: lift.id, quantity: 4, unitPrice: '90.00' }], {
      stageId: stages.Negotiation.id,
    });
    const before = await state();
    const res = await org.agent
      .post(`/api/opportunities/${opp.id}/move-stage`)
      .send({ stageId: stages.Won.id, pickupDate: '2026-08-03', returnDate: '2026-08-04' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/4 wanted, only 3 available/);
    expect(await state()).toEqual(before);
    expect((await org.agent.get(`/api/opportunities/${opp.id}`)).body).toMatchObject({
      stageId: stages.Negotiation.id,
      status: 'open',
      transactionId: null,
      probability: 75,
    });
  });

  it('a failure after the order was written leaves nothing behind either', async () => {
    const opp = await wonDeal([{ itemId: saw.id, quantity: 1, unitPrice: '15.00' }], { stageId: stages.Proposal.id });
    const orders = t.deps.services.stageMoves.orders;
    const real = orders.createOrderFromOpportunity.bind(orders);
    let written: string | undefined;
    orders.createOrderFromOpportunity = async (...args) => {
      const order = await real(...args);
      written = order?.id;
      const [tx] = args;
      await tx.flush();
      expect(await tx.count('RentalOrder', { id: written })).toBe(1); // it is there, inside the transaction
      throw new Error('boom after the order');
    };
    const before = await state();
    try {
      const res = await org.agent
        .post(`/api/opportunities/${opp.id}/move-stage`)
        .send({ stageId: stages.Won.id, pickupDate: '2026-09-01', returnDate: '2026-09-02' });
      expect(res.status).toBe(500);
      expect(res.body.message).not.toMatch(/boom/);
    } finally {
      orders.createOrderFromOpportunity = real;
    }
    expect(written).toBeDefined();
    expect(await t.sql('select id from rental_orders where id = $1', [written])).toEqual([]);
    expect(await state()).toEqual(before);
    expect((await org.agent.get(`/api/opportunities/${opp.id}`)).body).toMatchObject({
      stageId: stages.Proposal.id,
      status: 'open',
      transactionId: null,
    });
    // and the same move succeeds once nothing fails
    expect(
      (
        await moveStage(org.agent, opp.id, {
          stageId: stages.Won.id,
          pickupDate: '2026-09-01',
          returnDate: '2026-09-02',
        })
      ).transactionId,
    ).toBeTruthy();
  });
});
