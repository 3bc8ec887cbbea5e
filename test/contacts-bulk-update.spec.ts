/** POST /api/contacts/bulk-update (docs/crm.md, "Bulk update"): by list filter, dry run first, one event per change. */
import { createTestApp, Registered, TestApp } from './support/test-app';
import { newContact, newLead } from './support/crm';
import { eventsOf } from './support/sales';

let t: TestApp;
let org: Registered;
let other: Registered;
let departing: Registered;
let successor: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Bulk');
  other = await t.registerOrg('Bulk other');
  departing = await t.addMember(org.organizationId, 'user');
  successor = await t.addMember(org.organizationId, 'user');
});
afterAll(() => t.close());

const bulk = (agent: Registered['agent'], input: Record<string, unknown>) =>
  agent.post('/api/contacts/bulk-update').send(input);

describe('POST /api/contacts/bulk-update', () => {
  it('reassigns every contact of a departing rep: a dry run counts, the run changes them, one event each', async () => {
    const theirs = [];
    for (let i = 0; i < 5; i++) theirs.push(await newContact(org.agent, { ownerId: departing.userId }));
    const already = await newContact(org.agent, { ownerId: successor.userId });
    const untouched = await newContact(org.agent, { ownerId: org.userId });
    const foreign = await newContact(other.agent, { ownerId: other.userId });
    const dry = await bulk(org.agent, {
      filter: { ownerId: departing.userId },
      set: { ownerId: successor.userId },
      dryRun: true,
    });
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({ matched: 5, updated: 0, dryRun: true });
    expect((await eventsOf(t, org.organizationId, 'contact.updated')).length).toBe(0);

    const run = await bulk(org.agent, { filter: { ownerId: departing.userId }, set: { ownerId: successor.userId } });
    expect(run.body).toEqual({ matched: 5, updated: 5, dryRun: false });
    const list = await org.agent.get(`/api/contacts?ownerId=${successor.userId}&limit=100`);
    expect(list.body.data.map((c: { id: string }) => c.id).sort()).toEqual(
      [...theirs.map((c) => c.id), already.id].sort(),
    );
    const events = await eventsOf(t, org.organizationId, 'contact.updated');
    expect(events.map((e) => e.id).sort()).toEqual(theirs.map((c) => c.id).sort());
    expect(events[0]).toMatchObject({
      ownerId: successor.userId,
      previousOwnerId: departing.userId,
      changedBy: org.userId,
    });
    expect((await org.agent.get(`/api/contacts/${untouched.id}`)).body.ownerId).toBe(org.userId);
    expect((await other.agent.get(`/api/contacts/${foreign.id}`)).body.ownerId).toBe(other.userId);

    // The filter of the list: search narrows it; the successor's contacts that already had the owner do not count as changed.
    const again = await bulk(org.agent, { filter: { ownerId: successor.userId }, set: { ownerId: successor.userId } });
    expect(again.body).toEqual({ matched: 6, updated: 0, dryRun: false });
    const one = await bulk(org.agent, { filter: { search: theirs[0].email }, set: { ownerId: null } });
    expect(one.body).toEqual({ matched: 1, updated: 1, dryRun: false });
    expect((await org.agent.get(`/api/contacts/${theirs[0].id}`)).body.ownerId).toBeNull();
  });

  it('sets the status only of contacts that back no lead or customer record, else changes nothing (409)', async () => {
    const a = await newContact(org.agent, { source: 'bulk-status' });
    const lead = await newLead(org.agent);
    const ok = await bulk(org.agent, { filter: { search: a.email }, set: { status: 'lead' } });
    expect(ok.body).toMatchObject({ matched: 1, updated: 1 });
    const before = (await eventsOf(t, org.organizationId, 'contact.updated')).length;
    const refused = await bulk(org.agent, { filter: { status: 'lead' }, set: { status: 'unknown' } });
    expect(refused.status).toBe(409);
    expect((await org.agent.get(`/api/contacts/${a.id}`)).body.status).toBe('lead');
    expect((await org.agent.get(`/api/contacts/${lead.contactId}`)).body.status).toBe('lead');
    expect((await eventsOf(t, org.organizationId, 'contact.updated')).length).toBe(before);
  });

  it('refuses what it cannot do: nothing to set, a foreign owner (404), a bad filter (400)', async () => {
    const none = await bulk(org.agent, { filter: {}, set: {} });
    expect([none.status, none.body.details[0].field]).toEqual([400, 'set']);
    const foreignOwner = await bulk(org.agent, { filter: {}, set: { ownerId: other.userId } });
    expect(foreignOwner.status).toBe(404);
    const unknown = await bulk(org.agent, { filter: {}, set: { ownerId: '00000000-0000-4000-8000-000000000000' } });
    expect([unknown.status, unknown.body.code, unknown.body.message]).toEqual([
      404,
      foreignOwner.body.code,
      foreignOwner.body.message,
    ]);
    const foreignFilter = await bulk(org.agent, { filter: { ownerId: other.userId }, set: { ownerId: null } });
    expect([foreignFilter.status, foreignFilter.body.details?.[0]?.field ?? foreignFilter.body.message]).toEqual([
      404,
      expect.stringMatching(/ownerId|not found/),
    ]);
    const badDay = await bulk(org.agent, { filter: { startDate: '2026-13-40' }, set: { ownerId: null } });
    expect(badDay.status).toBe(400);
    expect((await bulk(org.agent, { set: { ownerId: null } })).status).toBe(400);
  });
});
