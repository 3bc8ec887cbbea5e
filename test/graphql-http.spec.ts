import request from 'supertest';
import { createTestApp, TestApp } from './support/test-app';

describe('GraphQL endpoint settings', () => {
  let dev: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    dev = await createTestApp();
    prod = await createTestApp({ GRAPHQL_INTROSPECTION: 'false', GRAPHQL_SANDBOX: 'false' });
  });
  afterAll(async () => {
    await dev.close();
    await prod.close();
  });

  it('serves the Sandbox landing page and introspection in development', async () => {
    const page = await request(dev.http).get('/graphql').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/sandbox/i);
    const intro = await request(dev.http).post('/graphql').send({ query: '{ __schema { queryType { name } } }' });
    expect(intro.body.data.__schema.queryType.name).toBe('Query');
  });

  it('turns both off when configured (production)', async () => {
    const page = await request(prod.http).get('/graphql').set('Accept', 'text/html');
    expect(page.text ?? '').not.toMatch(/sandbox/i);
    const intro = await request(prod.http).post('/graphql').send({ query: '{ __schema { queryType { name } } }' });
    expect(intro.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('a malformed document keeps Apollo’s parse error code', async () => {
    const res = await request(dev.http).post('/graphql').send({ query: '{ me { ' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });
});
