/**
 * Inspections and service (issue 29 part 3, docs/rental.md "Inspections and service"): checklists per category and
 * phase defined by admins, their results required at check-out and check-in, a failed check keeping only that unit
 * in, damage at check-in putting the unit into maintenance with a draft damage charge (one transaction), service
 * intervals by meter hours at check-in and by days through the daily job, visible to availability ahead of time.
 */
import { newCustomer } from './support/crm';
import { bulkItem, order, unitItem } from './support/desk';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { ServiceDueJob } from '../src/modules/rental/inventory/servicing.service';

let t: TestApp;
let org: Registered;
let other: Registered;
let customer: Record<string, any>;

const post = (path: string, body: Record<string, unknown>) => org.agent.post(path).send(body);
const dayOf = async (itemId: string, day: string) =>
  (await org.agent.get(`/api/inventory/${itemId}/availability`).query({ startDate: day, endDate: day })).body.days[0];
const unitsOf = async (itemId: string): Promise<Record<string, Record<string, any>>> =>
  Object.fromEntries(
    (await org.agent.get(`/api/inventory/${itemId}/units`)).body.data.map((u: Record<string, any>) => [u.assetTag, u]),
  );
const holdsOf = async (itemId: string): Promise<Record<string, any>[]> =>
  (await org.agent.get(`/api/inventory/${itemId}/maintenance-holds`)).body.data;
const pass = (...items: string[]) => items.map((item) => ({ item, passed: true }));
const checklist = (category: string, phase: string, items: string[]) =>
  post('/api/inspection-checklists', { category, phase, name: `${category} ${phase}`, items });
/** An item tracked by unit in a category, with service intervals when given. */
async function machine(tag: string, units: number, fields: Record<string, unknown> = {}): Promise<string> {
  const id = await unitItem(org, tag, units);
  const res = await org.agent.patch(`/api/inventory/${id}`).send({ category: `Cat ${tag}`, ...fields });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Inspections');
  other = await t.registerOrg('Other yard');
  customer = await newCustomer(org.agent);
});
afterAll(() => t.close());

describe('inspection checklists', () => {
  it('admins define them per category and phase, members read them, another organization finds none', async () => {
    const made = await checklist('Lifts', 'check_out', [' Platform gate ', 'Tyres']);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ category: 'Lifts', phase: 'check_out', items: ['Platform gate', 'Tyres'] });
    const again = await checklist('Lifts', 'check_out', ['Tyres']);
    expect(again.status).toBe(409);
    expect((await checklist('Lifts', 'check_in', ['Tyres'])).status).toBe(201);
    expect((await checklist('Lifts', 'check_in2', ['Tyres'])).status).toBe(400);
    const twice = await checklist('Mixers', 'check_in', ['Drum', 'drum']);
    expect(twice.status).toBe(400);
    expect(twice.body.details).toEqual([{ field: 'items.1', message: 'drum is listed twice' }]);
    expect((await checklist('Mixers', 'check_in', [])).status).toBe(400);

    const member = await t.addMember(org.organizationId, 'user');
    const refused = await member.agent
      .post('/api/inspection-checklists')
      .send({ category: 'Pumps', phase: 'check_in', name: 'Pumps', items: ['Seals'] });
    expect(refused.status).toBe(403);
    const listed = await member.agent
      .get('/api/inspection-checklists')
      .query({ category: 'Lifts', phase: 'check_out' });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((c: any) => c.id)).toEqual([made.body.id]);
    expect((await member.agent.get(`/api/inspection-checklists/${made.body.id}`)).status).toBe(200);
    expect((await member.agent.patch(`/api/inspection-checklists/${made.body.id}`).send({ name: 'x' })).status).toBe(
      403,
    );

    const changed = await org.agent.patch(`/api/inspection-checklists/${made.body.id}`).send({ items: ['Tyres'] });
    expect(changed.body.items).toEqual(['Tyres']);

    const path = `/api/inspection-checklists/${made.body.id}`;
    expect((await other.agent.get(path)).status).toBe(404);
    expect((await other.agent.patch(path).send({ name: 'Mine' })).status).toBe(404);
    expect((await other.agent.delete(path)).status).toBe(404);
    expect((await other.agent.get('/api/inspection-checklists')).body.data).toEqual([]);
    expect((await org.agent.delete(path)).status).toBe(200);
    expect((await org.agent.get(path)).status).toBe(404);
  });
});

