/**
 * Walks EVERY row of the REST table as an admin of a populated organization and sends malformed input:
 * each body field of the row's example set to a wrong type (and the body itself as an array or a string),
 * and malformed query parameters on every GET row. No answer may be a 5xx; every 4xx carries the error
 * body {error, message, code, details?}, and a VALIDATION_ERROR's details name a field.
 * Every row and every GraphQL root field also gets the input shapes of test/support/input-shapes.ts (JSON nested
 * past JSON_MAX_DEPTH, undecodable or unknown Content-Encoding, a gzip bomb), each answered with its own 4xx and code.
 * Every Subscription root field gets malformed variables over graphql-ws (test/support/subscription-sweep.ts): each is
 * refused with a graphql-ws error whose errors carry extensions.code, none internal, and nothing starts.
 * A new route or root field is covered the moment it is added.
 */
import type request from 'supertest';
import { buildAppBaseSchema, compileRoutes } from '../src/composition';
import type { CompiledRoute } from '../rest-adapter/compile';
import { populateOrganization } from './support/fixtures';
import { AS_BODY, asVariable, HostileBody, hostileBodies, nestedArrays, sendHostile } from './support/input-shapes';
import {
  Catalog,
  fullSelection,
  loadCatalog,
  operationFor,
  recordsOf,
  rootFields,
  tableOfPathParam,
} from './support/schema-sweep';
import { Agent, createTestApp, PASSWORD, Registered, TestApp } from './support/test-app';
import { apiKey } from './support/accounts';
import { liveClient, until } from './support/live-client';
import { badRefusal, malformedCases, subscriptionFields, trySubscribe } from './support/subscription-sweep';
import { buildArgs, declaredSchema } from './support/schema-sweep';

const EXAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** Wrong values for one field: every wrong type, plus the edge values of the right ones. */
const WRONG_VALUES: unknown[] = [
  12345,
  'not-a-number',
  { nested: 'object' },
  ['an', 'array'],
  null,
  'x'.repeat(10_000),
  -1,
  -1.5,
  true,
  '',
  '2026-02-30',
  '99999-12-31',
  '9'.repeat(40),
  '-0.001',
  1e21,
  2_147_483_648,
  0.5,
  'not-a-uuid',
];
const BAD_QUERIES: Record<string, string>[] = [
  { page: '-1' },
  { page: '0' },
  { page: '99999999999999999999' },
  { page: '2147483647', limit: '100' },
  { limit: 'abc' },
  { limit: '-5' },
  { sortBy: '__proto__' },
  { sortBy: 'constructor' },
  { sortOrder: 'sideways' },
  { startDate: '2026-02-30' },
  { endDate: 'yesterday' },
  { startDate: '2026-12-31', endDate: '2026-01-01' },
  { ownerId: 'not-a-uuid' },
  { status: 'bogus' },
  { search: 'x'.repeat(2000) },
  { search: '%_\\\'"' },
];

let t: TestApp;
let org: Registered;
let routes: CompiledRoute[];
let catalog: Catalog;
let records: Map<string, string[]>;

beforeAll(async () => {
  t = await createTestApp();
  routes = compileRoutes(await buildAppBaseSchema());
  org = await t.registerOrg('Robust');
  await populateOrganization(t, org);
  catalog = await loadCatalog(t);
  records = await recordsOf(t, catalog, org.organizationId);
}, 120_000); // the first file of a run may wait for the migrated template (docs/testing.md, "On a busy machine")
afterAll(() => t.close());

/** The row's path with each parameter replaced by a real id of this organization of the kind the path names (test/support/schema-sweep.ts). */
function pathOf(route: CompiledRoute): string {
  return route.row.path.replace(
    /:(\w+)/g,
    (_m, param: string) => records.get(tableOfPathParam(route, param, routes, catalog) ?? '')?.[0] ?? EXAMPLE_ID,
  );
}

