/**
 * Streamed CSV exports (docs/crm.md, "Exports"): generated over every export row of the REST table (the exportable
 * lists), each export is compared with what its list answers for the same parameters and the same caller.
 */
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import type { Response } from 'supertest';
import { PassThrough } from 'node:stream';
import { buildExecutableSchema, compileRoutes, routes } from '../src/composition';
import { listExporter } from '../rest-adapter/list-export-route';
import { isAppError } from '../src/lib/errors';
import { Role } from '../src/lib/role';
import { csvText } from '../src/lib/csv-cell';
import { EXPORT_SUFFIX } from '../src/http/list-export-rows';
import { idsOf, populateOrganization } from './support/fixtures';
import { newContact } from './support/crm';
import { Agent, createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let a: Registered;
let b: Registered;
let member: Registered;

const exportRows = routes.filter((r) => r.export);
const lists = exportRows.map((r) => [r.path.slice(0, -EXPORT_SUFFIX.length)] as [string]);

beforeAll(async () => {
  t = await createTestApp();
  a = await t.registerOrg('Exports A');
  b = await t.registerOrg('Exports B');
  await populateOrganization(t, a);
  await populateOrganization(t, b);
  member = await t.addMember(a.organizationId, 'user');
}, 240_000);
afterAll(() => t.close());

type Row = Record<string, unknown>;

/** The body of an answer as text, whatever its type. */
function asText(res: Response, done: (err: Error | null, body: string) => void): void {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (c: string) => (text += c));
  res.on('end', () => done(null, text));
}

async function exportOf(agent: Agent, list: string, query: Record<string, string> = {}) {
  const res = await agent
    .get(`${list}${EXPORT_SUFFIX}`)
    .query(query)
    .buffer(true)
    .parse(asText as never);
  return res;
}

/** Every row of the list for these parameters, page after page (at the largest page size). */
async function listOf(agent: Agent, list: string, query: Record<string, string> = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const res = await agent.get(list).query({ ...query, page, limit: 100 });
    expect(res.status).toBe(200);
    rows.push(...(res.body.data as Row[]));
    if (!res.body.pagination.hasNextPage) return rows;
  }
}

/** The CSV as the list's rows would be written: a header of the columns, each cell through csvText. */
async function expectSame(agent: Agent, list: string, query: Record<string, string> = {}): Promise<string[][]> {
  const [res, rows] = await Promise.all([exportOf(agent, list, query), listOf(agent, list, query)]);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
  const [header, ...lines] = parse(res.body as string, { relax_column_count: false }) as string[][];
  expect(rows.length).toBeGreaterThan(0);
  expect(header).toEqual(Object.keys(rows[0]));
  expect(lines).toEqual(rows.map((row) => header.map((c) => csvText(row[c]))));
  return lines;
}

describe('every exportable list', () => {
  it('is the ten lists of issue 31', () => {
    expect(lists.map(([l]) => l).sort()).toEqual(
      [
        '/api/activities',
        '/api/companies',
        '/api/contacts',
        '/api/customers',
        '/api/inventory',
        '/api/invoices',
        '/api/leads',
        '/api/opportunities',
        '/api/tasks',
        '/api/transactions',
      ].sort(),
    );
  });

  it.each(lists)(
    '%s: the export is the list (default order, then oldest first), never another organization',
    async (list) => {
      const foreign = new Set(await idsOf(t, b.organizationId));
      for (const query of [{}, { sortOrder: 'asc' }] as Record<string, string>[]) {
        const lines = await expectSame(a.agent, list, query);
        for (const cell of lines.flat()) expect(foreign.has(cell)).toBe(false);
      }
    },
  );

  it.each(lists)('%s: a member exports what the list gives a member', async (list) => {
    await expectSame(member.agent, list);
  });

  it.each(lists)("%s: a bad sort is the list's own 400", async (list) => {
    const [exported, listed] = await Promise.all([
      exportOf(a.agent, list, { sortBy: 'nope' }),
      a.agent.get(list).query({ sortBy: 'nope' }),
    ]);
    expect(listed.status).toBe(400);
    expect(exported.status).toBe(400);
    const { requestId: _r, ...body } = JSON.parse(exported.body as string);
    const { requestId: _l, ...expected } = listed.body;
    expect(body).toEqual(expected);
  });

  it.each(lists)('%s: without a session, 401', async (list) => {
    expect((await exportOf(t.agent(), list)).status).toBe(401);
  });
});

