/**
 * The OpenAPI document cannot drift from what the API answers: every row of the REST table is called once
 * as an admin of a populated organization (GET rows with real ids; the others with their example body,
 * its ids replaced by real ones), and each answer is checked against the row's documented responses:
 * the status must be documented, a success body must match the documented schema (ajv, JSON Schema
 * 2020-12 as OpenAPI 3.1 uses), an error body the Error schema.
 */
import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { buildAppBaseSchema, compileRoutes } from '../src/composition';
import type { CompiledRoute } from '../rest-adapter/compile';
import { populateOrganization } from './support/fixtures';
import { appWithFakes, closeWithFakes, googlePlace, PLACES_KEY, ProviderFakes } from './support/provider-fakes';
import { idOfTables, pathWithIds, TABLE_OF_SEGMENT } from './support/route-paths';
import { Agent, PASSWORD, Registered, TestApp } from './support/test-app';

type Json = Record<string, unknown>;

let t: TestApp;
let org: Registered;
let routes: CompiledRoute[];
let doc: {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Json }> }> }>>;
  components: { schemas: Record<string, Json> };
};
let ids = new Map<string, string>();
/** The places directory's fake: its rows answer from it with the organization's key (docs/crm.md). */
const fakes = new ProviderFakes();
/** Query strings of GET rows with a required query argument. */
const QUERY: Record<string, string> = { '/api/directory/places': 'q=excavation', '/api/search': 'q=contact' };
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
ajv.addFormat('int32', {
  type: 'number',
  validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
});
ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });

/** `#/components/schemas/X` inlined: each response schema compiles on its own. */
function inline(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inline);
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as Json).$ref;
  if (typeof ref === 'string') return inline(doc.components.schemas[ref.replace('#/components/schemas/', '')]);
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v)]));
}

const validators = new Map<unknown, ValidateFunction>();
function validatorOf(schema: Json): ValidateFunction {
  if (!validators.has(schema)) validators.set(schema, ajv.compile(inline(schema) as Json));
  return validators.get(schema)!;
}

/** Body ids by field name: the example's placeholders replaced by records of the organization. */
const TABLE_OF_FIELD: Record<string, string> = {
  customerId: 'customers',
  contactId: 'contacts',
  companyId: 'companies',
  itemId: 'inventory_items',
  ownerId: 'users',
  assigneeId: 'users',
  userId: 'users',
  stageId: 'pipeline_stages',
  pipelineId: 'pipelines',
  opportunityId: 'opportunities',
  transactionId: 'rental_orders',
  leadId: 'leads',
  targetId: 'contacts',
  organizationId: 'organizations',
};
function withIds(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => withIds(v, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withIds(v, k)]));
  const table = TABLE_OF_FIELD[key];
  return typeof value === 'string' && table && ids.has(table) ? ids.get(table) : value;
}

beforeAll(async () => {
  fakes.places.set('ChIJdocumented', googlePlace('ChIJdocumented', 'Documented Diggers'));
  t = await appWithFakes(fakes);
  routes = compileRoutes(await buildAppBaseSchema());
  org = await t.registerOrg('Documented');
  await populateOrganization(t, org);
  await org.agent.put('/api/settings/organization').send({ integrations: { googlePlacesApiKey: PLACES_KEY } });
  ids = await idOfTables(t, org.organizationId);
  doc = (await request(t.http).get('/api/openapi.json')).body;
});
afterAll(() => closeWithFakes(t, fakes));

let agent: Agent | undefined;
async function call(route: CompiledRoute): Promise<request.Response> {
  agent ??= await t.login(org.email, PASSWORD);
  const method = route.row.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const query = QUERY[route.row.path];
  const req = agent[method](pathWithIds(route, ids) + (query ? `?${query}` : ''));
  const res = await (route.row.body ? req.send(withIds(route.row.example ?? {}) as object) : req);
  if (
    res.status === 401 ||
    ([] as string[]).concat(res.headers['set-cookie'] ?? []).some((c) => c.startsWith('sessionId=;'))
  )
    agent = undefined;
  return res;
}

/** Reads first, then writes, deletions last: each row finds the records the fixtures made. */
const ORDER = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 };

it('answers every row with a documented status and a body that matches the documented schema', async () => {
  expect(Object.keys(TABLE_OF_SEGMENT).length).toBeGreaterThan(10);
  const problems: string[] = [];
  const succeeded: string[] = [];
  for (const route of [...routes].sort((a, b) => ORDER[a.row.method] - ORDER[b.row.method])) {
    const label = `${route.row.method} ${route.row.path}`;
    const res = await call(route);
    const documented = doc.paths[route.row.path.replace(/:(\w+)/g, '{$1}')][route.row.method.toLowerCase()].responses;
    const response = documented[String(res.status)];
    if (!response) {
      problems.push(
        `${label}: status ${res.status} is not documented (${Object.keys(documented).join(', ')}): ${JSON.stringify(res.body).slice(0, 200)}`,
      );
      continue;
    }
    const json = response.content!['application/json'];
    if (json) {
      const validate = validatorOf(json.schema);
      if (!validate(res.body)) problems.push(`${label} ${res.status}: ${ajv.errorsText(validate.errors)}`);
    } else if (!Object.keys(response.content!).includes(String(res.headers['content-type']).split(';')[0]))
      // a file row (a PDF, a CSV): its bytes in one of the documented types
      problems.push(`${label} ${res.status}: ${res.headers['content-type']} is not documented`);
    if (res.status < 300) succeeded.push(label);
  }
  expect(problems).toEqual([]);
  expect(succeeded.filter((l) => l.startsWith('GET')).length).toBe(
    routes.filter((r) => r.row.method === 'GET' && r.access !== 'super_admin').length,
  );
  expect(succeeded.length).toBeGreaterThan(routes.length * 0.6);
}, 60_000);
