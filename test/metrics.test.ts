/** GET /metrics (docs/observability.md): protected by METRICS_TOKEN, labelled by route pattern, and fed by every layer. */
import request from 'supertest';
import { loadConfig } from '../src/config';
import { createTestApp, TestApp } from './support/test-app';

const TOKEN = 'metrics-token-for-tests';
let t: TestApp;
let off: TestApp;

beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp({ METRICS_TOKEN: TOKEN }), createTestApp()]);
});
afterAll(() => Promise.all([t.close(), off.close()]));

const scrape = async () => {
  const res = await request(t.http).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  expect(res.type).toBe('text/plain');
  return res.text;
};

it('does not exist without METRICS_TOKEN and refuses a missing or wrong token', async () => {
  expect((await request(off.http).get('/metrics')).status).toBe(404);
  for (const auth of [undefined, 'Bearer wrong', `Basic ${TOKEN}`]) {
    const res = auth
      ? await request(t.http).get('/metrics').set('Authorization', auth)
      : await request(t.http).get('/metrics');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED', requestId: res.headers['x-request-id'] });
  }
});

it('counts requests by route pattern and status, never by raw URL', async () => {
  const { agent } = await t.registerOrg('Metered');
  const missing = '00000000-0000-4000-8000-00000000beef';
  expect((await agent.get(`/api/contacts/${missing}`)).status).toBe(404);
  expect((await agent.get('/api/contacts')).status).toBe(200);
  await request(t.http).get('/no/such/page');
  const text = await scrape();
  expect(text).toMatch(/crm_http_requests_total\{method="GET",route="\/api\/contacts\/:id",status="404"\} 1/);
  expect(text).toMatch(
    /crm_http_request_duration_seconds_count\{method="GET",route="\/api\/contacts",status="200"\} 1/,
  );
  expect(text).toMatch(/crm_http_requests_total\{method="POST",route="\/api\/auth\/register",status="201"\} 1/);
  expect(text).toMatch(/route="unmatched",status="404"/);
  expect(text).not.toContain(missing);
  expect(text).not.toContain('/no/such/page');
});

it('counts GraphQL operations by name and outcome', async () => {
  const { agent } = await t.registerOrg('Graphed');
  await t.gql(agent, 'query TeamPage { users(limit: 5) { pagination { totalItems } } }');
  await t.gql(agent, 'query Broken { user(id: "00000000-0000-4000-8000-000000000000") { email } }');
  const text = await scrape();
  expect(text).toContain('crm_graphql_operations_total{operation="TeamPage",type="query",outcome="ok"} 1');
  expect(text).toContain('crm_graphql_operations_total{operation="Broken",type="query",outcome="error"} 1');
});

it('reports the database pool, the outbox and webhook queues, and import throughput', async () => {
  const { agent } = await t.registerOrg('Imported');
  const csv = 'Customer Name,Email\nAda Lift,ada@lift.example\nBo Crane,bo@crane.example\n';
  expect(
    (await agent.post('/api/customers/import?dryRun=true').attach('file', Buffer.from(csv), 'customers.csv')).status,
  ).toBe(200);
  await agent.post('/api/leads').send({ leadName: 'Queued Lead', email: 'queued@lead.example' }); // an outbox event
  const text = await scrape();
  expect(text).toMatch(/crm_db_pool_connections\{state="max"\} \d+/);
  expect(text).toMatch(/crm_outbox_events_pending [1-9]/);
  expect(text).toMatch(/crm_webhook_deliveries\{status="pending"\} 0/);
  expect(text).toMatch(/crm_webhook_deliveries_due 0/);
  expect(text).toContain('crm_import_rows_total{outcome="created",dry_run="true"} 2');
  expect(text).toContain('crm_import_duration_seconds_count{dry_run="true"} 1');
  expect(text).toContain('# TYPE crm_webhook_attempts_total counter');
  expect(text).toContain('process_resident_memory_bytes');
});

it('logs pretty lines in development and JSON in production unless LOG_FORMAT says otherwise', () => {
  expect(loadConfig({ DATA_DIR: '/nonexistent', SESSION_SECRET: 'x'.repeat(32) }).logFormat).toBe('pretty');
  expect(
    loadConfig({ NODE_ENV: 'production', DATA_DIR: '/nonexistent', SESSION_SECRET: 'x'.repeat(32) }).logFormat,
  ).toBe('json');
  expect(loadConfig({ LOG_FORMAT: 'json', DATA_DIR: '/nonexistent', SESSION_SECRET: 'x'.repeat(32) }).logFormat).toBe(
    'json',
  );
  expect(() => loadConfig({ LOG_FORMAT: 'xml', SESSION_SECRET: 'x'.repeat(32) })).toThrow(/LOG_FORMAT/);
});
