/**
 * Property-based fuzzing (fast-check) of every REST operation of the OpenAPI document (/api/openapi.json) and every
 * GraphQL root field, one test case each, with requests generated from the documented schemas (test/support/fuzz.ts):
 * - never a 5xx;
 * - a REST 4xx carries the documented error body ({error, message, code, details?}; the sample /plants API its
 *   SampleError), a VALIDATION_ERROR names its fields; a GraphQL error carries extensions.code;
 * - bodies go mostly as they are, sometimes compressed (gzip, deflate, br), corrupt or in an unknown Content-Encoding,
 *   and any field may hold arrays nested around JSON_MAX_DEPTH or far past it (test/support/input-shapes.ts);
 * - a rejected request writes nothing: every table that belongs to an organization counts its writes per
 *   organization (a trigger installed in this file's own database), and a rejected request must leave the count
 *   of its organization as it was.
 * - every Subscription root field gets generated variables over graphql-ws, one subscription at a time (a started one
 *   is told apart by the live hub's count, so they do not run in lanes): it starts, or is refused with errors that
 *   carry extensions.code, none internal; these count in the same BUDGET.
 * Requests run in LANES organizations at once (each lane one organization, its admin and its records; ids of the
 * other lanes are the foreign ones), each lane one request at a time so that every write is attributed to the one
 * request that made it. Seeded: FUZZ_SEED (default below) gives the same requests every run; a failure prints the
 * seed and the counterexample. FUZZ_RUNS scales the number of requests.
 */
import fc from 'fast-check';
import { Pool } from 'pg';
import request from 'supertest';
import type { GraphQLField } from 'graphql';
import { buildAppBaseSchema, compileRoutes, routes as rows } from '../src/composition';
import type { CompiledRoute } from '../rest-adapter/compile';
import { EXTRA_PATHS } from '../rest-adapter/openapi.extras';
import { populatedOrganizations } from './support/fixtures';
import { fromJsonSchema, IdRef, Json, resolveIds, seedOf, variablesArb, wrongValue } from './support/fuzz';
import { encoded, sendBytes, Transport, transportArb } from './support/input-shapes';
import { apiKey } from './support/accounts';
import { liveClient, LiveClient, until } from './support/live-client';
import { badRefusal, subscriptionDocument, subscriptionFields, trySubscribe } from './support/subscription-sweep';
import {
  Catalog,
  declaredSchema,
  fullSelection,
  idSlots,
  loadCatalog,
  NOWHERE_ID,
  operationFor,
  recordsOf,
  RootName,
  rootFields,
  tableOfIdName,
  tableOfOutput,
  tableOfPathParam,
} from './support/schema-sweep';
import { Agent, createTestApp, PASSWORD, Registered, TestApp } from './support/test-app';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const LANES = 4;
/**
 * The suite's budget: the 10,000 requests the hardening issue asks for, spread over every case as evenly as whole
 * property runs (of LANES requests) allow: BUDGET / LANES runs in all, each case the same number or one more, at
 * least three each. The budget is fixed, not per case: a new row or root field is one more case, and every case gets a
 * little less, so the sweep's time stays bounded as the API grows. `FUZZ_RUNS=5` sends five times as many.
 */
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const BUDGET = 10_000;

const restOps: [string, string, string][] = [
  ...rows.map((r): [string, string, string] => [`${r.method} ${r.path}`, r.method, r.path]),
  ...Object.entries(EXTRA_PATHS).flatMap(([path, ops]) =>
    Object.keys(ops).map((m): [string, string, string] => [`${m.toUpperCase()} ${path}`, m.toUpperCase(), path]),
  ),
];
const declared = declaredSchema();
const graphqlOps = rootFields(declared).map(({ root, field }): [string, RootName, string] => [
  `${root}.${field.name}`,
  root,
  field.name,
]);
const subscriptionOps = subscriptionFields(declared).map((f): [string, string] => [`Subscription.${f.name}`, f.name]);
/** Property runs of each case, by label: the budget's runs dealt out one by one, in the order of the cases. */
const RUNS = (() => {
  const labels = [...restOps, ...graphqlOps, ...subscriptionOps].map(([label]) => label);
  const total = Math.ceil((SCALE * BUDGET) / LANES);
  const each = Math.floor(total / labels.length);
  return new Map(labels.map((label, i) => [label, Math.max(3, each + (i < total % labels.length ? 1 : 0))]));
})();

