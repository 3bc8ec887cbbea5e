/**
 * Conformance with the interface spec (../shared/spec/crm-interface-spec.md beside this repository), driven through the REST API
 * exactly as a legacy caller that "follows the documented /api paths exactly" would. One test per row of the
 * Endpoints, role-example, Errors, Limits and Events tables; the List parameters table:
 * test/spec-conformance-lists.spec.ts. Endpoints the service does not implement: docs/decisions.md.
 */
import { createHmac } from 'node:crypto';
import request from 'supertest';
import { clock } from '../src/lib/clock';
import { apiKey, freshRateWindow, superAdmin } from './support/accounts';
import { createTestApp, PASSWORD, Registered, TestApp, uniqueEmail } from './support/test-app';
import { expectErrorBody, ids } from './support/spec-conformance';
import { drain, subscribe, testWorker, WebhookReceiver } from './support/webhook-receiver';

const DAY = 24 * 3600 * 1000;
const USER_KEYS = ['email', 'firstName', 'id', 'lastName', 'organizationId', 'role'];

let t: TestApp;
let org: Registered;
let member: Registered;
let root: Awaited<ReturnType<typeof superAdmin>>;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  org = await t.registerOrg('Spec');
  member = await t.addMember(org.organizationId, 'user');
  root = await superAdmin(t);
});
afterAll(() => t.close());
afterEach(() => clock.reset());

const anon = () => request(t.http);
const sessionCookie = (res: request.Response) =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sessionId='));

