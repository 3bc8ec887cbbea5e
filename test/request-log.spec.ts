/**
 * Each request's log line names the path the client sent (not the path relative to the router that answered)
 * and the route pattern that matched: the REST table row's path, /graphql, the
 * REST catch-all `/api/*path`, or `unmatched`.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../src/app';
import { createTestApp, TestApp } from './support/test-app';

let t: TestApp;
let app: Awaited<ReturnType<typeof createApp>>;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)));
      cb();
    },
  });
  app = await createApp({ ...t.deps, logger: pino({ level: 'info' }, sink) });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

/** The request line of a response, found by its request id. */
function lineOf(res: request.Response): Record<string, unknown> | undefined {
  return lines.find((l) => l.msg === 'request' && l.reqId === res.headers['x-request-id']);
}

it('carries the full path and the route pattern of REST, GraphQL and unmatched requests', async () => {
  const org = await t.registerOrg('Request log');
  const login = await request(app.app).post('/api/auth/login').send({ email: org.email, password: org.password });
  expect(login.status).toBe(200);
  expect(lineOf(login)).toMatchObject({
    method: 'POST',
    path: '/api/auth/login',
    route: '/api/auth/login',
    status: 200,
  });
  const cookie = login.headers['set-cookie'];

  const id = randomUUID();
  const contact = await request(app.app).get(`/api/contacts/${id}?fields=secret-looking`).set('Cookie', cookie);
  expect(contact.status).toBe(404);
  expect(lineOf(contact)).toMatchObject({ path: `/api/contacts/${id}`, route: '/api/contacts/:id', status: 404 });

  const list = await request(app.app).get('/api/contacts').set('Cookie', cookie);
  expect(list.status).toBe(200);
  expect(lineOf(list)).toMatchObject({ path: '/api/contacts', route: '/api/contacts' });

  const gql = await request(app.app)
    .post('/graphql')
    .set('Cookie', cookie)
    .send({ query: '{ me { authenticatedBy } }' });
  expect(gql.status).toBe(200);
  expect(lineOf(gql)).toMatchObject({ method: 'POST', path: '/graphql', route: '/graphql', status: 200 });

  const nowhere = await request(app.app).get('/api/no-such-thing/here');
  expect(nowhere.status).toBe(404);
  expect(lineOf(nowhere)).toMatchObject({ path: '/api/no-such-thing/here', route: '/api/*path' });
  const outside = await request(app.app).get('/nowhere/at-all');
  expect(lineOf(outside)).toMatchObject({ path: '/nowhere/at-all', route: 'unmatched', status: 404 });

  const health = await request(app.app).get('/healthz');
  expect(lineOf(health)).toMatchObject({ path: '/healthz', route: '/healthz' });
  // No line keeps a query string, and none is relative to its router.
  expect(lines.filter((l) => l.msg === 'request').map((l) => l.path)).not.toContain('/login');
  expect(JSON.stringify(lines)).not.toContain('secret-looking');
});