interface Lane {
  org: Registered;
  agent?: Agent;
  session?: string;
  records: Map<string, string[]>;
}

let t: TestApp;
let compiled: CompiledRoute[];
let catalog: Catalog;
let openapi: { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };
let schema: Awaited<ReturnType<typeof buildAppBaseSchema>>;
const lanes: Lane[] = [];
/** Tables a read writes too (a session slides): not counted as writes. */
let readTables: string[] = [];
/**
 * The write counter's own connections, one per lane, as the tables' owner: read before and after every request, so
 * not through the app's pool (each read there would switch a connection's access away from the app's and back).
 */
let counter: Pool;
let sent = 0;
let rejected = 0;

beforeAll(async () => {
  t = await createTestApp({ LIVE_SUBSCRIBES_PER_MINUTE: '100000' }); // the subscription cases are many a minute
  schema = await buildAppBaseSchema();
  compiled = compileRoutes(schema);
  const orgs = await populatedOrganizations(
    t,
    Array.from({ length: LANES }, (_, i) => `Fuzz ${i}`),
  );
  lanes.push(...orgs.map((org) => ({ org, records: new Map<string, string[]>() })));
  catalog = await loadCatalog(t);
  openapi = (await request(t.http).get('/api/openapi.json')).body;
  counter = new Pool({ connectionString: t.databaseUrl, max: LANES });
  await installWriteCounter();
  // Calibrate: what do plain reads write? (the session slides). Those tables are not writes of a request.
  const before = await writesByTable(lanes[0].org.organizationId);
  const agent = await t.login(lanes[0].org.email, PASSWORD);
  await agent.get('/api/auth/me');
  await agent.get('/api/contacts');
  await agent.post('/graphql').send({ query: '{ me { user { id } } }' });
  const after = await writesByTable(lanes[0].org.organizationId);
  readTables = [...after.keys()].filter((k) => after.get(k) !== before.get(k));
}, 300_000);
afterAll(async () => {
  console.log(
    `fuzz sweep: seed ${SEED}, ${restOps.length} REST operations, ${graphqlOps.length} GraphQL root fields, ${sent} requests (${rejected} rejected)`,
  );
  await counter.end();
  await t.close();
});

/** A row trigger on every table that belongs to an organization counts its writes per organization and table. */
async function installWriteCounter(): Promise<void> {
  await t.sql(
    `create table fuzz_writes (org uuid not null, tbl text not null, n bigint not null, primary key (org, tbl))`,
  );
  await t.sql(`create function fuzz_count() returns trigger language plpgsql as $fn$
    declare o text;
    begin
      o := case when TG_TABLE_NAME = 'organizations' then coalesce(to_jsonb(NEW) ->> 'id', to_jsonb(OLD) ->> 'id')
                else coalesce(to_jsonb(NEW) ->> 'organization_id', to_jsonb(OLD) ->> 'organization_id') end;
      if o is not null then
        insert into fuzz_writes values (o::uuid, TG_TABLE_NAME, 1) on conflict (org, tbl) do update set n = fuzz_writes.n + 1;
      end if;
      return null;
    end $fn$`);
  for (const table of ['organizations', ...catalog.owned]) {
    await t.sql(
      `create trigger fuzz_count after insert or update or delete on "${table}" for each row execute function fuzz_count()`,
    );
  }
}

