/** Security headers, the CORS policy, the production start checks and the timeouts. */
import request from 'supertest';
import { loadConfig } from '../src/config';
import { toAppError } from '../src/lib/to-app-error';
import { createTestApp, TestApp } from './support/test-app';

const ALLOWED = 'https://app.example.com';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: `${ALLOWED},https://admin.example.com`, DB_STATEMENT_TIMEOUT_MS: '2000' });
});
afterAll(() => t.close());

describe('security headers (helmet)', () => {
  it.each([
    ['REST', () => request(t.http).get('/api/auth/me')],
    ['GraphQL', () => request(t.http).post('/graphql').send({ query: '{ __typename }' })],
    ['probes', () => request(t.http).get('/healthz')],
  ])('are on %s responses', async (_face, send) => {
    const res = await send();
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('the Sandbox page (development) carries its own nonce policy instead of the header one', async () => {
    const res = await request(t.http).get('/graphql').set('accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.text).toMatch(/<meta http-equiv="Content-Security-Policy" content="script-src 'self' 'nonce-/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('without the Sandbox, GET /graphql in a browser keeps the header policy', async () => {
    const plain = await createTestApp({ GRAPHQL_SANDBOX: 'false' });
    try {
      const res = await request(plain.http).get('/graphql').set('accept', 'text/html');
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    } finally {
      await plain.close();
    }
  });
});

describe('CORS (CORS_ORIGINS)', () => {
  const preflight = (origin: string) =>
    request(t.http)
      .options('/graphql')
      .set('origin', origin)
      .set('access-control-request-method', 'POST')
      .set('access-control-request-headers', 'content-type');

  it('a preflight from a listed origin is allowed with credentials', async () => {
    const res = await preflight(ALLOWED);
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toMatch(/POST/);
    expect(res.headers['access-control-allow-headers']).toMatch(/Content-Type/);
  });

  it('an actual request from a listed origin carries the headers the browser needs', async () => {
    const res = await request(t.http).get('/api/auth/me').set('origin', ALLOWED);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-expose-headers']).toMatch(/X-Request-Id/);
  });

  it('another origin gets no CORS header at all', async () => {
    for (const res of [
      await preflight('https://evil.example'),
      await request(t.http).get('/api/auth/me').set('origin', 'https://evil.example'),
    ]) {
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('no CORS_ORIGINS (the default): no CORS for anyone', async () => {
    const plain = await createTestApp();
    try {
      const res = await request(plain.http)
        .options('/graphql')
        .set('origin', ALLOWED)
        .set('access-control-request-method', 'POST');
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    } finally {
      await plain.close();
    }
  });

  it('a malformed or wildcard origin stops the start', () => {
    expect(() => loadConfig({ CORS_ORIGINS: '*', SESSION_SECRET: 'x'.repeat(32) })).toThrow(
      /CORS_ORIGINS must list origins/,
    );
    expect(() => loadConfig({ CORS_ORIGINS: 'https://app.example.com/path', SESSION_SECRET: 'x'.repeat(32) })).toThrow(
      /CORS_ORIGINS/,
    );
  });
});

describe('production refuses unsafe settings', () => {
  const SAFE = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), DATA_DIR: '/nonexistent-test-data-dir' };

  it('starts with safe settings: no Sandbox, no introspection', () => {
    const config = loadConfig(SAFE);
    expect(config.graphqlSandbox).toBe(false);
    expect(config.graphqlIntrospection).toBe(false);
  });

  it('without SESSION_SECRET', () => {
    expect(() => loadConfig({ ...SAFE, SESSION_SECRET: undefined })).toThrow(
      /NODE_ENV=production refuses to start with unsafe settings:\n {2}- SESSION_SECRET is not set/,
    );
  });

  it('names every unsafe setting at once', () => {
    const env = {
      ...SAFE,
      GRAPHQL_SANDBOX: 'true',
      GRAPHQL_INTROSPECTION: 'on',
      COOKIE_SECURE: 'false',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      CORS_ORIGINS: 'http://app.example.com',
    };
    let message = '';
    try {
      loadConfig(env);
    } catch (e) {
      message = (e as Error).message;
    }
    for (const name of [
      'GRAPHQL_SANDBOX',
      'GRAPHQL_INTROSPECTION',
      'COOKIE_SECURE=false',
      'WEBHOOK_ALLOW_PRIVATE_URLS',
      'CORS_ORIGINS',
    ])
      expect(message).toContain(name);
  });

  it('the same settings are accepted outside production', () => {
    expect(() =>
      loadConfig({ GRAPHQL_SANDBOX: 'true', COOKIE_SECURE: 'false', SESSION_SECRET: 's'.repeat(40) }),
    ).not.toThrow();
  });
});

describe('timeouts', () => {
  it('PostgreSQL cancels a statement past DB_STATEMENT_TIMEOUT_MS, and that is a 503 REQUEST_TIMEOUT', async () => {
    expect(await t.sql<{ statement_timeout: string }>('show statement_timeout')).toEqual([{ statement_timeout: '2s' }]);
    const error = await t.sql('select pg_sleep(3)').catch((e: unknown) => e);
    expect(toAppError(error)).toMatchObject({ code: 'REQUEST_TIMEOUT', status: 503 });
  });

  it('a request past REQUEST_TIMEOUT_MS is answered 503 REQUEST_TIMEOUT', async () => {
    const hasty = await createTestApp({ REQUEST_TIMEOUT_MS: '1' });
    try {
      const org = await hasty.registerOrg('Hasty').catch(() => undefined);
      const res = await (org?.agent ?? request(hasty.http)).get('/api/customers');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        error: 'Service Unavailable',
        message: 'The request did not finish within 1 ms',
        code: 'REQUEST_TIMEOUT',
        requestId: res.headers['x-request-id'],
      });
    } finally {
      await hasty.close();
    }
  });
});
