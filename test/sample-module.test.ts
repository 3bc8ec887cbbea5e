/**
 * "One folder and one line" (docs/architecture.md, "Adding a domain"): a module that exists only in this file
 * (test/support/sample-module/) is added to the module list, the one line, and everything it owns reaches the
 * service through its definition: its migration runs, its guarded root fields are in the schema, its rows in the
 * REST table and the OpenAPI document, the sweeps' fixtures and path ids find its records, its event kind is
 * emitted and can be subscribed to, and the demo business has its part.
 */
import { createTestApp, TestApp } from './support/test-app';

jest.mock('../src/modules', () => {
  const actual = jest.requireActual('../src/modules');
  const { sampleModule } = jest.requireActual('./support/sample-module/sample-note');
  return { ...actual, modules: [...actual.modules, sampleModule] };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { migrate: true });
}, 120_000);
afterAll(() => t.close());

it('runs its migration, with the tenant table under row security', async () => {
  const [ran] = await t.sql(
    `select name from mikro_orm_migrations where name = 'Migration20991231000000_sample_notes'`,
  );
  expect(ran).toBeDefined();
  const [policy] = await t.sql(`select policyname from pg_policies where tablename = 'sample_notes'`);
  expect(policy).toEqual({ policyname: 'tenant_isolation' });
});

it('serves its guarded fields through GraphQL and its rows through REST and the OpenAPI document', async () => {
  const org = await t.registerOrg('Sample');
  const created = await org.agent.post('/api/sample-notes').send({ text: 'Grease the boom' });
  expect(created.status).toBe(201);
  const listed = await t.gql(org.agent, '{ sampleNotes { data { id text } pagination { totalItems } } }');
  expect(listed.data).toEqual({
    sampleNotes: { data: [{ id: created.body.id, text: 'Grease the boom' }], pagination: { totalItems: 1 } },
  });
  expect((await t.agent().get('/api/sample-notes')).status).toBe(401); // @Guard(isAuthenticated)

  const openapi = (await t.agent().get('/api/openapi.json')).body as { paths: Record<string, unknown> };
  expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/api/sample-notes', '/api/sample-notes/{id}']));
});

it('is filled by the sweeps from its examples, and its records are 404 to another organization on its paths', async () => {
  const { populateOrganization } = await import('./support/fixtures');
  const { idOfTables, pathWithIds, TABLE_OF_SEGMENT } = await import('./support/route-paths');
  const { loadCatalog } = await import('./support/schema-sweep');
  const { compileRoutes, buildExecutableSchema } = await import('../src/composition');
  const a = await t.registerOrg('Sample A');
  const b = await t.registerOrg('Sample B');
  await populateOrganization(t, a);

  const catalog = await loadCatalog(t);
  expect(catalog.tables).toContain('sample_notes');
  expect(catalog.tableOfType.get('SampleNote')).toBe('sample_notes');
  expect(TABLE_OF_SEGMENT['sample-notes']).toBe('sample_notes');

  const ids = await idOfTables(t, a.organizationId);
  const row = compileRoutes(await buildExecutableSchema()).find((r) => r.row.path === '/api/sample-notes/:id')!;
  const path = pathWithIds(row, ids);
  expect(path).toBe(`/api/sample-notes/${ids.get('sample_notes')}`);
  expect((await a.agent.get(path)).status).toBe(200);
  const foreign = await b.agent.get(path);
  const nowhere = await b.agent.get('/api/sample-notes/00000000-0000-4000-8000-000000000000');
  expect([foreign.status, foreign.body.code, foreign.body.message]).toEqual([
    404,
    nowhere.body.code,
    nowhere.body.message,
  ]);
});

it('emits its declared event kind, which a webhook subscription may filter by', async () => {
  const org = await t.registerOrg('Sample events');
  const note = await org.agent.post('/api/sample-notes').send({ text: 'Check tyre pressure' });
  const [event] = await t.sql<{ event: string }>(
    `select event from outbox_events where organization_id = $1 and payload->'data'->>'id' = $2`,
    [org.organizationId, note.body.id],
  );
  expect(event.event).toBe('sample_note.created');
  const sub = await org.agent
    .post('/api/settings/webhooks')
    .send({ url: 'https://93.184.216.34/hook', events: ['sample_note.created'] });
  expect(sub.status).toBe(201);
});

it('has its part in the demo business', async () => {
  const { seedDemo } = await import('../src/demo');
  const { demoId } = await import('../src/demo/demo-context');
  const organizationId = await seedDemo(t.orm);
  const rows = await t.sql(`select id, text from sample_notes where organization_id = $1`, [organizationId]);
  expect(rows).toEqual([{ id: demoId('sample-note', 1), text: 'Demo note' }]);
}, 180_000);
