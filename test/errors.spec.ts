import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../src/app';
import { createTestApp, TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT: '2kb' });
});
afterAll(() => t.close());

describe('the error body', () => {
  it('malformed JSON is 400 with the error body', async () => {
    const res = await request(t.http)
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Bad Request',
      message: 'Malformed JSON in request body',
      code: 'BAD_REQUEST',
      requestId: expect.any(String),
    });
  });

  it('a body over the limit is 413 with the error body', async () => {
    const res = await request(t.http)
      .post('/api/auth/login')
      .send({ email: 'a@example.com', password: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: 'Payload Too Large',
      message: expect.any(String),
      code: 'PAYLOAD_TOO_LARGE',
      requestId: expect.any(String),
    });
  });

  it('an unknown /api path is 404 with the error body, whatever the method', async () => {
    for (const method of ['get', 'post', 'delete'] as const) {
      const res = await request(t.http)[method]('/api/no-such-thing');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: 'Not Found',
        message: expect.stringContaining('/api/no-such-thing'),
        code: 'NOT_FOUND',
        requestId: expect.any(String),
      });
    }
    expect((await request(t.http).get('/nowhere')).status).toBe(404);
  });

  it('a JSON body that is not an object is a 400 naming the body', async () => {
    const res = await request(t.http).post('/api/auth/login').set('content-type', 'application/json').send('[1,2]');
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'body', message: expect.any(String) }]);
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    const mine = await request(t.http).get('/healthz').set('X-Request-Id', 'trace-123');
    expect(mine.headers['x-request-id']).toBe('trace-123');
    const odd = await request(t.http).get('/healthz').set('X-Request-Id', 'has spaces <script>');
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('input the database cannot hold (found by the fuzz sweep)', () => {
  it('a day of year 0 is a 400 like any impossible date, not a 500 at the database', async () => {
    const t2 = await t.registerOrg('Year zero');
    const res = await t2.agent.get('/api/forecast?startDate=0000-01-01');
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'startDate', message: expect.any(String) }]);
    expect((await t2.agent.get('/api/organization/users?endDate=0000-12-31')).status).toBe(400);
    expect((await t2.agent.get('/api/forecast?startDate=0001-01-01')).status).toBe(200);
  });

  it('a NUL byte in a value or an id is a 400 with the error body, not a 500', async () => {
    const t2 = await t.registerOrg('Nul');
    const path = await t2.agent.get('/api/organization/users/a%00b');
    expect(path.status).toBe(400);
    expect(path.body).toEqual({
      error: 'Bad Request',
      message: expect.any(String),
      code: 'BAD_REQUEST',
      requestId: expect.any(String),
    });
    const gql = await t.gql(t2.agent, 'mutation($input: CustomerInput!) { createCustomer(input: $input) { id } }', {
      input: { name: 'N', billingZipCode: 'a\u0000b' },
    });
    expect(gql.errors?.map((e) => e.extensions.code)).toEqual(['BAD_REQUEST']);
  });

  it('a number its column cannot hold (a rating of 5e-324 underflows real) is a 400, not a 500', async () => {
    const t2 = await t.registerOrg('Underflow');
    const res = await t2.agent.post('/api/companies').send({ name: 'Tiny', rating: 5e-324 });
    expect([res.status, res.body.code]).toEqual([400, 'BAD_REQUEST']);
    const created = await t2.agent.post('/api/companies').send({ name: 'Rated', rating: 4.5 });
    const gql = await t.gql(
      t2.agent,
      'mutation($id: ID!) { updateCompany(id: $id, input: { rating: 5e-324 }) { id } }',
      {
        id: created.body.id,
      },
    );
    expect(gql.errors?.map((e) => e.extensions.code)).toEqual(['BAD_REQUEST']);
  });

  it('a path that cannot be percent-decoded is a 400 with the error body, not a 500', async () => {
    const t2 = await t.registerOrg('Percent');
    const res = await t2.agent.get('/api/pipelines/%ED%A0%80');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Bad Request',
      message: expect.any(String),
      code: 'BAD_REQUEST',
      requestId: expect.any(String),
    });
  });

  it('text a validator cannot read (a lone surrogate in an email) is a 400, not a 500', async () => {
    const res = await request(t.http)
      .post('/api/auth/forgot-password')
      .set('content-type', 'application/json')
      .send('{"email":"\\ud800"}');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    const gql = await t.gql(t.agent(), 'mutation($input: LoginInput!) { login(input: $input) { message } }', {
      input: { email: '\ud800', password: 'x' },
    });
    expect(gql.errors?.map((e) => e.extensions.code)).toEqual(['VALIDATION_ERROR']);
  });

  it('null for an argument that has a default is a validation error, not an internal one', async () => {
    const t2 = await t.registerOrg('Null page');
    const res = await t.gql(t2.agent, 'query($page: Int) { contacts(page: $page) { pagination { currentPage } } }', {
      page: null,
    });
    expect(res.errors?.map((e) => [e.extensions.code, e.extensions.details])).toEqual([
      ['VALIDATION_ERROR', [{ field: 'page', message: expect.any(String) }]],
    ]);
  });
});

