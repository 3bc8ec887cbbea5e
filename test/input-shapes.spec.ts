/**
 * Input shapes that reached a 500 (issue 24): JSON nested deep enough to overflow a recursive reader, a body whose
 * Content-Encoding does not decode, and a body that inflates past the body limit. Each is a 4xx with its own code,
 * in the REST error body or GraphQL's errors shape, before anything runs. The sweeps send the same shapes to every
 * REST row and root field (test/support/input-shapes.ts).
 */
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { loadConfig } from '../src/config';
import { inspectJson } from '../src/lib/json-inspect';
import {
  AS_BODY,
  asVariable,
  hostileBodies,
  MAX_DEPTH,
  nestedArrays,
  nestedObjects,
  sendBytes,
  sendHostile,
} from './support/input-shapes';
import { createTestApp, PASSWORD, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT: '4mb' });
  org = await t.registerOrg('Shapes');
});
afterAll(() => t.close());

/** `levels` arrays, one inside the other, built without recursion. */
function nested(levels: number): unknown {
  let v: unknown = [];
  for (let i = 1; i < levels; i++) v = [v];
  return v;
}

const restError = (code: string) => ({
  error: expect.any(String),
  message: expect.any(String),
  code,
  requestId: expect.any(String),
});
const graphqlError = (code: string) => ({
  errors: [{ message: expect.any(String), extensions: expect.objectContaining({ code }) }],
});

describe('inspectJson walks without recursion', () => {
  it('finds nesting past the limit in a value a million levels deep', () => {
    expect(inspectJson(nested(1_000_000), MAX_DEPTH)).toBe('too-deep');
  });

  it('counts the outermost container as level 1', () => {
    expect(inspectJson(nested(MAX_DEPTH), MAX_DEPTH)).toBeUndefined();
    expect(inspectJson(nested(MAX_DEPTH + 1), MAX_DEPTH)).toBe('too-deep');
    expect(inspectJson({ a: { b: 'x' } }, 2)).toBeUndefined();
    expect(inspectJson({ a: { b: {} } }, 2)).toBe('too-deep');
    expect(inspectJson('flat', 0)).toBeUndefined();
  });

  it('finds a NUL character in any string or key', () => {
    expect(inspectJson({ a: [1, { b: 'a\u0000b' }] }, MAX_DEPTH)).toBe('nul');
    expect(inspectJson([{ 'k\u0000': 1 }], MAX_DEPTH)).toBe('nul');
    expect(inspectJson({ a: [1, true, null, 'clean'] }, MAX_DEPTH)).toBeUndefined();
  });

  it('JSON_MAX_DEPTH sets the limit, 64 by default', () => {
    expect(loadConfig({ DATA_DIR: '/nonexistent' }).jsonMaxDepth).toBe(64);
    expect(loadConfig({ DATA_DIR: '/nonexistent', JSON_MAX_DEPTH: '8' }).jsonMaxDepth).toBe(8);
  });
});

