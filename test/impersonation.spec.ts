import { ensureSuperAdmin } from '../src/modules/accounts/admin/super-admin-bootstrap';
import { populateOrganization, tenantTables } from './support/fixtures';
import { superAdmin } from './support/accounts';
import { createTestApp, PASSWORD, Registered, TestApp, uniqueEmail } from './support/test-app';

let t: TestApp;
let root: Awaited<ReturnType<typeof superAdmin>>;
let acme: Registered;
let acmeUser: Registered;
beforeAll(async () => {
  t = await createTestApp();
  root = await superAdmin(t);
  acme = await t.registerOrg('Acme');
  acmeUser = await t.addMember(acme.organizationId, 'user');
});
afterAll(() => t.close());

const audit = (actor: string) =>
  t.sql<{
    action: string;
    status: number;
    impersonated_user_id: string;
    target_organization_id: string;
    actor_email: string;
  }>('select * from audit_entries where actor_user_id = $1 order by created_at, action', [actor]);

describe('creating the first super admin', () => {
  it('ensureSuperAdmin (scripts/create-super-admin.ts) creates one and, run again, resets the password', async () => {
    const email = uniqueEmail('boot');
    const first = await ensureSuperAdmin(t.orm, { email, password: 'first-password' });
    expect(first.created).toBe(true);
    const again = await ensureSuperAdmin(t.orm, { email, password: 'second-password' });
    expect(again.created).toBe(false);
    const agent = await t.login(email, 'second-password');
    expect((await agent.get('/api/auth/me')).body.user.role).toBe('super_admin');
    expect((await agent.get('/api/admin/organizations')).status).toBe(200);
    await expect(ensureSuperAdmin(t.orm, { email, password: 'short' })).rejects.toThrow();
  });
});

