import request from 'supertest';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let other: Registered;
let members: Registered[];

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Lists');
  other = await t.registerOrg('Other');
  members = [];
  for (const role of ['user', 'user', 'admin', 'user'] as const)
    members.push(await t.addMember(org.organizationId, role));
  // Creation days, for the date-range filter: 2026-01-01 .. 2026-01-05 in order of creation.
  const ids = [org.userId, ...members.map((m) => m.userId)];
  for (const [i, id] of ids.entries())
    await t.sql(`update users set created_at = $1 where id = $2`, [`2026-01-0${i + 1}T12:00:00Z`, id]);
});
afterAll(() => t.close());

describe('the spec list shape and parameters', () => {
  it('defaults to page 1 of 50 and answers {data, pagination}', async () => {
    const res = await org.agent.get('/api/organization/users');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(5);
    expect(res.body.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalItems: 5,
      pageSize: 50,
      hasNextPage: false,
      hasPreviousPage: false,
    });
  });

  it('pages without overlap', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await org.agent.get(`/api/organization/users?page=${page}&limit=2`);
      expect(res.body.pagination).toMatchObject({
        currentPage: page,
        totalPages: 3,
        totalItems: 5,
        pageSize: 2,
        hasNextPage: page < 3,
        hasPreviousPage: page > 1,
      });
      seen.push(...res.body.data.map((u: { id: string }) => u.id));
    }
    expect(new Set(seen).size).toBe(5);
  });

  it.each([
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['limit=ten', 'limit'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['sortOrder=up', 'sortOrder'],
    ['startDate=2026-13-01', 'startDate'],
    ['startDate=yesterday', 'startDate'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await org.agent.get(`/api/organization/users?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('an empty parameter means "not given", as HTML forms send unset fields', async () => {
    const res = await org.agent.get(
      '/api/organization/users?role=&startDate=&endDate=&search=&sortBy=&sortOrder=&page=&limit=',
    );
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ totalItems: 5, pageSize: 50, currentPage: 1 });
  });

  it('an unknown sortBy is a 400 that lists the allowed fields', async () => {
    const res = await org.agent.get('/api/organization/users?sortBy=password');
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'sortBy', message: expect.stringMatching(/createdAt.*email/) }]);
  });

  it('sorts, searches case-insensitively and partially, filters, and combines them', async () => {
    const desc = await org.agent.get('/api/organization/users?sortBy=email&sortOrder=desc');
    const emails = desc.body.data.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());

    const search = await org.agent.get(`/api/organization/users?search=${members[2].email.slice(0, 12).toUpperCase()}`);
    expect(search.body.data.map((u: { id: string }) => u.id)).toEqual([members[2].userId]);

    const users = await org.agent.get('/api/organization/users?role=user');
    expect(users.body.pagination.totalItems).toBe(3);

    const combined = await org.agent.get(
      '/api/organization/users?role=user&startDate=2026-01-03&endDate=2026-01-05&sortBy=createdAt&sortOrder=desc',
    );
    expect(combined.body.data.map((u: { id: string }) => u.id)).toEqual([members[3].userId, members[1].userId]);
  });

  it('the date range is whole UTC days, endDate inclusive', async () => {
    const res = await org.agent.get('/api/organization/users?startDate=2026-01-02&endDate=2026-01-02');
    expect(res.body.data.map((u: { id: string }) => u.id)).toEqual([members[0].userId]);
    const reversed = await org.agent.get('/api/organization/users?startDate=2026-01-03&endDate=2026-01-02');
    expect(reversed.status).toBe(400);
  });

  it('GraphQL takes the same parameters', async () => {
    const res = await t.gql<{ users: { data: { email: string }[]; pagination: { totalItems: number } } }>(
      org.agent,
      '{ users(role: admin, limit: 1) { data { email role } pagination { totalItems hasNextPage } } }',
    );
    expect(res.data?.users.pagination).toEqual({ totalItems: 2, hasNextPage: true });
    const bad = await t.gql(org.agent, '{ users(limit: 500) { data { id } } }');
    expect(bad.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'limit', message: expect.any(String) }],
    });
  });
});

describe('tenancy', () => {
  it('lists only the caller’s organization', async () => {
    const res = await other.agent.get('/api/organization/users');
    expect(res.body.data.map((u: { id: string }) => u.id)).toEqual([other.userId]);
  });

  it('another organization’s record is 404 in REST and NOT_FOUND in GraphQL, like a missing one', async () => {
    const foreign = await other.agent.get(`/api/organization/users/${members[0].userId}`).set('X-Request-Id', 'same');
    const missing = await other.agent
      .get('/api/organization/users/00000000-0000-4000-8000-000000000000')
      .set('X-Request-Id', 'same');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    const gql = await t.gql(other.agent, 'query($id: ID!) { user(id: $id) { email } }', { id: members[0].userId });
    expect(gql.errors?.[0].extensions.code).toBe('NOT_FOUND');
    expect(gql.data ?? null).toBeNull();
  });

  it('a query of tenant data without an organization scope fails instead of leaking', async () => {
    const em = t.orm.em.fork();
    const { User } = await import('../src/modules/accounts/users/user.entity');
    await expect(em.find(User, {})).rejects.toThrow(/No arguments provided for filter 'tenant'/);
  });
});

describe('roles', () => {
  it('not logged in is 401, logged in without the role is 403, with the role 200', async () => {
    const anon = await request(t.http).get('/api/admin/organizations');
    expect(anon.status).toBe(401);
    const admin = await org.agent.get('/api/admin/organizations');
    expect(admin.status).toBe(403);
    expect(admin.body).toEqual({
      error: 'Forbidden',
      message: 'This requires the super_admin role',
      code: 'FORBIDDEN',
      requestId: expect.any(String),
    });
    const gql = await t.gql(org.agent, '{ adminOrganizations { data { id } } }');
    expect(gql.errors?.[0].extensions.code).toBe('FORBIDDEN');

    const root = await t.addMember(other.organizationId, 'super_admin');
    const ok = await root.agent.get('/api/admin/organizations?limit=100');
    expect(ok.status).toBe(200);
    const mine = ok.body.data.find((o: { id: string }) => o.id === org.organizationId);
    expect(mine.userCount).toBe(5);
  });

  it('@Guard refuses a second rule on one field', async () => {
    const { Guard } = await import('../src/graphql/guard');
    const { isAdmin, isAuthenticated } = await import('../src/graphql/rules');
    const twice = () => {
      class Twice {
        @Guard(isAdmin)
        @Guard(isAuthenticated)
        probe(): string {
          return 'x';
        }
      }
      return Twice;
    };
    expect(twice).toThrow('@Guard twice on Twice.probe');
  });

  it('a root field without a shield rule is denied (fallbackRule deny)', async () => {
    const { ruleTree, buildAppBaseSchema, resolvers } = await import('../src/composition');
    // Every root field of the service has a rule...
    const base = await buildAppBaseSchema();
    for (const root of ['Query', 'Mutation'] as const) {
      const fields = Object.keys((root === 'Query' ? base.getQueryType() : base.getMutationType())!.getFields());
      expect(fields.filter((f) => !ruleTree[root][f])).toEqual([]);
    }
    // ...and one that has none is really denied: the service's schema plus a resolver whose fields have no rule
    // (and one given a rule, as the control), served by the same Apollo handler behind the same authentication,
    // called with a real super admin's session (the most a caller can be).
    const { Mutation, Query, Resolver } = await import('type-graphql');
    const { buildAppSchema } = await import('../src/graphql/schema');
    const { createGraphqlHandler } = await import('../src/graphql/apollo');
    const { measureGraphqlRequest } = await import('../src/graphql/graphql-request');
    const { PersistedQueries } = await import('../src/graphql/persisted-queries');
    const { QueryLimits } = await import('../src/graphql/query-limits');
    const { authenticate } = await import('../src/modules/accounts/auth/authenticate');
    const { isAuthenticated } = await import('../src/graphql/rules');
    const { Guard, rulesOf } = await import('../src/graphql/guard');
    const express = (await import('express')).default;
    @Resolver()
    class UnguardedProbeResolver {
      @Query(() => String)
      unguardedProbe(): string {
        return 'reached';
      }

      @Guard(isAuthenticated)
      @Query(() => String)
      guardedProbe(): string {
        return 'reached';
      }

      // The rule follows the field's schema name, not the method's.
      @Guard(isAuthenticated)
      @Query(() => String, { name: 'renamedProbe' })
      renamedProbeMethod(): string {
        return 'reached';
      }

      @Mutation(() => String)
      unguardedProbeMutation(): string {
        return 'reached';
      }
    }
    const probed = [...resolvers, UnguardedProbeResolver] as typeof resolvers;
    const schema = await buildAppSchema(probed, rulesOf(probed));
    const persisted = new PersistedQueries();
    const graphql = await createGraphqlHandler(t.deps, schema, persisted);
    try {
      const app = express();
      app.use(express.json());
      app.use(authenticate(t.deps));
      // Apollo runs only what the query limits measured (graphql/apollo-guards.ts).
      const measure = measureGraphqlRequest(new QueryLimits(schema, t.deps.config.queryLimits), persisted);
      app.use('/graphql', measure, graphql.handler);
      const root = await t.addMember(other.organizationId, 'super_admin');
      const login = await request(t.http).post('/api/auth/login').send({ email: root.email, password: root.password });
      const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
      const ask = (query: string) => request(app).post('/graphql').set('Cookie', cookie).send({ query });

      const guarded = await ask('{ guardedProbe renamedProbe }');
      expect(guarded.body).toEqual({ data: { guardedProbe: 'reached', renamedProbe: 'reached' } });
      for (const query of ['{ unguardedProbe }', 'mutation { unguardedProbeMutation }']) {
        const denied = await ask(query);
        expect(denied.body.data).toBeNull();
        expect(denied.body.errors.map((e: { extensions: { code: string } }) => e.extensions.code)).toEqual([
          'FORBIDDEN',
        ]);
      }
    } finally {
      await graphql.stop();
    }
  });
});