describe('JSON nested past JSON_MAX_DEPTH is a 400 JSON_TOO_DEEP', () => {
  it.each(hostileBodies(AS_BODY).filter((s) => s.code === 'JSON_TOO_DEEP'))(
    'on /api/auth/login, without a session: $label',
    async (shape) => {
      const res = await sendHostile(request(t.http).post('/api/auth/login'), shape);
      expect([res.status, res.body]).toEqual([400, restError('JSON_TOO_DEEP')]);
    },
  );

  it('on a REST row, and nothing is written', async () => {
    const [before] = await t.sql<{ n: string }>('select count(*) as n from companies');
    for (const json of [nestedArrays(100_000), `{"name":"Deep","tags":${nestedArrays(MAX_DEPTH)}}`]) {
      const res = await sendBytes(org.agent.post('/api/companies'), Buffer.from(json));
      expect([res.status, res.body]).toEqual([400, restError('JSON_TOO_DEEP')]);
    }
    const [after] = await t.sql<{ n: string }>('select count(*) as n from companies');
    expect(after.n).toBe(before.n);
  });

  it('JSON at the limit is read as usual', async () => {
    const json = `{"name":"Deep enough","industry":${nestedArrays(MAX_DEPTH - 1)}}`;
    const res = await sendBytes(org.agent.post('/api/companies'), Buffer.from(json));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('a 2 MB body of a million nested arrays: JSON.parse does not overflow either', async () => {
    const body = Buffer.from(nestedArrays(1_000_000));
    expect(body.length).toBe(2_000_000);
    const res = await sendBytes(request(t.http).post('/api/auth/login'), body);
    expect([res.status, res.body]).toEqual([400, restError('JSON_TOO_DEEP')]);
  });

  it.each(
    hostileBodies(asVariable('query($x: [[String]]) { __typename }', 'x')).filter((s) => s.code === 'JSON_TOO_DEEP'),
  )('in GraphQL variables of a POST, in the errors shape: $label', async (shape) => {
    const res = await sendHostile(request(t.http).post('/graphql'), shape);
    expect([res.status, res.body]).toEqual([400, graphqlError('JSON_TOO_DEEP')]);
  });

  it.each([
    ['variables', `{"x":${nestedArrays(5000)}}`],
    ['extensions', `{"persistedQuery":${nestedArrays(5000)}}`],
  ])('in the %s of a GraphQL GET (JSON text in the query string)', async (param, json) => {
    const query = encodeURIComponent('query($x: [[String]]) { __typename }');
    // Brackets unencoded: 10,000 of them fit in the request line, three times fewer as %5B.
    const res = await request(t.http)
      .get(`/graphql?query=${query}&${param}=${json}`)
      .set('apollo-require-preflight', '1');
    expect([res.status, res.body]).toEqual([400, graphqlError('JSON_TOO_DEEP')]);
  });

  it('in an inbound provider webhook, which reads its own body', async () => {
    const res = await sendBytes(request(t.http).post('/webhooks/generic/sms'), Buffer.from(nestedObjects(50_000)));
    expect([res.status, res.body]).toEqual([400, restError('JSON_TOO_DEEP')]);
  });
});

describe('Content-Encoding', () => {
  const login = `{"email":"${'@'}","password":"${PASSWORD}"}`;

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ])('a %s body is read as JSON', async (encoding, compress) => {
    const body = compress(Buffer.from(login.replace('@', org.email)));
    const res = await sendBytes(request(t.http).post('/api/auth/login'), body, encoding);
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(org.email);
  });

  it.each(hostileBodies(AS_BODY).filter((s) => s.encoding))('REST: $label is a $status $code', async (shape) => {
    const res = await sendHostile(org.agent.post('/api/companies'), shape);
    expect([res.status, res.body]).toEqual([shape.status, restError(shape.code)]);
  });

  it.each(hostileBodies(asVariable('{ __typename }', 'x')).filter((s) => s.encoding))(
    'GraphQL: $label is a $status $code in the errors shape',
    async (shape) => {
      const res = await sendHostile(org.agent.post('/graphql'), shape);
      expect([res.status, res.body]).toEqual([shape.status, graphqlError(shape.code)]);
    },
  );

  it('a Brotli bomb stops at the body limit too', async () => {
    const body = brotliCompressSync(Buffer.from(`{"x":"${'a'.repeat(16 * 1024 * 1024)}"}`));
    expect(body.length).toBeLessThan(10_000);
    const res = await sendBytes(request(t.http).post('/api/auth/login'), body, 'br');
    expect([res.status, res.body]).toEqual([413, restError('PAYLOAD_TOO_LARGE')]);
  });

  it('an inbound provider webhook (its own body reader) answers an undecodable body with the same 400', async () => {
    const res = await sendBytes(request(t.http).post('/webhooks/generic/sms'), Buffer.from('not gzip'), 'gzip');
    expect([res.status, res.body]).toEqual([400, restError('INVALID_CONTENT_ENCODING')]);
  });
});
