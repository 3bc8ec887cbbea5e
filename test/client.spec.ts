/**
 * The typed client (clients/typescript) against the live app on a real port: REST typed from the OpenAPI
 * document, GraphQL typed from schema.graphql, session cookie and API key. Its generated types must be
 * those of the current document and schema (`npm run client:generate` after a change of either).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import {
  createCrmClient,
  CreateLeadDocument,
  GraphqlError,
  LeadsDocument,
  MeDocument,
} from '../clients/typescript/src';
import { createTestApp, TestApp } from './support/test-app';

const ROOT = join(__dirname, '..');
let t: TestApp;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  server = t.http.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

it('has REST types generated from the document the server serves', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'crm-openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify((await request(t.http).get('/api/openapi.json')).body));
  const fresh = execFileSync(process.execPath, [join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 64 * 1024 * 1024, // the generated types passed the default 1 MiB
  });
  expect(fresh).toBe(readFileSync(join(ROOT, 'clients/typescript/src/generated/rest.ts'), 'utf8'));
}, 30_000);

it('has GraphQL operation types generated from schema.graphql', () => {
  // --check: exits 1 when generating would change a file (a plain-node script: the preset loads ESM-only code)
  execFileSync(process.execPath, [join(ROOT, 'scripts/client-codegen.mjs'), '--check'], { cwd: ROOT, stdio: 'pipe' });
}, 30_000);

it('registers, logs in, reads and writes over REST and GraphQL with one typed session', async () => {
  const crm = createCrmClient({ baseUrl });
  const email = `owner-${Date.now()}@client.example`;
  const registered = await crm.rest.POST('/api/auth/register', {
    body: { email, password: 'correct horse', organizationName: 'Typed Rentals', firstName: 'Tia', lastName: 'Typed' },
  });
  expect(registered.response.status).toBe(201);
  expect(crm.loggedIn).toBe(true);

  const { me } = await crm.graphql(MeDocument);
  expect(me.user).toMatchObject({ email, role: 'admin' });

  const lead = await crm.rest.POST('/api/leads', {
    body: { leadName: 'Rest Lead', email: 'rest@lead.example', status: 'new' },
  });
  expect(lead.data?.leadName).toBe('Rest Lead');
  const { createLead } = await crm.graphql(CreateLeadDocument, {
    input: { leadName: 'Graph Lead', email: 'graph@lead.example' },
  });
  expect(createLead.status).toBe('new');

  const listed = await crm.rest.GET('/api/leads', {
    params: { query: { search: 'lead.example', sortBy: 'email', sortOrder: 'asc' } },
  });
  expect(listed.data?.data.map((l) => l.email)).toEqual(['graph@lead.example', 'rest@lead.example']);
  const { leads } = await crm.graphql(LeadsDocument, { status: 'new' });
  expect(leads.pagination.totalItems).toBe(2);

  const missing = await crm.rest.GET('/api/leads/{id}', {
    params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
  });
  expect(missing.error).toMatchObject({ code: 'NOT_FOUND', requestId: missing.response.headers.get('x-request-id') });

  await crm.logout();
  expect(crm.loggedIn).toBe(false);
  await expect(crm.graphql(MeDocument)).rejects.toThrow(GraphqlError);
});

it('authenticates with an API key', async () => {
  const owner = createCrmClient({ baseUrl });
  await owner.rest.POST('/api/auth/register', {
    body: {
      email: `keys-${Date.now()}@client.example`,
      password: 'correct horse',
      organizationName: 'Keyed Rentals',
      firstName: 'Kai',
      lastName: 'Key',
    },
  });
  const key = await owner.rest.POST('/api/api-keys', { body: { name: 'ERP sync', role: 'user' } });
  expect(key.response.status).toBe(201);
  const erp = createCrmClient({ baseUrl, apiKey: key.data!.secret });
  const { me } = await erp.graphql(MeDocument);
  expect(me).toMatchObject({ organization: { name: 'Keyed Rentals' }, authenticatedBy: 'api_key' });
  expect(erp.loggedIn).toBe(false);
});

it('sends an Idempotency-Key on every write and retries a lost answer with the same key: written once', async () => {
  // the first answer of each write is lost after the server made it (a 503 in its place), as a proxy or a
  // database failing at the wrong moment does; every later attempt reaches the server
  const seen: { method: string; path: string; key: string | null; status: number }[] = [];
  const lossy = async (request: Request) => {
    const response = await fetch(request);
    const path = new URL(request.url).pathname;
    const key = request.headers.get('idempotency-key');
    seen.push({ method: request.method, path, key, status: response.status });
    const firstTry = seen.filter((s) => s.key === key).length === 1;
    return key && firstTry && !path.startsWith('/api/auth/')
      ? new Response('{"code":"SERVICE_UNAVAILABLE"}', { status: 503 })
      : response;
  };
  const crm = createCrmClient({ baseUrl, fetch: lossy as typeof fetch, retryDelayMs: 1 });
  await crm.rest.POST('/api/auth/register', {
    body: {
      email: `retry-${Date.now()}@client.example`,
      password: 'correct horse',
      organizationName: 'Retried Rentals',
      firstName: 'Rey',
      lastName: 'Try',
    },
  });
  const lead = await crm.rest.POST('/api/leads', { body: { leadName: 'Once', email: 'once@lead.example' } });
  expect(lead.response.status).toBe(201);
  expect(lead.response.headers.get('idempotent-replayed')).toBe('true');
  const { createLead } = await crm.graphql(CreateLeadDocument, {
    input: { leadName: 'Twice', email: 'twice@lead.example' },
  });
  expect(createLead.status).toBe('new');

  const writes = seen.filter((s) => s.method === 'POST' && s.path !== '/api/auth/register');
  expect(writes).toHaveLength(4); // two attempts per write, each pair with one key
  expect(new Set(writes.map((w) => w.key)).size).toBe(2);
  expect(writes.every((w) => w.key && w.status < 300)).toBe(true);
  const { leads } = await crm.graphql(LeadsDocument, { search: 'lead.example' });
  expect(leads.data.map((l) => l.leadName).sort()).toEqual(['Once', 'Twice']);
});