async function writesByTable(organizationId: string): Promise<Map<string, number>> {
  const rowsOf = await t.sql<{ tbl: string; n: string }>(`select tbl, n from fuzz_writes where org = $1`, [
    organizationId,
  ]);
  return new Map(rowsOf.map((r) => [r.tbl, Number(r.n)]));
}

/** The writes counted for an organization, as one comparable text (`table:n,...`), the tables a read writes left out. */
async function writes(organizationId: string): Promise<string> {
  const {
    rows: [row],
  } = await counter.query<{ w: string | null }>(
    `select string_agg(tbl || ':' || n, ',' order by tbl) as w from fuzz_writes where org = $1 and not (tbl = any($2))`,
    [organizationId, readTables],
  );
  return row.w ?? '';
}

function changed(before: string, after: string): string {
  const b = new Map(
    before
      .split(',')
      .filter(Boolean)
      .map((x) => x.split(':') as [string, string]),
  );
  return after
    .split(',')
    .filter(Boolean)
    .map((x) => x.split(':'))
    .filter(([tbl, n]) => b.get(tbl) !== n)
    .map(([tbl, n]) => `${tbl} +${Number(n) - Number(b.get(tbl) ?? 0)}`)
    .join(', ');
}

it('counts writes per organization, and not the reads', async () => {
  const lane = lanes[0];
  const agent = await t.login(lane.org.email, PASSWORD);
  const before = await writes(lane.org.organizationId);
  await agent.get('/api/contacts');
  expect(await writes(lane.org.organizationId)).toBe(before);
  expect((await agent.post('/api/companies').send({ name: 'Counted' })).status).toBe(201);
  expect(changed(before, await writes(lane.org.organizationId))).toMatch(/companies \+1/);
  expect(readTables.length).toBeLessThanOrEqual(2);
});

/** The id an IdRef names, for a lane: its n-th record of the kind, another lane's, or none. */
function resolver(laneIndex: number, kindOf: (name: string) => string | undefined) {
  return (ref: IdRef): string => {
    if (ref.pool === 'nowhere') return NOWHERE_ID;
    const lane = lanes[ref.pool === 'own' ? laneIndex : (laneIndex + 1 + (ref.n % (LANES - 1))) % LANES];
    const kind = kindOf(ref.name);
    const ids = (kind && lane.records.get(kind)) || [...lane.records.values()].flat();
    return ids.length ? ids[ref.n % ids.length] : NOWHERE_ID;
  };
}

/** One request in a lane, as its admin; what is wrong with the answer, if anything. */
async function inLane(
  lane: Lane,
  send: (agent: Agent) => Promise<request.Response>,
  judge: (res: request.Response) => { problem?: string; rejected: boolean },
  label: string,
): Promise<string | undefined> {
  lane.agent ??= await t.login(lane.org.email, PASSWORD);
  const before = await writes(lane.org.organizationId);
  const res = await send(lane.agent);
  sent++;
  const after = await writes(lane.org.organizationId);
  // A response that ends or replaces the session (logout, register, login) or a 401: log in again for the next one.
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('sessionId='));
  const value = cookie?.slice('sessionId='.length).split(';')[0];
  if (res.status === 401 || value === '' || (value && lane.session && value !== lane.session))
    [lane.agent, lane.session] = [undefined, undefined];
  else if (value) lane.session = value;
  const verdict = judge(res);
  if (verdict.rejected) rejected++;
  if (verdict.problem) return `${label}: ${verdict.problem}`;
  if (verdict.rejected && after !== before)
    return `${label}: a rejected request (${res.status} ${(res.text ?? '').slice(0, 200)}) wrote rows: ${changed(before, after)}`;
  return undefined;
}

function resolveRef(schemaOrRef: Json | undefined): Json | undefined {
  const ref = schemaOrRef?.$ref;
  return typeof ref === 'string' ? openapi.components.schemas[ref.split('/').pop()!] : schemaOrRef;
}

