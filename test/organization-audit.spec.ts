/**
 * The organization's audit log (docs/accounts.md, "Audit"): a write made while a super admin impersonates names both
 * identities, and the organization's admins read it through GET /api/audit and `organizationAuditLog`, filtered;
 * another organization's admin never sees it, a plain user is refused.
 */
import { superAdmin } from './support/accounts';
import { Agent, createTestApp, PASSWORD, Registered, TestApp, uniqueEmail } from './support/test-app';

let t: TestApp;
let root: Awaited<ReturnType<typeof superAdmin>>;
let org: Registered;
let user: Registered;
let contactId: string;

beforeAll(async () => {
  t = await createTestApp();
  root = await superAdmin(t);
  org = await t.registerOrg('Audited');
  user = await t.addMember(org.organizationId, 'user');
  const support: Agent = await t.login(root.email, PASSWORD);
  await support
    .post('/api/admin/impersonate')
    .send({ userId: org.userId, organizationId: org.organizationId })
    .expect(200);
  const created = await support.post('/api/contacts').send({ name: 'Made by support', email: uniqueEmail('c') });
  expect(created.status).toBe(201);
  contactId = created.body.id;
  await t.gql(support, `mutation { updateContact(id: "${contactId}", input: { name: "Fixed" }) { id } }`);
  await support.get('/api/contacts').expect(200);
  await support.post('/api/api-keys').send({ name: 'refused', role: 'admin' }).expect(403);
  await support.post('/api/admin/end-impersonation').expect(200);
});
afterAll(() => t.close());

const both = () => ({
  user: { id: org.userId, email: org.email },
  impersonator: { id: root.userId, email: root.email },
});

describe('GET /api/audit', () => {
  it('shows each request made while impersonating, with both identities, the operation, the record and the outcome', async () => {
    const res = await org.agent.get('/api/audit').query({ limit: 100 });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          ...both(),
          action: 'POST /api/contacts',
          operation: 'createContact',
          kind: 'write',
          method: 'POST',
          path: '/api/contacts',
          recordId: contactId,
          status: 201,
          createdAt: expect.any(String),
        }),
        expect.objectContaining({
          ...both(),
          action: 'graphql mutation: updateContact',
          operation: 'updateContact',
          kind: 'write',
          method: 'POST',
          path: '/graphql',
          recordId: contactId,
          status: 200,
        }),
        expect.objectContaining({ ...both(), operation: 'createApiKey', kind: 'write', status: 403 }),
        expect.objectContaining({ ...both(), operation: 'contacts', kind: 'read', status: 200 }),
        expect.objectContaining({ action: 'impersonation.start', ...both() }),
      ]),
    );
    expect(res.body.pagination).toMatchObject({ currentPage: 1, totalItems: res.body.data.length });
    const times = res.body.data.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('filters by kind, operation, actor and day, and pages', async () => {
    const get = async (query: Record<string, unknown>) => {
      const res = await org.agent.get('/api/audit').query(query);
      expect(res.status).toBe(200);
      return res.body as { data: { operation: string; kind: string }[]; pagination: { totalItems: number } };
    };
    const writes = await get({ kind: 'write' });
    expect(writes.data.length).toBeGreaterThanOrEqual(3);
    expect(writes.data.every((e) => e.kind === 'write')).toBe(true);
    expect((await get({ operation: 'createContact' })).data.map((e) => e.operation)).toEqual(['createContact']);
    expect((await get({ impersonatorId: root.userId })).pagination.totalItems).toBeGreaterThanOrEqual(5);
    expect((await get({ userId: user.userId })).data).toEqual([]);
    expect((await get({ startDate: '2000-01-01', endDate: '2000-01-02' })).data).toEqual([]);
    expect((await get({ startDate: '2000-01-01', endDate: '2999-01-01' })).pagination.totalItems).toBeGreaterThan(0);
    const first = await get({ limit: 1, page: 2 });
    expect(first.data).toHaveLength(1);
    const bad = await org.agent.get('/api/audit').query({ kind: 'delete' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });

  it('is empty for another organization’s admin and refused to a plain user', async () => {
    const other = await t.registerOrg('Elsewhere');
    const res = await other.agent.get('/api/audit').query({ impersonatorId: root.userId });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(JSON.stringify((await other.agent.get('/api/audit')).body)).not.toContain(org.organizationId.slice(-12));
    const refused = await user.agent.get('/api/audit');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
  });
});

describe('organizationAuditLog (GraphQL)', () => {
  const query = `query Log($kind: AuditKind, $operation: String) {
    organizationAuditLog(kind: $kind, operation: $operation) {
      data { action operation kind recordId status user { id email } impersonator { id email } }
      pagination { totalItems }
    }
  }`;
  type Log = {
    organizationAuditLog: { data: Record<string, unknown>[]; pagination: { totalItems: number } };
  };

  it('reads the same entries, filtered', async () => {
    const res = await t.gql<Log>(org.agent, query, { kind: 'write', operation: 'updateContact' });
    expect(res.errors).toBeUndefined();
    expect(res.data?.organizationAuditLog.data).toEqual([
      {
        action: 'graphql mutation: updateContact',
        operation: 'updateContact',
        kind: 'write',
        recordId: contactId,
        status: 200,
        ...both(),
      },
    ]);
  });

  it('is empty for another organization’s admin and FORBIDDEN for a plain user', async () => {
    const other = await t.registerOrg('ElsewhereGql');
    const res = await t.gql<Log>(other.agent, query, {});
    expect(res.data?.organizationAuditLog).toEqual({ data: [], pagination: { totalItems: 0 } });
    const refused = await t.gql<Log>(user.agent, query, {});
    expect(refused.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});