let agent: Agent | undefined;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** As the admin. One session for the sweep; a request that ends it gets a new one for the next. */
async function exchange(
  method: string,
  path: string,
  build: (req: request.Test) => request.Test,
): Promise<request.Response> {
  agent ??= await t.login(org.email, PASSWORD);
  const res = await build(agent[method.toLowerCase() as Method](path));
  const cleared = ([] as string[]).concat(res.headers['set-cookie'] ?? []).some((c) => c.startsWith('sessionId=;'));
  if (cleared || res.status === 401) agent = undefined;
  return res;
}

function call(
  route: CompiledRoute,
  path: string,
  body?: unknown,
  query?: Record<string, string>,
): Promise<request.Response> {
  return exchange(route.row.method, path, (req) => {
    if (query) req = req.query(query);
    if (typeof body === 'string') return req.set('content-type', 'application/json').send(JSON.stringify(body));
    return body !== undefined ? req.send(body as object) : req;
  });
}

async function inBatches<T>(items: T[], fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += 8) await Promise.all(items.slice(i, i + 8).map(fn));
}

/** Every malformed variant of an example: each field (and each field of nested objects) set to each wrong value. */
function variants(example: Record<string, unknown>): { label: string; body: unknown }[] {
  const out: { label: string; body: unknown }[] = [
    { label: 'body as array', body: [example] },
    { label: 'body as string', body: 'a string' },
  ];
  const walk = (value: Record<string, unknown>, set: (v: Record<string, unknown>) => unknown, prefix: string) => {
    for (const [key, inner] of Object.entries(value)) {
      for (const wrong of WRONG_VALUES)
        out.push({
          label: `${prefix}${key}=${JSON.stringify(wrong).slice(0, 20)}`,
          body: set({ ...value, [key]: wrong }),
        });
      const first = Array.isArray(inner) ? inner[0] : inner;
      if (first && typeof first === 'object' && !Array.isArray(first)) {
        walk(
          first as Record<string, unknown>,
          (v) => set({ ...value, [key]: Array.isArray(inner) ? [v] : v }),
          `${prefix}${key}.`,
        );
      }
    }
  };
  walk(example, (v) => v, '');
  return out;
}