/** Whether a REST answer keeps the contract: no 5xx, a 4xx with the documented error body. */
function judgeRest(op: Json) {
  return (res: request.Response) => {
    const brief = `${res.status} ${(res.text ?? '').slice(0, 300)}`; // a file row (a PDF) answers bytes, no text
    if (res.status >= 500) return { problem: brief, rejected: true };
    if (res.status < 400) return { rejected: false };
    const responses = (op.responses ?? {}) as Record<string, Json>;
    const documented = (
      (responses[String(res.status)]?.content as Json | undefined)?.['application/json'] as Json | undefined
    )?.schema as Json | undefined;
    const errorSchema = resolveRef(documented) ?? openapi.components.schemas.Error;
    const body = res.body as Json;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      return { problem: `no error body: ${brief}`, rejected: true };
    const props = (errorSchema.properties ?? {}) as Record<string, Json>;
    for (const key of (errorSchema.required ?? []) as string[])
      if (!(key in body)) return { problem: `error body without ${key}: ${brief}`, rejected: true };
    for (const [key, value] of Object.entries(body)) {
      const type = props[key]?.type;
      if (!type) return { problem: `error body with an undocumented key ${key}: ${brief}`, rejected: true };
      const ok =
        type === 'array' ? Array.isArray(value) : type === 'integer' ? Number.isInteger(value) : typeof value === type;
      if (!ok) return { problem: `error body's ${key} is not ${String(type)}: ${brief}`, rejected: true };
    }
    if (body.code === 'VALIDATION_ERROR') {
      const details = (body.details ?? []) as { field?: unknown }[];
      if (!details.length || details.some((d) => typeof d.field !== 'string' || d.field === ''))
        return { problem: `VALIDATION_ERROR without a named field: ${brief}`, rejected: true };
    }
    return { rejected: true };
  };
}