describe('Endpoints', () => {
  it('POST /api/auth/login: 200 {message, user{id,email,organizationId,role,firstName,lastName}} and Set-Cookie sessionId; password min 8', async () => {
    const res = await anon().post('/api/auth/login').send({ email: org.email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['message', 'user']);
    expect(typeof res.body.message).toBe('string');
    expect(Object.keys(res.body.user).sort()).toEqual(USER_KEYS);
    expect(res.body.user).toMatchObject({
      id: org.userId,
      organizationId: org.organizationId,
      role: 'admin',
      firstName: 'Ada',
      lastName: 'Admin',
    });
    expect(sessionCookie(res)).toMatch(/^sessionId=[^;]+;/);
    const short = await anon().post('/api/auth/login').send({ email: org.email, password: 'short' });
    expectErrorBody(short, 400, 'VALIDATION_ERROR', 'Validation failed');
    expect(short.body.details).toEqual([{ field: 'password', message: expect.any(String) }]);
    const missing = await anon().post('/api/auth/login').send({ password: PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.details.map((d: { field: string }) => d.field)).toEqual(['email']);
  });

  it('POST /api/auth/register {email,password,organizationName,firstName,lastName}: the first user is admin', async () => {
    const email = uniqueEmail('first');
    const res = await anon()
      .post('/api/auth/register')
      .send({ email, password: PASSWORD, organizationName: 'Spec Register', firstName: 'Fi', lastName: 'Rst' });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email, role: 'admin', firstName: 'Fi', lastName: 'Rst' });
  });

  it('GET /api/auth/me: the current user (session)', async () => {
    const res = await member.agent.get('/api/auth/me');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: member.userId,
      email: member.email,
      organizationId: org.organizationId,
      role: 'user',
    });
    expect((await anon().get('/api/auth/me')).status).toBe(401);
  });

  it('POST /api/auth/logout: invalidates the session and clears the cookie', async () => {
    const agent = await t.login(member.email, PASSWORD);
    const out = await agent.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(sessionCookie(out)).toMatch(/^sessionId=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    expect((await agent.get('/api/auth/me')).status).toBe(401);
  });

  it('PUT /api/settings/organization (admin): every settings field of the spec', async () => {
    const body = {
      name: 'Spec Rentals',
      phone: '+14155550123',
      email: 'office@spec.test',
      website: 'https://spec.test',
      address1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      businessHoursStart: '08:00',
      businessHoursEnd: '17:30',
      timezone: 'America/Chicago',
    };
    const res = await org.agent.put('/api/settings/organization').send(body);
    expect(res.status).toBe(200);
    expect((await org.agent.get('/api/settings/organization')).body).toMatchObject(body);
    expect(
      (await org.agent.put('/api/settings/organization').send({ businessHoursStart: '8am' })).body.details,
    ).toEqual([{ field: 'businessHoursStart', message: expect.any(String) }]);
    expect((await org.agent.put('/api/settings/organization').send({ timezone: 'Mars/Olympus' })).status).toBe(400);
  });

  it('POST /api/organization/invite (admin) {email, role: user|admin, firstName, lastName}', async () => {
    for (const role of ['user', 'admin']) {
      const res = await org.agent
        .post('/api/organization/invite')
        .send({ email: uniqueEmail('invitee'), role, firstName: 'In', lastName: 'Vited' });
      expect(res.status).toBe(201);
    }
    const bad = await org.agent
      .post('/api/organization/invite')
      .send({ email: uniqueEmail('invitee'), role: 'super_admin', firstName: 'In', lastName: 'Vited' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual(['role']);
  });

  it('DELETE /api/organization/users/:userId (admin)', async () => {
    const leaving = await t.addMember(org.organizationId, 'user');
    expect((await org.agent.delete(`/api/organization/users/${leaving.userId}`)).status).toBe(200);
    expect((await leaving.agent.get('/api/auth/me')).status).toBe(401);
    expect((await org.agent.delete(`/api/organization/users/${leaving.userId}`)).status).toBe(404);
  });

  it('POST /api/customers/import: multipart part `file`, CSV with a header row', async () => {
    const csv =
      'Customer Name,Email,Phone,Address,City,State,Zip\nImported Spec Co,imported@spec.test,+14155550199,1 Oak St,Austin,TX,73301\n';
    const res = await member.agent
      .post('/api/customers/import?dryRun=true')
      .attach('file', Buffer.from(csv), { filename: 'customers.csv', contentType: 'text/csv' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalRows: 1, created: 1, failed: 0 });
  });

  it('POST /api/leads {leadName, email, phone, companyName, status}', async () => {
    const body = {
      leadName: 'Sam Rivera',
      email: 'sam@rivera.spec.test',
      phone: '+15125550199',
      companyName: 'Rivera Builders',
      status: 'new',
    };
    const res = await member.agent.post('/api/leads').send(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(String), ...body });
    for (const [field, value] of [
      ['phone', '555-0199'],
      ['status', 'hot'],
    ]) {
      const bad = await member.agent.post('/api/leads').send({ ...body, email: 'x@rivera2.spec.test', [field]: value });
      expect(bad.body.details.map((d: { field: string }) => d.field)).toEqual([field]);
    }
  });

  it('POST /api/tasks (any member)', async () => {
    const res = await member.agent
      .post('/api/tasks')
      .send({ title: 'Call back about the boom lift', priority: 'high', dueDate: '2027-01-05' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Call back about the boom lift', priority: 'high', isAiGenerated: false });
    for (const priority of ['low', 'medium'])
      expect((await member.agent.post('/api/tasks').send({ title: 'p', priority })).status).toBe(201);
    expect((await member.agent.post('/api/tasks').send({ title: 'p', priority: 'urgent' })).status).toBe(400);
  });

  it('POST /api/leads/:id/convert: no body; the new customer; lead converted, a contact of status customer', async () => {
    const lead = await member.agent.post('/api/leads').send({
      leadName: 'Conv Spec',
      email: 'conv@spec.test',
      phone: '+15125550100',
      companyName: 'Conv Co',
      status: 'qualified',
    });
    const res = await member.agent.post(`/api/leads/${lead.body.id}/convert`);
    expect([200, 201]).toContain(res.status);
    expect(res.body).toMatchObject({ id: expect.any(String), name: 'Conv Spec', email: 'conv@spec.test' });
    expect((await member.agent.get(`/api/leads/${lead.body.id}`)).body).toMatchObject({
      status: 'converted',
      customerId: res.body.id,
    });
    expect((await member.agent.get(`/api/customers/${res.body.id}`)).status).toBe(200);
    expect((await member.agent.get(`/api/contacts/${res.body.contactId}`)).body.status).toBe('customer');
    expect((await member.agent.post('/api/leads/00000000-0000-4000-8000-000000000000/convert')).status).toBe(404);
  });

  it('POST /api/admin/impersonate {userId, organizationId} (super_admin): isImpersonating, scoped; POST /api/admin/end-impersonation ends it', async () => {
    const agent = await t.login(root.email, PASSWORD);
    const start = await agent
      .post('/api/admin/impersonate')
      .send({ userId: org.userId, organizationId: org.organizationId });
    expect(start.status).toBe(200);
    expect(start.body.isImpersonating).toBe(true);
    expect((await agent.get('/api/auth/me')).body).toMatchObject({ isImpersonating: true, user: { id: org.userId } });
    expect((await agent.get('/api/organization/users?limit=100')).body.data.map((u: { id: string }) => u.id)).toContain(
      member.userId,
    );
    expect((await agent.delete(`/api/organization/users/${member.userId}`)).status).toBe(403);
    expect((await agent.delete(`/api/admin/organizations/${org.organizationId}`)).status).toBe(403);
    const end = await agent.post('/api/admin/end-impersonation');
    expect(end.status).toBe(200);
    expect(end.body.isImpersonating).toBe(false);
    expect((await agent.get('/api/auth/me')).body).toMatchObject({ isImpersonating: false, user: { id: root.userId } });
    const audit = await agent.get(`/api/admin/audit-log?organizationId=${org.organizationId}&limit=100`);
    expect(audit.body.data.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['impersonation.start', 'GET /api/auth/me', 'POST /api/admin/end-impersonation']),
    );
    const missing = await agent.post('/api/admin/impersonate').send({ userId: org.userId });
    expect(missing.body.details.map((d: { field: string }) => d.field)).toEqual(['organizationId']);
  });

  it('GET /api/admin/organizations (super_admin): the organizations of the service', async () => {
    const res = await root.agent.get('/api/admin/organizations?limit=100');
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { id: string }) => o.id)).toEqual(
      expect.arrayContaining([org.organizationId, root.organizationId]),
    );
  });

  it('POST /plants (bearer): 200 Plant {name, tag}; 400 SampleError {error int32, message}', async () => {
    const key = (await apiKey(org.agent, 'user')).secret;
    const post = (body: object) => anon().post('/plants').set('Authorization', `Bearer ${key}`).send(body);
    const ok = await post({ id: 7, name: 'Fern', tag: 'green' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ name: 'Fern', tag: 'green' });
    const bad = await post({ name: 'Fern' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 400, message: expect.any(String) });
  });
});