describe('GET /api/contacts/export', () => {
  it("takes the list's filters: search and status, with sortBy", async () => {
    await newContact(a.agent, { name: 'Export Filter Zed', status: 'lead' });
    await newContact(a.agent, { name: 'Export Filter Amy', status: 'lead' });
    await newContact(a.agent, { name: 'Export Filter Bob', status: 'customer' });
    const lines = await expectSame(a.agent, '/api/contacts', {
      search: 'export filter',
      status: 'lead',
      sortBy: 'name',
      sortOrder: 'asc',
    });
    expect(lines.map((l) => l[1])).toEqual(['Export Filter Amy', 'Export Filter Zed']);
  });

  it("a filter the list refuses is the list's 400 (a malformed owner id)", async () => {
    const [exported, listed] = await Promise.all([
      exportOf(a.agent, '/api/contacts', { ownerId: 'not-a-uuid' }),
      a.agent.get('/api/contacts').query({ ownerId: 'not-a-uuid' }),
    ]);
    expect(listed.status).toBe(400);
    expect(exported.status).toBe(listed.status);
    expect(JSON.parse(exported.body as string).details).toEqual(listed.body.details);
  });

  it('escapes cells a spreadsheet would run as formulas', async () => {
    // names are trimmed when stored, so a leading tab or CR is shown by csvText itself
    expect(['\tTabbed', '\rReturn', '-12.50'].map(csvText)).toEqual(["'\tTabbed", "'\rReturn", '-12.50']);
    const names = ['=HYPERLINK("http://x")', '+1 call', '-cmd', '@SUM(A1)', 'Plain'];
    for (const [i, name] of names.entries()) await newContact(a.agent, { name, email: `formula-${i}@example.test` });
    const lines = await expectSame(a.agent, '/api/contacts', { search: 'formula-', sortBy: 'email', sortOrder: 'asc' });
    expect(lines.map((l) => l[1])).toEqual([...names.slice(0, -1).map((n) => `'${n}`), 'Plain']);
  });

  it('answers the header alone when nothing matches', async () => {
    const res = await exportOf(a.agent, '/api/contacts', { search: 'matches-nothing-at-all' });
    expect(res.status).toBe(200);
    expect(parse(res.body as string)).toHaveLength(1);
  });
});

describe('a client that goes away', () => {
  let server: Server;
  beforeAll(async () => {
    // enough rows that the export is still streaming when the client leaves
    await t.sql(
      `insert into contacts (id, organization_id, name, email, status, created_at, updated_at)
       select gen_random_uuid(), $1, 'Bulk ' || n, 'bulk' || n || '@export.example', 'unknown', now(), now()
       from generate_series(1, 20000) n`,
      [a.organizationId],
    );
    server = createServer(t.http).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
  });
  afterAll(async () => {
    if (server) await new Promise((resolve) => server.close(resolve)); // its set-up may have failed
  });

  it('stops the query and frees its connection', async () => {
    const login = await t.agent().post('/api/auth/login').send({ email: a.email, password: a.password });
    const cookie = String(login.headers['set-cookie'][0]).split(';')[0];
    const { port } = server.address() as AddressInfo;
    const firstChunk = await new Promise<string>((resolve, reject) => {
      const req = get({ host: '127.0.0.1', port, path: '/api/contacts/export', headers: { cookie } }, (res) => {
        res.once('data', (c: Buffer) => {
          req.destroy(); // the client goes away after the first chunk
          resolve(c.toString());
        });
      });
      req.on('error', reject);
    });
    expect(firstChunk.startsWith('id,name')).toBe(true);
    // the cursor's transaction ends and its connection goes back to the pool
    const open = () =>
      t.sql<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'
           and query ilike '%from "contacts"%'`,
      );
    for (let i = 0; i < 100 && (await open())[0].n > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await open())[0].n).toBe(0);
    // and the service answers the next export whole
    const again = await exportOf(a.agent, '/api/contacts', { search: 'bulk 1999', sortBy: 'name', sortOrder: 'asc' });
    const names = (parse(again.body as string) as string[][]).slice(1).map((l) => l[1]);
    expect(names).toEqual(['Bulk 1999', ...Array.from({ length: 10 }, (_, i) => `Bulk 1999${i}`)]);
  });
});

describe('exportList, for a background job', () => {
  it("writes to any writable stream what the REST export answers, with the principal's access", async () => {
    const schema = await buildExecutableSchema();
    const { exportList } = listExporter(t.deps, schema, compileRoutes(schema), t.deps.logger);
    const principal = { userId: a.userId, organizationId: a.organizationId, role: Role.admin, email: a.email };
    const query = { status: 'lead', sortBy: 'name', sortOrder: 'asc' };
    const sink = new PassThrough();
    let text = '';
    sink.on('data', (c: Buffer) => (text += c.toString()));
    const progress: number[] = [];
    const rows = await exportList('/api/contacts', query, principal, sink, (n) => void progress.push(n));
    expect(text).toBe((await exportOf(a.agent, '/api/contacts', query)).body);
    expect(rows).toBe(parse(text).length - 1);
    expect(progress.at(-1)).toBe(rows);
    const refused = await exportList('/api/contacts', { sortBy: 'nope' }, principal, new PassThrough()).catch((e) => e);
    expect(isAppError(refused) && refused.status).toBe(400);
  });
});
