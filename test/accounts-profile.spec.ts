/**
 * A member's profile (docs/accounts.md, "Profile"): the mobile number, set by the member or an admin, E.164; the
 * names and the email, set by the member (a new email with the current password), never the role.
 */
import { apiKey, fields } from './support/accounts';
import { createTestApp, PASSWORD, uniqueEmail, type Registered, type TestApp } from './support/test-app';

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

/** The user's row as stored. */
const stored = async (id: string) =>
  (
    await t.sql<{ email: string; first_name: string; last_name: string; role: string }>(
      'select email, first_name, last_name, role from users where id = $1',
      [id],
    )
  )[0];

describe('names and email (PATCH /api/auth/me, updateProfile)', () => {
  it('a member changes their own names (trimmed), through REST and GraphQL; bad names are a 400 naming each', async () => {
    const member = await t.addMember(a.organizationId, 'user');
    const set = await member.agent
      .patch('/api/auth/me')
      .send({ firstName: '  Dana ', lastName: 'Hendricks' })
      .expect(200);
    expect(set.body).toMatchObject({ id: member.userId, firstName: 'Dana', lastName: 'Hendricks', role: 'user' });
    expect((await member.agent.get('/api/auth/me').expect(200)).body.user).toMatchObject({ firstName: 'Dana' });
    const gql = await t.gql(
      member.agent,
      'mutation { updateProfile(input: { lastName: "Hendrix" }) { firstName lastName } }',
    );
    expect(gql.data?.updateProfile).toEqual({ firstName: 'Dana', lastName: 'Hendrix' });
    const bad = await member.agent
      .patch('/api/auth/me')
      .send({ firstName: '   ', lastName: 'x'.repeat(101), email: 'not an email' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect(fields(bad.body)).toEqual(['email', 'firstName', 'lastName']);
    for (const body of [{ firstName: null }, { lastName: 7 }, { email: null }]) {
      const res = await member.agent.patch('/api/auth/me').send(body);
      expect([body, res.status]).toEqual([body, 400]);
      expect(fields(res.body)).toEqual(Object.keys(body));
    }
    expect(await stored(member.userId)).toMatchObject({ first_name: 'Dana', last_name: 'Hendrix' });
  });

  it('never changes the role: an unknown field is a 400 through REST, not a field of the input through GraphQL', async () => {
    const member = await t.addMember(a.organizationId, 'user');
    const rest = await member.agent.patch('/api/auth/me').send({ role: 'admin', firstName: 'Sneaky' });
    expect(rest.status).toBe(400);
    expect(fields(rest.body)).toEqual(['role']);
    const gql = await t.gql(member.agent, 'mutation { updateProfile(input: { role: "admin" }) { role } }');
    expect(gql.errors?.length).toBeGreaterThan(0);
    expect(await stored(member.userId)).toMatchObject({ role: 'user', first_name: 'Mem' });
  });

  it('a new email needs the current password (400 naming currentPassword), and is a 409 when another account has it', async () => {
    const member = await t.addMember(a.organizationId, 'user');
    const wanted = uniqueEmail('renamed');
    const missing = await member.agent.patch('/api/auth/me').send({ email: wanted });
    expect(missing.status).toBe(400);
    expect(fields(missing.body)).toEqual(['currentPassword']);
    const wrong = await member.agent.patch('/api/auth/me').send({ email: wanted, currentPassword: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details).toEqual([{ field: 'currentPassword', message: 'currentPassword is not correct' }]);
    // another organization's admin has this address: emails are unique across the service
    const taken = await member.agent
      .patch('/api/auth/me')
      .send({ email: b.email.toUpperCase(), currentPassword: PASSWORD, firstName: 'Not Written' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'CONFLICT', message: 'An account with this email already exists' });
    expect(await stored(member.userId)).toMatchObject({ email: member.email, first_name: 'Mem' });
    // the same address in other letters is no change, and needs no password
    await member.agent.patch('/api/auth/me').send({ email: member.email.toUpperCase() }).expect(200);
  });

  it('with it, the login moves to the new address, the session stays, and the old address is told', async () => {
    const member = await t.addMember(a.organizationId, 'user');
    const wanted = uniqueEmail('moved');
    const res = await member.agent
      .patch('/api/auth/me')
      .send({ email: `  ${wanted.toUpperCase()}`.trim(), currentPassword: PASSWORD })
      .expect(200);
    expect(res.body).toMatchObject({ id: member.userId, email: wanted, role: 'user' });
    expect((await member.agent.get('/api/auth/me').expect(200)).body.user.email).toBe(wanted);
    await t.login(wanted, PASSWORD);
    expect((await t.agent().post('/api/auth/login').send({ email: member.email, password: PASSWORD })).status).toBe(
      401,
    );
    const mails = await t.sql<{ recipient: string; text: string }>(
      "select recipient, text from mail_outbox where kind = 'email_changed' and organization_id = $1 and recipient = $2",
      [a.organizationId, member.email],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(wanted);
  });

  it("an API key may change its creator's names but not their email (403)", async () => {
    const key = await apiKey(a.agent, 'admin');
    const auth = { Authorization: `Bearer ${key.secret}` };
    const names = await t.agent().patch('/api/auth/me').set(auth).send({ firstName: 'Keyed' });
    expect(names.status).toBe(200);
    expect(names.body).toMatchObject({ id: a.userId, firstName: 'Keyed' });
    const email = await t
      .agent()
      .patch('/api/auth/me')
      .set(auth)
      .send({ email: uniqueEmail('keyed'), currentPassword: PASSWORD });
    expect(email.status).toBe(403);
    expect((await a.agent.get('/api/auth/me').expect(200)).body.user.email).toBe(a.email);
  });

  it("is in the organization's audit log: who, which names and which addresses, from and to", async () => {
    const member = await t.addMember(a.organizationId, 'user');
    const wanted = uniqueEmail('audited');
    await member.agent
      .patch('/api/auth/me')
      .send({ firstName: 'Audrey', email: wanted, currentPassword: PASSWORD })
      .expect(200);
    await member.agent.patch('/api/auth/me').send({ phone: '+15555550177' }).expect(200); // the phone alone: no entry
    const log = await a.agent.get('/api/audit').query({ operation: 'updateProfile', limit: 100 }).expect(200);
    const entries = log.body.data.filter((e: { recordId: string }) => e.recordId === member.userId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: `profile.update: firstName "Mem" -> "Audrey"; email ${member.email} -> ${wanted}`,
      operation: 'updateProfile',
      kind: 'write',
      recordId: member.userId,
      status: 200,
      user: { id: member.userId, email: member.email },
      impersonator: null,
    });
  });
});