describe('impersonation', () => {
  it('is super admin only', async () => {
    const res = await acme.agent
      .post('/api/admin/impersonate')
      .send({ userId: acmeUser.userId, organizationId: acme.organizationId });
    expect(res.status).toBe(403);
    expect((await acme.agent.post('/api/admin/end-impersonation')).status).toBe(403);
    expect((await acme.agent.get('/api/admin/audit-log')).status).toBe(403);
  });

  it('404 for a user that is not in the named organization; 403 for a super admin target', async () => {
    const other = await t.registerOrg('Other');
    expect(
      (
        await root.agent
          .post('/api/admin/impersonate')
          .send({ userId: acmeUser.userId, organizationId: other.organizationId })
      ).status,
    ).toBe(404);
    expect(
      (
        await root.agent
          .post('/api/admin/impersonate')
          .send({ userId: root.userId, organizationId: root.organizationId })
      ).status,
    ).toBe(403);
    const bad = await root.agent
      .post('/api/admin/impersonate')
      .send({ userId: 'nope', organizationId: acme.organizationId });
    expect(bad.status).toBe(400);
  });

  it('scopes every request to the impersonated user, audits each one, refuses deletes, and ends', async () => {
    const agent = await t.login(root.email, PASSWORD);
    const start = await agent
      .post('/api/admin/impersonate')
      .send({ userId: acme.userId, organizationId: acme.organizationId });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      isImpersonating: true,
      user: { id: acme.userId, email: acme.email },
      organization: { id: acme.organizationId },
    });

    const me = await agent.get('/api/auth/me');
    expect(me.body).toMatchObject({
      isImpersonating: true,
      user: { id: acme.userId },
      organization: { id: acme.organizationId },
      impersonator: { id: root.userId, email: root.email },
    });
    const users = await agent.get('/api/organization/users');
    expect(users.body.data.map((u: { id: string }) => u.id).sort()).toEqual([acme.userId, acmeUser.userId].sort());
    // Acts with the impersonated user's role: an admin, so no platform tools now.
    expect((await agent.get('/api/admin/organizations')).status).toBe(403);
    const gql = await t.gql<{ users: { data: { id: string }[] } }>(agent, '{ users { data { id } } }');
    expect(gql.data?.users.data).toHaveLength(2);

    const del = await agent.delete(`/api/organization/users/${acmeUser.userId}`);
    expect(del.status).toBe(403);
    const gqlDel = await t.gql(agent, `mutation { removeUser(id: "${acmeUser.userId}") { id } }`);
    expect(gqlDel.errors?.[0].extensions.code).toBe('IMPERSONATION_FORBIDDEN');
    const other = await t.registerOrg('Spared');
    expect((await agent.delete(`/api/admin/organizations/${other.organizationId}`)).status).toBe(403);
    expect(await t.sql('select 1 from users where id = $1', [acmeUser.userId])).toHaveLength(1);

    const end = await agent.post('/api/admin/end-impersonation');
    expect(end.status).toBe(200);
    expect(end.body).toMatchObject({ isImpersonating: false, user: { id: root.userId } });
    const after = await agent.get('/api/auth/me');
    expect(after.body).toMatchObject({ isImpersonating: false, impersonator: null, user: { id: root.userId } });
    expect((await agent.get('/api/admin/organizations')).status).toBe(200);

    const rows = await audit(root.userId);
    const actions = rows.map((r) => `${r.action} -> ${r.status}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'impersonation.start -> 200',
        'GET /api/auth/me -> 200',
        'GET /api/organization/users -> 200',
        'GET /api/admin/organizations -> 403',
        'graphql query: users -> 200',
        `DELETE /api/organization/users/${acmeUser.userId} -> 403`,
        'graphql mutation: removeUser -> 403',
        `DELETE /api/admin/organizations/${other.organizationId} -> 403`,
        'POST /api/admin/end-impersonation -> 200',
      ]),
    );
    expect(
      rows
        .filter((r) => r.action !== 'impersonation.start')
        .every(
          (r) =>
            r.impersonated_user_id === acme.userId &&
            r.target_organization_id === acme.organizationId &&
            r.actor_email === root.email,
        ),
    ).toBe(true);
    // After the end, requests are no longer audited.
    expect(rows.some((r) => r.action === 'GET /api/admin/organizations' && r.status === 200)).toBe(false);

    const log = await root.agent.get('/api/admin/audit-log').query({ organizationId: acme.organizationId, limit: 100 });
    expect(log.status).toBe(200);
    expect(log.body.data.length).toBe(rows.length);
    expect(log.body.data[0]).toMatchObject({
      actorUserId: root.userId,
      impersonatedUserId: acme.userId,
      action: expect.any(String),
      status: expect.any(Number),
      createdAt: expect.any(String),
    });
  });

  it('impersonating an organization’s user does not let the super admin’s own session see other organizations', async () => {
    const agent = await t.login(root.email, PASSWORD);
    await agent
      .post('/api/admin/impersonate')
      .send({ userId: acmeUser.userId, organizationId: acmeUser.organizationId })
      .expect(200);
    const other = await t.registerOrg('Hidden');
    expect((await agent.get(`/api/organization/users/${other.userId}`)).status).toBe(404);
    // a user-role target: admin operations are refused
    expect((await agent.get('/api/organization/invitations')).status).toBe(403);
    await agent.post('/api/admin/end-impersonation').expect(200);
  });
});

describe('DELETE /api/admin/organizations/:organizationId', () => {
  it('removes all of the organization’s data and leaves the other organizations untouched', async () => {
    const doomed = await t.registerOrg('Doomed');
    const kept = await t.registerOrg('Kept');
    await populateOrganization(t, doomed);
    await populateOrganization(t, kept);
    const countsOf = async (organizationId: string) => {
      const out: Record<string, number> = {};
      for (const table of await tenantTables(t))
        out[table] = Number(
          (
            await t.sql<{ n: string }>(`select count(*) as n from "${table}" where organization_id = $1`, [
              organizationId,
            ])
          )[0].n,
        );
      return out;
    };
    const keptBefore = await countsOf(kept.organizationId);
    const doomedBefore = await countsOf(doomed.organizationId);
    expect(Object.values(doomedBefore).filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);

    expect((await kept.agent.delete(`/api/admin/organizations/${doomed.organizationId}`)).status).toBe(403);
    const res = await root.agent.delete(`/api/admin/organizations/${doomed.organizationId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Organization deleted', id: doomed.organizationId });

    expect(Object.values(await countsOf(doomed.organizationId)).every((n) => n === 0)).toBe(true);
    expect(await t.sql('select 1 from organizations where id = $1', [doomed.organizationId])).toHaveLength(0);
    expect(await countsOf(kept.organizationId)).toEqual(keptBefore);
    expect((await doomed.agent.get('/api/auth/me')).status).toBe(401);
    expect((await kept.agent.get('/api/auth/me')).status).toBe(200);
    expect((await root.agent.delete(`/api/admin/organizations/${doomed.organizationId}`)).status).toBe(404);
    expect((await root.agent.delete(`/api/admin/organizations/${root.organizationId}`)).status).toBe(409);
    const rows = await audit(root.userId);
    expect(
      rows.some(
        (r) => r.action.startsWith('organization.delete') && r.target_organization_id === doomed.organizationId,
      ),
    ).toBe(true);
  });
});