describe('a server fault', () => {
  it('is a 500 that shows no stack, SQL or internals, and is logged with the request id', async () => {
    const f = await createTestApp();
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(JSON.parse(String(chunk)));
        cb();
      },
    });
    const app = await createApp({ ...f.deps, logger: pino({ level: 'info' }, sink) });
    try {
      const org = await f.registerOrg('Broken');
      const cookie = (await request(app.app).post('/api/auth/login').send({ email: org.email, password: org.password }))
        .headers['set-cookie'];
      await f.sql('alter table organizations rename to organizations_gone');
      const res = await request(app.app).get('/api/auth/me').set('Cookie', cookie);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        error: 'Internal Server Error',
        message: 'Internal server error',
        code: 'INTERNAL_SERVER_ERROR',
        requestId: expect.any(String),
      });
      const reqId = res.headers['x-request-id'];
      const logged = lines.find((l) => l.reqId === reqId && l.level === 50);
      expect(logged).toBeDefined();
      expect(JSON.stringify(logged)).toContain('organizations');
      // Every request's line carries its id, whether or not anything else logged for it.
      const ok = await request(app.app).get('/healthz');
      expect(lines.find((l) => l.msg === 'request' && l.reqId === ok.headers['x-request-id'])).toMatchObject({
        method: 'GET',
        path: '/healthz',
        status: 200,
      });
      expect(lines.find((l) => l.msg === 'request' && l.reqId === reqId)).toMatchObject({ status: 500 });

      const gql = await request(app.app)
        .post('/graphql')
        .set('Cookie', cookie)
        .send({ query: '{ me { organization { name } } }' });
      expect(gql.body.errors[0]).toEqual({
        message: 'Internal server error',
        locations: expect.any(Array),
        path: ['me'],
        extensions: { code: 'INTERNAL_SERVER_ERROR' },
      });
      expect(JSON.stringify(gql.body)).not.toMatch(/organizations|select|stack/i);
    } finally {
      await app.close();
      await f.close();
    }
  });
});

describe('probes', () => {
  it('/healthz and /readyz answer 200 while the database is up', async () => {
    expect((await request(t.http).get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await request(t.http).get('/readyz')).body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('/readyz answers 503 when the database cannot be reached', async () => {
    const f = await createTestApp();
    await f.orm.close(true);
    const res = await request(f.http).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
    await f.close().catch(() => undefined);
  });
});

describe('malformed ids', () => {
  it('a malformed id in a path is a 404 like any unknown id, never a 500', async () => {
    const org = await t.registerOrg('Ids');
    for (const id of ['not-a-uuid', '1', "x'--"]) {
      const res = await org.agent.get(`/api/organization/users/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error: 'Not Found',
        message: 'Resource not found',
        code: 'NOT_FOUND',
        requestId: expect.any(String),
      });
    }
    const gql = await t.gql(org.agent, '{ user(id: "nope") { id } }');
    expect(gql.errors?.[0].extensions.code).toBe('NOT_FOUND');
  });
});