describe('Authentication', () => {
  it('cookie sessionId: Path=/; HttpOnly; SameSite=Strict; Max-Age=604800; Secure over https', async () => {
    const plain = sessionCookie(
      await anon().post('/api/auth/login').send({ email: member.email, password: PASSWORD }),
    )!;
    const https = sessionCookie(
      await anon()
        .post('/api/auth/login')
        .set('X-Forwarded-Proto', 'https')
        .send({ email: member.email, password: PASSWORD }),
    )!;
    for (const c of [plain, https])
      for (const attr of ['Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=604800'])
        expect(c.split('; ')).toContain(attr);
    expect(https.split('; ')).toContain('Secure');
    const raw = plain.split(';')[0];
    expect((await anon().get('/api/auth/me').set('Cookie', raw)).status).toBe(200);
  });

  it('login and register need no session: a stale or forged cookie does not stop them', async () => {
    const login = await anon()
      .post('/api/auth/login')
      .set('Cookie', 'sessionId=forged')
      .send({ email: member.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const register = await anon()
      .post('/api/auth/register')
      .set('Cookie', 'sessionId=forged')
      .send({
        email: uniqueEmail('stale'),
        password: PASSWORD,
        organizationName: 'Stale',
        firstName: 'S',
        lastName: 'T',
      });
    expect(register.status).toBe(201);
  });

  it('requests are scoped to the user’s organization: another organization’s records are not found', async () => {
    const other = await t.registerOrg('SpecOther');
    const foreign = (await other.agent.post('/api/customers').send({ name: 'Foreign Co' })).body.id;
    const lead = (await other.agent.post('/api/leads').send({ leadName: 'Foreign Lead' })).body.id;
    expectErrorBody(await member.agent.get(`/api/customers/${foreign}`), 404, 'NOT_FOUND', 'Not Found');
    expect(ids(await member.agent.get('/api/customers?limit=100'))).not.toContain(foreign);
    expect((await member.agent.post(`/api/leads/${lead}/convert`)).status).toBe(404);
  });

  it.each([
    ['GET', '/api/customers', 'user'],
    ['POST', '/api/tasks', 'user'],
    ['PUT', '/api/settings/organization', 'admin'],
    ['DELETE', '/api/organization/users/:userId', 'admin'],
    ['POST', '/api/organization/invite', 'admin'],
    ['POST', '/api/admin/impersonate', 'super_admin'],
    ['GET', '/api/admin/organizations', 'super_admin'],
  ])('role example %s %s: %s; 401 without a session, 403 below the role', async (method, path, role) => {
    const target = await t.addMember(org.organizationId, 'user');
    const bodies: Record<string, object> = {
      '/api/tasks': { title: 'Role example' },
      '/api/settings/organization': { city: 'Springfield' },
      '/api/organization/invite': { email: uniqueEmail('role'), role: 'user', firstName: 'R', lastName: 'E' },
      '/api/admin/impersonate': { userId: target.userId, organizationId: org.organizationId },
    };
    const send = (agent: ReturnType<typeof anon> | Registered['agent']) => {
      const r = (agent as any)[method.toLowerCase()](path.replace(':userId', target.userId));
      return bodies[path] ? r.send(bodies[path]) : r;
    };
    const unauth = await send(anon());
    expectErrorBody(unauth, 401, 'UNAUTHENTICATED', 'Unauthorized');
    const below = { user: null, admin: member, super_admin: org }[role];
    if (below) expectErrorBody(await send(below.agent), 403, 'FORBIDDEN', 'Forbidden');
    const allowed = { user: [member, org], admin: [org, root], super_admin: [root] }[role]!;
    // The first allowed caller acts in its own organization; a super admin elsewhere may meet tenancy (404), never 401/403.
    for (const [i, who] of allowed.entries()) {
      const status = (await send(await t.login(who.email, PASSWORD))).status;
      if (i === 0) expect(status).toBeLessThan(300);
      else expect([401, 403]).not.toContain(status);
    }
  });
});

describe('Errors', () => {
  it('body {error, message, code, details?} and the status table: 400, 401, 403, 404', async () => {
    const invalid = await member.agent.post('/api/leads').send({ leadName: '' });
    expectErrorBody(invalid, 400, 'VALIDATION_ERROR', 'Validation failed');
    expect(invalid.body.details).toEqual([{ field: 'leadName', message: expect.any(String) }]);
    expectErrorBody(await anon().get('/api/customers'), 401, 'UNAUTHENTICATED', 'Unauthorized');
    expectErrorBody(
      await anon().get('/api/customers').set('Cookie', 'sessionId=forged'),
      401,
      'UNAUTHENTICATED',
      'Unauthorized',
    );
    expectErrorBody(
      await member.agent.put('/api/settings/organization').send({ city: 'X' }),
      403,
      'FORBIDDEN',
      'Forbidden',
    );
    expectErrorBody(
      await member.agent.get('/api/customers/00000000-0000-4000-8000-000000000000'),
      404,
      'NOT_FOUND',
      'Not Found',
    );
  });

  it('500: the error body, no internals', async () => {
    await t.sql('alter table organizations rename to organizations_gone');
    try {
      const res = await member.agent.get('/api/auth/me');
      expect(res.body).toEqual({
        error: 'Internal Server Error',
        message: 'Internal server error',
        code: 'INTERNAL_SERVER_ERROR',
        requestId: expect.any(String),
      });
      expect(res.status).toBe(500);
    } finally {
      await t.sql('alter table organizations_gone rename to organizations');
    }
  });

  it('401 SESSION_EXPIRED when the session expired', async () => {
    const agent = await t.login(member.email, PASSWORD);
    clock.advance(7 * DAY + 1000);
    expectErrorBody(await agent.get('/api/customers'), 401, 'SESSION_EXPIRED', 'Unauthorized');
  });
});

describe('Limits (the defaults, per minute)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // '' unsets the test suite's generous limits: the service's own defaults apply.
    limited = await createTestApp({
      RATE_LIMIT_AUTH: '',
      RATE_LIMIT_READ: '',
      RATE_LIMIT_WRITE: '',
      RATE_LIMIT_WEBHOOK: '',
      TRUST_PROXY: 'true',
    });
  });
  afterAll(() => limited.close());

  const expect429 = (res: request.Response) => {
    expectErrorBody(res, 429, 'RATE_LIMITED', 'Too Many Requests');
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
  };

  it('login: 10 per minute per IP, the 11th is 429 with Retry-After; another IP is unaffected', async () => {
    freshRateWindow();
    const login = (ip: string) =>
      request(limited.http)
        .post('/api/auth/login')
        .set('X-Forwarded-For', ip)
        .send({ email: uniqueEmail(), password: 'wrong-password' });
    for (let i = 0; i < 10; i++) expect((await login('198.51.100.1')).status).toBe(401);
    expect429(await login('198.51.100.1'));
    expect((await login('198.51.100.2')).status).toBe(401);
  });

  it('reads 100 and writes 50 per minute', async () => {
    const a = await limited.registerOrg('Limits');
    freshRateWindow();
    for (let i = 0; i < 100; i++) expect((await a.agent.get('/api/customers')).status).toBe(200);
    expect429(await a.agent.get('/api/customers'));
    for (let i = 0; i < 50; i++) expect((await a.agent.post('/api/tasks').send({ title: `w${i}` })).status).toBe(201);
    expect429(await a.agent.post('/api/tasks').send({ title: 'one too many' }));
  });

  it('webhooks: 1000 a minute (outbound deliveries per organization; no inbound webhook endpoint is implemented)', () => {
    expect(limited.deps.config.webhooks.ratePerMinute).toBe(1000);
    expect(limited.deps.config.rateLimits.webhook).toBe(1000);
  });

  it('sessions: 7 days, extended by each request, 30 days at most', async () => {
    const agent = await t.login(member.email, PASSWORD);
    for (let day = 6; day < 30; day += 6) {
      clock.advance(6 * DAY);
      expect((await agent.get('/api/auth/me')).status).toBe(200);
    }
    clock.advance(6 * DAY + 1000);
    expect((await agent.get('/api/auth/me')).body.code).toBe('SESSION_EXPIRED');
  });
});