describe('check-out with a pre-hire checklist', () => {
  it('requires every item, and a failed check keeps only that unit in: nothing is written', async () => {
    const exc = await machine('EXC', 3);
    await checklist('Cat EXC', 'check_out', ['Tracks', 'Hoses']);
    const o = await order(org, customer.id, [{ itemId: exc, quantity: 2 }]);
    const lineId = o.lines[0].id;
    const checkOut = (units: Record<string, unknown>[]) =>
      post(`/api/transactions/${o.id}/check-out`, {
        releasedTo: 'Sam',
        checklistPassed: true,
        lines: [{ lineId, units }],
      });

    const missing = await checkOut([
      { assetTag: 'EXC-1', checklist: pass('Tracks', 'Hoses') },
      { assetTag: 'EXC-2', checklist: pass('Tracks') },
    ]);
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      { field: 'lines.0.units.1.checklist', message: 'Cat EXC check_out: missing check items: Hoses' },
    ]);
    const unknown = await checkOut([
      { assetTag: 'EXC-1', checklist: [...pass('Tracks', 'Hoses'), { item: 'Wings', passed: true }] },
      { assetTag: 'EXC-2', checklist: pass('Tracks', 'Hoses') },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0].field).toBe('lines.0.units.0.checklist.2.item');

    const failed = await checkOut([
      {
        assetTag: 'EXC-1',
        checklist: [
          { item: 'Tracks', passed: true },
          { item: 'hoses', passed: false, note: 'leak' },
        ],
      },
      { assetTag: 'EXC-2', checklist: pass('Tracks', 'Hoses') },
    ]);
    expect(failed.status).toBe(409);
    expect(failed.body.code).toBe('CONFLICT');
    expect(failed.body.details).toEqual([
      { field: 'lines.0.units.0.checklist.1.passed', message: 'EXC-1: Hoses failed (leak)' },
    ]);
    expect(failed.body.message).not.toContain('EXC-2');
    const after = await org.agent.get(`/api/transactions/${o.id}`);
    expect(after.body).toMatchObject({ fulfillment: 'reserved', checkouts: [] });
    expect((await unitsOf(exc))['EXC-1'].status).toBe('available');

    const out = await checkOut([
      { assetTag: 'EXC-2', checklist: pass('Tracks', 'Hoses') },
      {
        assetTag: 'EXC-3',
        checklist: [
          { item: 'Hoses', passed: true, note: 'new' },
          { item: 'Tracks', passed: true },
        ],
      },
    ]);
    expect(out.status).toBe(200);
    const exc3 = out.body.checkouts.find((c: any) => c.assetTag === 'EXC-3');
    expect(exc3.checklist).toEqual([
      { item: 'Tracks', passed: true, note: null, damage: false },
      { item: 'Hoses', passed: true, note: 'new', damage: false },
    ]);
  });
});

