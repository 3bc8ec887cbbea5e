import { EXTRA_PATHS } from '../rest-adapter/openapi.extras';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { routes } from '../src/composition';
import { createTestApp, TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('GET /api/openapi.json documents every row of the route table, from the same table', async () => {
  const res = await request(t.http).get('/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.body.openapi).toBe('3.1.0');
  for (const row of routes) {
    const op = res.body.paths[row.path.replace(/:(\w+)/g, '{$1}')]?.[row.method.toLowerCase()];
    expect(op).toBeDefined();
    expect(Object.keys(op.responses)).toContain(String(row.status ?? 200));
  }
  const count = Object.values(res.body.paths as Record<string, object>).reduce((n, p) => n + Object.keys(p).length, 0);
  expect(count).toBe(routes.length + Object.keys(EXTRA_PATHS).length); // + the routes served beside the table
  expect(res.body.paths['/plants'].post.responses['400']).toBeDefined();
  const ids = Object.values(res.body.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) =>
    Object.values(p).map((op) => op.operationId),
  );
  expect(new Set(ids).size).toBe(ids.length); // unique: generated clients name their functions after them
});

it('describes parameters, bodies and responses from the GraphQL types', async () => {
  const doc = (await request(t.http).get('/api/openapi.json')).body;
  const list = doc.paths['/api/organization/users'].get;
  const limit = list.parameters.find((p: { name: string }) => p.name === 'limit');
  expect(limit).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', default: 50 } });
  expect(list.responses['200'].content['application/json'].schema.properties.pagination.properties.totalItems).toEqual({
    type: 'integer',
    format: 'int32',
  });
  const login = doc.paths['/api/auth/login'].post;
  expect(login.requestBody.content['application/json'].schema).toMatchObject({
    type: 'object',
    required: ['email', 'password'],
    additionalProperties: false,
  });
  expect(login.security).toEqual([]);
  expect(doc.paths['/api/organization/users/{userId}'].get.parameters[0]).toMatchObject({
    name: 'userId',
    in: 'path',
    required: true,
  });
  expect(doc.paths['/api/admin/organizations'].get['x-access']).toBe('super_admin');
});

it('is a valid OpenAPI 3.1 document for the official schema (@seriousme/openapi-schema-validator)', async () => {
  const doc = (await request(t.http).get('/api/openapi.json')).body;
  // The validator is ESM only: it runs in a plain node process (scripts/validate-openapi.mjs).
  const out = execFileSync(process.execPath, [join(__dirname, '..', 'scripts', 'validate-openapi.mjs'), '-'], {
    input: JSON.stringify(doc),
    encoding: 'utf8',
  });
  expect(JSON.parse(out)).toEqual({ valid: true, version: '3.1' });
});

it('serves a browsable page at /api/docs with its assets from the server itself (no CDN)', async () => {
  const page = await request(t.http).get('/api/docs');
  expect(page.status).toBe(200);
  expect(page.type).toBe('text/html');
  const refs = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  expect(refs.length).toBeGreaterThanOrEqual(3);
  for (const ref of refs) {
    expect(ref.startsWith('/api/docs/')).toBe(true);
    expect((await request(t.http).get(ref)).status).toBe(200);
  }
  const init = await request(t.http).get('/api/docs/init.js');
  expect(init.text).toContain('"/api/openapi.json"');
  expect(init.text).toContain('validatorUrl: null');
  expect((await request(t.http).get('/api/docs/assets/package.json')).status).toBe(404);
});