describe('Events', () => {
  it('envelope {event, timestamp, organizationId, data}; lead.created {id, leadName, email}; lead.converted {leadId, customerId, convertedBy}; HMAC-SHA256 hex', async () => {
    const receiver = await new WebhookReceiver().start();
    try {
      const own = await t.registerOrg('SpecEvents');
      const sub = await subscribe(own.agent, receiver.url, { events: ['lead.created', 'lead.converted'] });
      const lead = await own.agent.post('/api/leads').send({
        leadName: 'Event Spec',
        email: 'event@spec.test',
        phone: '+15125550111',
        companyName: 'Event Co',
        status: 'new',
      });
      const customer = await own.agent.post(`/api/leads/${lead.body.id}/convert`);
      await drain(testWorker(t));
      const [created, converted] = receiver.received.map((r) => r.json);
      for (const e of [created, converted]) {
        expect(Object.keys(e).sort()).toEqual(['data', 'event', 'organizationId', 'timestamp']);
        expect(e.organizationId).toBe(own.organizationId);
        expect(e.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      }
      expect(created).toMatchObject({ event: 'lead.created' });
      expect(created.data).toEqual({ id: lead.body.id, leadName: 'Event Spec', email: 'event@spec.test' });
      expect(converted).toMatchObject({ event: 'lead.converted' });
      expect(converted.data).toEqual({ leadId: lead.body.id, customerId: customer.body.id, convertedBy: own.userId });
      for (const r of receiver.received)
        expect(r.headers['x-webhook-signature']).toBe(createHmac('sha256', sub.secret).update(r.raw).digest('hex'));
    } finally {
      await receiver.close();
    }
  });
});