function judgeGraphql(name: string) {
  return (res: request.Response) => {
    const brief = `${res.status} ${(res.text ?? '').slice(0, 300)}`; // a file row (a PDF) answers bytes, no text
    if (res.status >= 500) return { problem: brief, rejected: true };
    const body = res.body as { data?: Json | null; errors?: { extensions?: { code?: unknown } }[] };
    if (!body || typeof body !== 'object') return { problem: `not a GraphQL answer: ${brief}`, rejected: true };
    const errors = body.errors ?? [];
    if (errors.some((e) => typeof e.extensions?.code !== 'string'))
      return { problem: `an error without extensions.code: ${brief}`, rejected: true };
    if (errors.some((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR'))
      return { problem: `internal error: ${brief}`, rejected: true };
    if (res.status >= 400 && !errors.length)
      return { problem: `a ${res.status} without errors: ${brief}`, rejected: true };
    return { rejected: errors.length > 0 && (body.data ?? null)?.[name] == null };
  };
}

async function refreshRecords(): Promise<void> {
  const records = await Promise.all(lanes.map((lane) => recordsOf(t, catalog, lane.org.organizationId)));
  lanes.forEach((lane, i) => (lane.records = records[i]));
}

/** Runs a property over batches of LANES requests, one per lane; the seed and the shrunk counterexample are printed on failure. */
async function fuzz<T>(
  label: string,
  arb: fc.Arbitrary<T>,
  numRuns: number,
  run: (laneIndex: number, value: T) => Promise<string | undefined>,
): Promise<void> {
  await refreshRecords();
  const seed = seedOf(SEED, label);
  try {
    await fc.assert(
      fc.asyncProperty(fc.array(arb, { minLength: LANES, maxLength: LANES }), async (batch) => {
        // Every lane's request is over before the next batch (or a shrink) starts, even when one of them throws:
        // otherwise a lane would have two requests in flight and a write could be charged to the wrong one.
        const outcomes = await Promise.allSettled(batch.map((value, i) => run(i, value)));
        const problems = outcomes
          .map((o) => (o.status === 'fulfilled' ? o.value : `threw: ${String(o.reason)}`))
          .filter((p): p is string => !!p);
        if (problems.length) throw new Error(problems.join('\n'));
      }),
      { seed, numRuns },
    );
  } catch (e) {
    const cause = (e as { cause?: unknown }).cause;
    const why = cause instanceof Error ? cause.message : String(cause ?? '');
    const text = `${(e as Error).message}\n${why}`.replace(
      /(.)\1{200,}/g,
      (run, ch: string) => `${ch}...(${run.length} times)`,
    );
    throw new Error(
      `${label} (FUZZ_SEED=${SEED}, this case's seed ${seed}; replay with FUZZ_SEED=${SEED} npx jest test/fuzz-sweep.test.ts -t '${label}')\n${text}`,
      { cause: e },
    );
  }
}

describe('REST: every operation of the OpenAPI document', () => {
  it('documents exactly the operations fuzzed here', () => {
    const documented = Object.entries(openapi.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(restOps.map(([, m, p]) => `${m} ${p.replace(/:(\w+)/g, '{$1}')}`).sort());
  });

  it.each(restOps)(
    '%s: no 5xx, the documented error body, nothing written when rejected',
    async (label, method, path) => {
      const op = openapi.paths[path.replace(/:(\w+)/g, '{$1}')][method.toLowerCase()];
      const route = compiled.find((r) => r.row.method === method && r.row.path === path);
      const params = ((op.parameters ?? []) as Json[]).map((p) => ({
        name: String(p.name),
        in: String(p.in),
        required: !!p.required,
        schema: (p.schema ?? {}) as Json,
      }));
      const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, Json>;
      const bodySchema = content['application/json']?.schema as Json | undefined;
      const example = (content['application/json']?.example as Json | undefined) ?? route?.row.example;
      const context = route ? tableOfOutput(route.field.type, catalog) : undefined;
      const kindOf = (name: string) =>
        route && route.args.some((b) => b.source === 'path' && b.key === name)
          ? tableOfPathParam(route, name, compiled, catalog)
          : tableOfIdName(name, context, catalog);

      const value = (s: Json, name: string) => fromJsonSchema(s, name);
      const pathArb = fc.record(
        Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, value(p.schema, p.name)])),
      );
      const queryArb = fc.record(
        Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, value(p.schema, p.name)])),
        { requiredKeys: [] },
      );
      const bodyArb: fc.Arbitrary<unknown> = bodySchema
        ? fc.oneof(
            { weight: 5, arbitrary: fromJsonSchema(bodySchema, 'body') },
            // The example with one field replaced: close to valid, so the rules behind the validation are reached too.
            {
              weight: example ? 3 : 0,
              arbitrary: fc
                .tuple(fc.constantFrom(...Object.keys(example ?? { x: 1 })), fromJsonSchema({}, 'x'))
                .chain(([key]) =>
                  fromJsonSchema(((bodySchema.properties ?? {}) as Record<string, Json>)[key] ?? {}, key).map((v) => ({
                    ...example,
                    [key]: v,
                  })),
                ),
            },
            { weight: 1, arbitrary: wrongValue },
            { weight: 1, arbitrary: fc.constant(undefined) },
          )
        : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: wrongValue });
      const requestArb = fc.record({ path: pathArb, query: queryArb, body: bodyArb, transport: transportArb });

      await fuzz(label, requestArb, RUNS.get(label)!, (i, generated) => {
        const r = resolveIds(generated, resolver(i, kindOf)) as {
          path: Json;
          query: Json;
          body: unknown;
          transport: Transport;
        };
        // Path and query values are cut to 1,000 characters: a request line over Node's header limit (16 KB) is refused
        // by its HTTP parser (431, no body) before the service sees it. Oversized values still go in bodies.
        const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).slice(0, 1000);
        // A lone surrogate cannot be percent-encoded as UTF-8: it goes as the invalid escape it would be.
        const encode = (v: string) => {
          try {
            return encodeURIComponent(v);
          } catch {
            return '%ED%A0%80';
          }
        };
        const url = path.replace(/:(\w+)/g, (_m, name: string) => encode(text(r.path[name])));
        const query = Object.fromEntries(Object.entries(r.query).map(([k, v]) => [k, text(v)]));
        return inLane(
          lanes[i],
          (agent) => {
            const req = agent[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](url).query(query);
            if (r.body === undefined) return req;
            const { body, encoding } = encoded(JSON.stringify(r.body), r.transport);
            return sendBytes(req, body, encoding);
          },
          judgeRest(op),
          `${method} ${url}?${new URLSearchParams(query).toString().slice(0, 80)} ${r.transport} ${JSON.stringify(r.body)?.slice(0, 200)}`,
        );
      });
    },
  );
});