function problem(res: request.Response, label: string): string | undefined {
  const brief = `${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
  if (res.status >= 500) return brief;
  if (res.status < 400) return undefined;
  const b = res.body as Record<string, unknown>;
  if (typeof b?.error !== 'string' || typeof b.message !== 'string' || typeof b.code !== 'string')
    return `no error body: ${brief}`;
  if (Object.keys(b).some((k) => !['error', 'message', 'code', 'details', 'requestId'].includes(k)))
    return `extra keys: ${brief}`;
  if (b.requestId !== res.headers['x-request-id']) return `requestId is not the X-Request-Id header: ${brief}`;
  if (b.details !== undefined && !Array.isArray(b.details)) return `details not an array: ${brief}`;
  if (b.code === 'VALIDATION_ERROR') {
    const details = (b.details ?? []) as { field?: unknown }[];
    if (!details.length || details.some((d) => typeof d.field !== 'string' || d.field === ''))
      return `VALIDATION_ERROR without a named field: ${brief}`;
  }
  return undefined;
}

it('covers every row of the table', () => {
  expect(routes.filter((r) => r.row.body && r.row.example).length).toBeGreaterThanOrEqual(20);
  expect(
    routes.filter((r) => r.row.path.includes(':') && !pathOf(r).includes(EXAMPLE_ID)).length,
  ).toBeGreaterThanOrEqual(60);
});

it('no malformed body or query parameter is answered with a 5xx or without the error body', async () => {
  const problems: string[] = [];
  let requests = 0;
  for (const route of routes) {
    const label = `${route.row.method} ${route.row.path}`;
    const path = pathOf(route);
    if (route.row.body) {
      await inBatches(variants(route.row.example ?? {}), async (v) => {
        requests++;
        const p = problem(await call(route, path, v.body), `${label} ${v.label}`);
        if (p) problems.push(p);
      });
    }
    if (route.row.method === 'GET') {
      const own = route.args
        .filter((a) => a.source === 'query')
        .map((a) => Object.fromEntries([[a.key, 'x'.repeat(300)]]));
      await inBatches([...BAD_QUERIES, ...own], async (query) => {
        requests++;
        const p = problem(
          await call(route, path, undefined, query),
          `${label} ?${new URLSearchParams(query).toString().slice(0, 60)}`,
        );
        if (p) problems.push(p);
      });
    }
  }
  expect(requests).toBeGreaterThan(500);
  expect(problems).toEqual([]);
}, 300_000);

/** The shape's own status and code, in the REST error body or (GraphQL) as errors[0].extensions.code. */
function refusedAs(
  res: request.Response,
  shape: Pick<HostileBody, 'status' | 'code'>,
  label: string,
  graphql: boolean,
) {
  const code = graphql
    ? (res.body as { errors?: { extensions?: { code?: unknown } }[] })?.errors?.[0]?.extensions?.code
    : res.body?.code;
  if (res.status === shape.status && code === shape.code) return graphql ? undefined : problem(res, label);
  return `${label}: expected ${shape.status} ${shape.code}, got ${res.status} ${res.text.slice(0, 200)}`;
}

it('every row and root field refuses deep JSON, an undecodable or unknown Content-Encoding and a gzip bomb', async () => {
  const problems: string[] = [];
  const shapes = hostileBodies(AS_BODY);
  for (const route of routes) {
    const label = `${route.row.method} ${route.row.path}`;
    await inBatches(shapes, async (shape) => {
      const res = await exchange(route.row.method, pathOf(route), (req) => sendHostile(req, shape));
      const p = refusedAs(res, shape, `${label} ${shape.label}`, false);
      if (p) problems.push(p);
    });
  }
  const fields = rootFields(await buildAppBaseSchema());
  for (const { root, field } of fields) {
    const document = operationFor(root, field, fullSelection(field.type, 1));
    const variable = field.args[0]?.name ?? 'x';
    await inBatches(hostileBodies(asVariable(document, variable)), async (shape) => {
      const res = await exchange('post', '/graphql', (req) => sendHostile(req, shape));
      const p = refusedAs(res, shape, `${root}.${field.name} ${shape.label}`, true);
      if (p) problems.push(p);
    });
    // A GET carries its variables as JSON text in the query string (brackets unencoded: 10,000 fit in the request line).
    const get = `/graphql?query=${encodeURIComponent(document)}&variables={"${variable}":${nestedArrays(5000)}}`;
    const res = await exchange('get', get, (req) => req.set('apollo-require-preflight', '1'));
    const p = refusedAs(res, { status: 400, code: 'JSON_TOO_DEEP' }, `${root}.${field.name} GET variables`, true);
    if (p) problems.push(p);
  }
  expect(fields.length).toBeGreaterThan(100);
  expect(problems).toEqual([]);
}, 300_000);

it('every Subscription root field refuses malformed variables with a graphql-ws error and its code', async () => {
  const base = await t.serve();
  const hub = t.deps.services.liveHub;
  const live = liveClient(base, { authorization: `Bearer ${(await apiKey(org.agent, 'admin')).secret}` });
  const fields = subscriptionFields(await buildAppBaseSchema());
  expect(fields.map((f) => f.name)).toEqual(subscriptionFields(declaredSchema()).map((f) => f.name));
  const problems: string[] = [];
  let cases = 0;
  for (const field of fields)
    for (const c of malformedCases(field, buildArgs(field, { id: () => EXAMPLE_ID }))) {
      cases++;
      const tried = await trySubscribe(live.client, hub, c.document, c.variables);
      tried.stop();
      await until(() => hub.subscribers === 0, 'stopped');
      const bad = tried.started ? 'started' : badRefusal(tried);
      if (bad) problems.push(`${field.name} ${JSON.stringify(c.variables)}: ${bad}`);
    }
  await live.client.dispose();
  expect(problems).toEqual([]);
  expect(cases).toBeGreaterThanOrEqual(2 * fields.length);
});