describe('damage at check-in', () => {
  it('puts the unit into maintenance and adds a draft damage charge, in one transaction', async () => {
    const dmg = await machine('DMG', 3);
    const cones = await bulkItem(org, 'DCONE', 10);
    await checklist('Cat DMG', 'check_in', ['Bodywork', 'Cleanliness']);
    const o = await order(org, customer.id, [
      { itemId: dmg, quantity: 2 },
      { itemId: cones, quantity: 4 },
    ]);
    const [line, coneLine] = o.lines;
    const out = await post(`/api/transactions/${o.id}/check-out`, {
      releasedTo: 'Sam',
      checklistPassed: true,
      lines: [{ lineId: line.id, units: [{ assetTag: 'DMG-1' }, { assetTag: 'DMG-2' }] }, { lineId: coneLine.id }],
    });
    expect(out.status).toBe(200);

    const noResults = await post(`/api/transactions/${o.id}/check-in`, {
      returnedOn: '2026-07-04',
      returns: [{ lineId: line.id, assetTag: 'DMG-1', condition: 'good' }],
    });
    expect(noResults.status).toBe(400);
    expect(noResults.body.details[0]).toMatchObject({ field: 'returns.0.checklist' });

    // a refusal later in the same request rolls the damage back: no hold, no charge
    const refused = await post(`/api/transactions/${o.id}/check-in`, {
      returnedOn: '2026-07-04',
      returns: [
        { lineId: line.id, assetTag: 'DMG-1', condition: 'damaged', checklist: pass('Bodywork', 'Cleanliness') },
        { lineId: line.id, assetTag: 'DMG-3', condition: 'good', checklist: pass('Bodywork', 'Cleanliness') },
      ],
    });
    expect(refused.status).toBe(409);
    expect(await holdsOf(dmg)).toEqual([]);
    expect((await org.agent.get(`/api/transactions/${o.id}/charges`)).body).toEqual([]);
    expect((await unitsOf(dmg))['DMG-1'].status).toBe('on_rent');

    const back = await post(`/api/transactions/${o.id}/check-in`, {
      returnedOn: '2026-07-04',
      returns: [
        {
          lineId: line.id,
          assetTag: 'DMG-1',
          condition: 'good',
          damageCharge: '350',
          checklist: [
            { item: 'Bodywork', passed: false, note: 'dented door', damage: true },
            { item: 'Cleanliness', passed: true },
          ],
        },
        {
          lineId: line.id,
          assetTag: 'DMG-2',
          condition: 'damaged',
          damageNotes: 'Cracked glass',
          checklist: pass('Bodywork', 'Cleanliness'),
        },
        { lineId: coneLine.id, quantity: 2, condition: 'damaged', damageNotes: 'Crushed' },
      ],
    });
    expect(back.status).toBe(200);
    const units = await unitsOf(dmg);
    expect(units['DMG-1']).toMatchObject({ status: 'in_maintenance', rentalsSinceService: 1 });
    expect(units['DMG-2'].status).toBe('in_maintenance');
    const holds = await holdsOf(dmg);
    expect(holds.map((h) => [h.unitId, h.source, h.startDate, h.endDate, h.quantity]).sort()).toEqual(
      [
        [units['DMG-1'].id, 'damage', '2026-07-05', null, 1],
        [units['DMG-2'].id, 'damage', '2026-07-05', null, 1],
      ].sort(),
    );
    expect((await holdsOf(cones)).map((h) => [h.source, h.quantity, h.startDate])).toEqual([
      ['damage', 2, '2026-07-05'],
    ]);
    // each unit counted once, by its hold
    expect(await dayOf(dmg, '2026-07-05')).toMatchObject({ inMaintenance: 2, booked: 0, available: 1 });
    expect(await dayOf(cones, '2026-07-05')).toMatchObject({ inMaintenance: 2, booked: 2, available: 6 });

    const charges = (await org.agent.get(`/api/transactions/${o.id}/charges`)).body;
    expect(charges.map((c: any) => [c.kind, c.status, c.amount, c.quantity, c.unitId])).toEqual(
      expect.arrayContaining([
        ['damage', 'draft', '350.00', 1, units['DMG-1'].id],
        ['damage', 'draft', '0.00', 1, units['DMG-2'].id],
        ['damage', 'draft', '0.00', 2, null],
      ]),
    );
    // the cones still out are past the return date: the check-in also brings their draft late charge up to date
    expect(charges.filter((c: any) => c.kind === 'damage')).toHaveLength(3);
    expect(charges.filter((c: any) => c.kind === 'late').map((c: any) => c.status)).toEqual(['draft']);
    const gql = await org.agent.post('/graphql').send({
      query: `{ transaction(id: "${o.id}") { charges { kind amount } returns { assetTag checklist { item passed damage note } } } }`,
    });
    expect(gql.body.data.transaction.charges).toHaveLength(4);
    expect(gql.body.data.transaction.returns.find((r: any) => r.assetTag === 'DMG-1').checklist[0]).toEqual({
      item: 'Bodywork',
      passed: false,
      damage: true,
      note: 'dented door',
    });

    // a draft is priced and approved (final), another voided; another organization finds none of them
    const first = charges.find((c: any) => c.amount === '350.00');
    const path = `/api/transactions/${o.id}/charges/${first.id}`;
    expect((await org.agent.patch(path).send({ amount: '1e3' })).status).toBe(400);
    expect((await org.agent.patch(path).send({ status: 'draft' })).status).toBe(400);
    const approved = await org.agent.patch(path).send({ amount: '400.5', status: 'approved' });
    expect(approved.body).toMatchObject({ amount: '400.50', status: 'approved' });
    expect((await org.agent.patch(path).send({ status: 'void' })).status).toBe(409);
    expect((await other.agent.patch(path).send({ status: 'void' })).status).toBe(404);
    expect((await other.agent.get(`/api/transactions/${o.id}/charges`)).status).toBe(404);
    expect((await org.agent.patch(`/api/transactions/${o.id}/charges/${o.id}`).send({ status: 'void' })).status).toBe(
      404,
    );

    // service done brings a damaged unit back
    const serviced = await post(`/api/inventory/${dmg}/units/${units['DMG-1'].id}/service`, {
      servicedOn: '2026-07-08',
    });
    expect(serviced.status).toBe(200);
    expect(serviced.body).toMatchObject({ status: 'available', lastServiceOn: '2026-07-08', rentalsSinceService: 0 });
    const ended = (await holdsOf(dmg)).find((h) => h.unitId === units['DMG-1'].id);
    expect(ended?.endDate).toBe('2026-07-07');
    expect(await dayOf(dmg, '2026-07-08')).toMatchObject({ inMaintenance: 1, available: 2 });
    expect((await other.agent.post(`/api/inventory/${dmg}/units/${units['DMG-1'].id}/service`).send({})).status).toBe(
      404,
    );
    // a unit declared fit by hand leaves maintenance with its hold: ended the day before the organization's today
    const fixed = await org.agent
      .patch(`/api/inventory/${dmg}/units/${units['DMG-2'].id}`)
      .send({ status: 'available' });
    expect(fixed.status).toBe(200);
    const released = (await holdsOf(dmg)).find((h) => h.unitId === units['DMG-2'].id);
    expect(released?.endDate).not.toBeNull();
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(released?.endDate < later).toBe(true);
    expect(await dayOf(dmg, later)).toMatchObject({ inMaintenance: 0, available: 3 });
  });
});