describe('GraphQL: every root field', () => {
  it.each(graphqlOps)(
    '%s: no 5xx, errors with extensions.code, nothing written when rejected',
    async (label, root, name) => {
      const field = (root === 'Query' ? schema.getQueryType() : schema.getMutationType())!.getFields()[
        name
      ] as GraphQLField<unknown, unknown>;
      const document = operationFor(root, field, fullSelection(field.type, 2));
      const kinds = new Map(idSlots(field, catalog, compiled).map((s) => [s.name, s.table]));
      const context = tableOfOutput(field.type, catalog);
      const kindOf = (n: string) => kinds.get(n) ?? tableOfIdName(n, context, catalog);
      await fuzz(label, fc.tuple(variablesArb(field), transportArb), RUNS.get(label)!, (i, [generated, transport]) => {
        const variables = resolveIds(generated, resolver(i, kindOf)) as Json;
        const { body, encoding } = encoded(JSON.stringify({ query: document, variables }), transport);
        return inLane(
          lanes[i],
          (agent) => sendBytes(agent.post('/graphql'), body, encoding),
          judgeGraphql(name),
          `${label} ${transport} ${JSON.stringify(variables).slice(0, 300)}`,
        );
      });
    },
  );
});

describe('GraphQL over WebSocket: every Subscription root field', () => {
  let live: LiveClient | undefined;
  afterAll(() => live?.client.dispose());

  it.each(subscriptionOps)(
    '%s: starts or is refused with extensions.code, never an internal error',
    async (label, name) => {
      await refreshRecords();
      const hub = t.deps.services.liveHub;
      if (!live) {
        const key = await apiKey(await t.login(lanes[0].org.email, PASSWORD), 'admin');
        live = liveClient(await t.serve(), { authorization: `Bearer ${key.secret}` });
      }
      const field = schema.getSubscriptionType()!.getFields()[name];
      const document = subscriptionDocument(field);
      const kinds = new Map(idSlots(field, catalog, compiled).map((s) => [s.name, s.table]));
      const context = tableOfOutput(field.type, catalog);
      const kindOf = (n: string) => kinds.get(n) ?? tableOfIdName(n, context, catalog);
      const problems: string[] = [];
      // the lane's share of the budget, one at a time, as lane 0's admin (other lanes' ids are the foreign ones)
      for (const generated of fc.sample(variablesArb(field), {
        seed: seedOf(SEED, label),
        numRuns: RUNS.get(label)! * LANES,
      })) {
        const variables = resolveIds(generated, resolver(0, kindOf)) as Json;
        const tried = await trySubscribe(live.client, hub, document, variables);
        sent++;
        tried.stop();
        await until(() => hub.subscribers === 0, 'stopped');
        const bad = badRefusal(tried);
        if (bad) problems.push(`${label} ${JSON.stringify(variables).slice(0, 200)}: ${bad}`);
      }
      expect(problems).toEqual([]);
    },
  );
});

it('sent at least 10,000 generated requests', () => {
  expect(sent).toBeGreaterThanOrEqual(10_000 * Math.min(SCALE, 1));
});
