/** A member's profile (docs/accounts.md, "Profile"): the mobile number, set by the member or an admin, E.164. */
import { createTestApp, type Registered, type TestApp } from './support/test-app';

let t: TestApp;
let a: Registered;
let b: Registered;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.registerOrg('Profile Rentals');
  b = await t.registerOrg('Other Profile Rentals');
});
afterAll(() => t.close());

it('a member sets and clears their own mobile number (REST and GraphQL); anything but E.164 is a 400 naming phone', async () => {
  const member = await t.addMember(a.organizationId, 'user');
  for (const phone of ['0155 555 0123', '+0155550123', '+1555555012345678', 15555550123]) {
    const bad = await member.agent.patch('/api/auth/me').send({ phone });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(['phone']);
  }
  const set = await member.agent.patch('/api/auth/me').send({ phone: '+15555550111' }).expect(200);
  expect(set.body).toMatchObject({ id: member.userId, phone: '+15555550111' });
  expect((await member.agent.get('/api/auth/me').expect(200)).body.user.phone).toBe('+15555550111');
  const viaGraphql = await t.gql(member.agent, 'mutation { updateProfile(input: { phone: null }) { id phone } }');
  expect(viaGraphql.data?.updateProfile).toEqual({ id: member.userId, phone: null });
  // an empty body changes nothing
  await member.agent.patch('/api/auth/me').send({ phone: '+15555550112' }).expect(200);
  expect((await member.agent.patch('/api/auth/me').send({}).expect(200)).body.phone).toBe('+15555550112');
});

it("an admin sets a member's number with or without the role; a member may not; another organization's member is 404", async () => {
  const member = await t.addMember(a.organizationId, 'user');
  const set = await a.agent
    .patch(`/api/organization/users/${member.userId}`)
    .send({ phone: '+447700900123' })
    .expect(200);
  expect(set.body).toMatchObject({ role: 'user', phone: '+447700900123' });
  const both = await a.agent
    .patch(`/api/organization/users/${member.userId}`)
    .send({ role: 'admin', phone: '' })
    .expect(200);
  expect(both.body).toMatchObject({ role: 'admin', phone: null });
  const bad = await a.agent.patch(`/api/organization/users/${member.userId}`).send({ phone: 'call me' });
  expect(bad.status).toBe(400);
  expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(['phone']);
  const other = await t.addMember(a.organizationId, 'user');
  expect((await other.agent.patch(`/api/organization/users/${a.userId}`).send({ phone: '+15555550100' })).status).toBe(
    403,
  );
  expect((await a.agent.patch(`/api/organization/users/${b.userId}`).send({ phone: '+15555550100' })).status).toBe(404);
  const listed = (await a.agent.get(`/api/organization/users/${member.userId}`).expect(200)).body;
  expect(listed).toHaveProperty('phone', null);
});