describe('swaps, bulk lines and item settings', () => {
  it('a bulk line reports its checklist on the line; a damaged swap holds the unit and adds a draft charge', async () => {
    const swp = await machine('SWP', 2);
    const bag = await bulkItem(org, 'BAG', 10);
    await org.agent.patch(`/api/inventory/${bag}`).send({ category: 'Cat BAG' });
    await checklist('Cat BAG', 'check_out', ['Seams']);
    await checklist('Cat SWP', 'check_out', ['Engine']);
    const o = await order(org, customer.id, [
      { itemId: swp, quantity: 1 },
      { itemId: bag, quantity: 3 },
    ]);
    const [line, bagLine] = o.lines;
    const body = (bagChecks?: unknown) => ({
      releasedTo: 'Sam',
      checklistPassed: true,
      lines: [
        { lineId: line.id, units: [{ assetTag: 'SWP-1', checklist: pass('Engine') }] },
        { lineId: bagLine.id, checklist: bagChecks },
      ],
    });
    const missing = await post(`/api/transactions/${o.id}/check-out`, body());
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      { field: 'lines.1.checklist', message: 'Cat BAG check_out: missing check items: Seams' },
    ]);
    const out = await post(`/api/transactions/${o.id}/check-out`, body(pass('Seams')));
    expect(out.status).toBe(200);

    const noChecks = await post(`/api/transactions/${o.id}/swap`, {
      lineId: line.id,
      returnAssetTag: 'SWP-1',
      newAssetTag: 'SWP-2',
      condition: 'damaged',
    });
    expect(noChecks.status).toBe(400);
    const swap = await post(`/api/transactions/${o.id}/swap`, {
      lineId: line.id,
      returnAssetTag: 'SWP-1',
      newAssetTag: 'SWP-2',
      condition: 'damaged',
      damageNotes: 'Seized engine',
      checklist: pass('Engine'),
    });
    expect(swap.status).toBe(200);
    const units = await unitsOf(swp);
    expect([units['SWP-1'].status, units['SWP-2'].status]).toEqual(['in_maintenance', 'on_rent']);
    expect((await holdsOf(swp)).map((h) => [h.source, h.unitId])).toEqual([['damage', units['SWP-1'].id]]);
    const charges = (await org.agent.get(`/api/transactions/${o.id}/charges`)).body;
    expect(charges.map((c: any) => [c.kind, c.status, c.amount, c.unitId])).toEqual([
      ['damage', 'draft', '0.00', units['SWP-1'].id],
    ]);
  });

  it('service intervals are validated on the item', async () => {
    const id = await bulkItem(org, 'VAL', 1);
    const patch = (body: Record<string, unknown>) => org.agent.patch(`/api/inventory/${id}`).send(body);
    expect((await patch({ serviceEveryHours: '0' })).status).toBe(400);
    expect((await patch({ serviceEveryHours: '12.34' })).status).toBe(400);
    expect((await patch({ serviceEveryDays: 0 })).status).toBe(400);
    expect((await patch({ serviceEveryRentals: 1.5 })).status).toBe(400);
    const ok = await patch({ serviceEveryHours: '250', serviceEveryDays: 90, serviceEveryRentals: 10 });
    expect(ok.body).toMatchObject({ serviceEveryHours: '250.0', serviceEveryDays: 90, serviceEveryRentals: 10 });
    expect((await patch({ serviceEveryDays: null })).body.serviceEveryDays).toBeNull();
  });
});

describe('service intervals', () => {
  it('a unit past its meter-hour interval at check-in is held for service and never goes out until serviced', async () => {
    const srv = await machine('SRV', 2, { serviceEveryHours: '50' });
    const o = await order(org, customer.id, [{ itemId: srv, quantity: 1 }], '2026-08-01', '2026-08-05');
    const lineId = o.lines[0].id;
    await post(`/api/transactions/${o.id}/check-out`, {
      releasedTo: 'Sam',
      checklistPassed: true,
      lines: [{ lineId, units: [{ assetTag: 'SRV-1' }] }],
    });
    const back = await post(`/api/transactions/${o.id}/check-in`, {
      returnedOn: '2026-08-03',
      returns: [{ lineId, assetTag: 'SRV-1', meterIn: '160.0', condition: 'good' }],
    });
    expect(back.status).toBe(200);
    const unit = (await unitsOf(srv))['SRV-1'];
    expect(unit).toMatchObject({ status: 'in_maintenance', meterReading: '160.0', lastServiceMeter: '100.0' });
    const [hold] = await holdsOf(srv);
    expect(hold).toMatchObject({ source: 'service', unitId: unit.id, startDate: '2026-08-04', endDate: null });
    expect(hold.reason).toContain('60.0 meter hours');
    expect(await dayOf(srv, '2026-08-04')).toMatchObject({ inMaintenance: 1, available: 1 });

    const next = await order(org, customer.id, [{ itemId: srv, quantity: 1 }], '2026-08-10', '2026-08-12');
    const refused = await post(`/api/transactions/${next.id}/check-out`, {
      releasedTo: 'Sam',
      checklistPassed: true,
      lines: [{ lineId: next.lines[0].id, units: [{ assetTag: 'SRV-1' }] }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('SRV-1 is in maintenance; it cannot go out');

    const serviced = await post(`/api/inventory/${srv}/units/${unit.id}/service`, { servicedOn: '2026-08-04' });
    expect(serviced.body).toMatchObject({ status: 'available', lastServiceMeter: '160.0', rentalsSinceService: 0 });
    expect(await holdsOf(srv)).toEqual([]); // it started on the service day: removed
    const ok = await post(`/api/transactions/${next.id}/check-out`, {
      releasedTo: 'Sam',
      checklistPassed: true,
      lines: [{ lineId: next.lines[0].id, units: [{ assetTag: 'SRV-1' }] }],
    });
    expect(ok.status).toBe(200);
  });

  it('a rental interval comes due at the check-in that reaches it', async () => {
    const rnt = await machine('RNT', 1, { serviceEveryRentals: 1 });
    const o = await order(org, customer.id, [{ itemId: rnt, quantity: 1 }], '2026-08-01', '2026-08-02');
    const lineId = o.lines[0].id;
    await post(`/api/transactions/${o.id}/check-out`, {
      releasedTo: 'Sam',
      checklistPassed: true,
      lines: [{ lineId, units: [{ assetTag: 'RNT-1' }] }],
    });
    await post(`/api/transactions/${o.id}/check-in`, {
      returnedOn: '2026-08-02',
      returns: [{ lineId, assetTag: 'RNT-1', condition: 'good' }],
    });
    expect((await holdsOf(rnt)).map((h) => [h.source, h.startDate])).toEqual([['service', '2026-08-03']]);
  });

  it('the daily job puts a day-interval service on the calendar ahead of time, once', async () => {
    const day = await machine('DAY', 2, { serviceEveryDays: 40 });
    const units = await unitsOf(day);
    await t.sql(`update inventory_units set last_service_on = '2026-05-25' where id = $1`, [units['DAY-1'].id]);
    await t.sql(`update inventory_units set last_service_on = '2026-08-25' where id = $1`, [units['DAY-2'].id]);
    const job = new ServiceDueJob(t.orm);
    await job.runOnce('2026-06-20');
    await job.runOnce('2026-06-21');
    const holds = await holdsOf(day);
    expect(holds.map((h) => [h.unitId, h.source, h.startDate, h.endDate])).toEqual([
      [units['DAY-1'].id, 'service', '2026-07-04', null],
    ]);
    expect(await dayOf(day, '2026-07-03')).toMatchObject({ available: 2, inMaintenance: 0 });
    expect(await dayOf(day, '2026-07-04')).toMatchObject({ available: 1, inMaintenance: 1 });

    const o = await order(org, customer.id, [{ itemId: day, quantity: 1 }], '2026-07-01', '2026-07-05');
    const checkOut = (assetTag: string) =>
      post(`/api/transactions/${o.id}/check-out`, {
        releasedTo: 'Sam',
        checklistPassed: true,
        lines: [{ lineId: o.lines[0].id, units: [{ assetTag }] }],
      });
    const due = await checkOut('DAY-1');
    expect(due.status).toBe(409);
    expect(due.body.message).toBe('DAY-1 is due for service from 2026-07-04; it cannot go out');
    expect((await checkOut('DAY-2')).status).toBe(200);
  });
});
