/**
 * List exports run as background jobs (docs/jobs.md, "Exports as jobs"): `Prefer: respond-async` or `async=true` on
 * `GET /api/<list>/export` answers 202 and the job; the worker streams the same CSV into the job's result file, with
 * its progress; `GET /api/jobs/:id/result` serves it to whoever may see the job, until it expires.
 */
import type { Response } from 'supertest';
import { listExporter } from '../rest-adapter/list-export-route';
import { EXPORT_JOB_KIND } from '../src/http/list-export-rows';
import { exportWorker } from '../src/modules/jobs/list-export.job';
import { buildExecutableSchema, compileRoutes } from '../src/composition';
import { PIECE_BYTES, pruneResults, readFile, storeFile } from '../src/modules/jobs/job-files';
import { PROGRESS_ROWS } from '../src/jobs/job-queue';
import { listenTopic } from './support/live-channel';
import { type Agent, createTestApp, type Registered, type TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let other: Registered;
const ROWS = 2 * PROGRESS_ROWS + 345; // two progress reports while it runs, then the end

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Export jobs');
  other = await t.registerOrg('Other export jobs');
  for (const [o, n] of [
    [org, ROWS],
    [other, 10],
  ] as const)
    await t.sql(
      `insert into contacts (id, organization_id, name, email, status, source, created_at, updated_at)
       select gen_random_uuid(), $1, 'Contact ' || n, 'c' || n || '@jobs.example',
         (array['lead', 'customer'])[1 + n % 2], case when n % 50 = 0 then '=cmd|' || n else 'web' end,
         now() - n * interval '1 second', now()
       from generate_series(1, $2::int) n`,
      [o.organizationId, n],
    );
}, 120_000);
afterAll(() => t.close());

/** The body of an answer as text. */
function asText(res: Response, done: (err: Error | null, body: string) => void): void {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (c: string) => (text += c));
  res.on('end', () => done(null, text));
}
const download = (agent: Agent, path: string) =>
  agent
    .get(path)
    .buffer(true)
    .parse(asText as never);

/** Runs the job's queue message as the worker would (one delivery). */
async function deliver(organizationId: string, jobId: string) {
  const schema = await buildExecutableSchema();
  const exporter = listExporter(t.deps, schema, compileRoutes(schema), t.deps.logger);
  await exportWorker(t.orm, t.deps.services, exporter, t.deps.config.exports.resultHours).run(
    { organizationId, jobId },
    { final: false },
  );
}

const listen = (topic: string) => listenTopic(t.orm.config.getClientUrl(), topic);

describe('GET /api/<list>/export as a job', () => {
  it('answers 202 with Location and the job, writes the CSV the streamed form writes, and reports its rows', async () => {
    const query = 'status=lead&sortBy=name&sortOrder=asc';
    const res = await org.agent.get(`/api/contacts/export?${query}`).set('Prefer', 'respond-async');
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe(`/api/jobs/${res.body.id}`);
    expect(res.headers['preference-applied']).toBe('respond-async');
    expect(res.body).toMatchObject({ kind: EXPORT_JOB_KIND, status: 'queued', rowsWritten: 0, report: null });
    expect((await org.agent.get(`/api/jobs/${res.body.id}/result`)).status).toBe(409); // not run yet

    const live = await listen(`job:${res.body.id}`);
    await deliver(org.organizationId, res.body.id);
    await new Promise((r) => setTimeout(r, 300)); // the last notifications reach the listener
    await live.stop();

    const leads = Math.floor(ROWS / 2); // the even n
    const job = (await org.agent.get(res.headers.location)).body;
    expect(job).toMatchObject({ status: 'succeeded', rowsRead: leads, rowsDecided: leads, rowsWritten: leads });
    expect(job.report).toMatchObject({
      list: '/api/contacts',
      rows: leads,
      contentType: 'text/csv; charset=utf-8',
      result: `/api/jobs/${job.id}/result`,
    });
    // the progress: running with 0, then every PROGRESS_ROWS rows written, then the end
    const written = live.messages.map((m) => (m.data as { rowsWritten: number; status: string }).rowsWritten);
    expect(written).toEqual([0, PROGRESS_ROWS, 2 * PROGRESS_ROWS, leads].filter((n) => n <= leads));
    expect(live.messages.at(-1)?.data).toMatchObject({ status: 'succeeded', rowsWritten: leads });

    const file = await download(org.agent, job.report.result);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${job.report.fileName}"`);
    const streamed = await download(org.agent, `/api/contacts/export?${query}`);
    expect(file.body).toBe(streamed.body); // same rows, order, columns and formula escaping
    expect(Buffer.byteLength(file.body)).toBe(job.report.bytes);
    expect(file.body.split('\r\n')).toHaveLength(leads + 2); // the header, the rows, the last line's end
    expect(file.body).toContain(",'=cmd|");
  }, 120_000);

  it('takes async=true; refuses bad parameters before it makes a job', async () => {
    const before = (await org.agent.get('/api/jobs?kind=list_export&limit=100')).body.pagination.totalItems;
    const asked = await org.agent.get('/api/companies/export?async=true');
    expect(asked.status).toBe(202);
    expect(asked.headers['preference-applied']).toBeUndefined();
    expect((await org.agent.get('/api/contacts/export?async=maybe')).status).toBe(400);
    const badSort = await org.agent.get('/api/contacts/export?sortBy=nope').set('Prefer', 'respond-async');
    expect(badSort.status).toBe(400);
    expect(badSort.body.code).toBe('VALIDATION_ERROR');
    expect((await org.agent.get('/api/jobs?kind=list_export&limit=100')).body.pagination.totalItems).toBe(before + 1);
    await deliver(org.organizationId, asked.body.id);
    const file = await download(org.agent, `/api/jobs/${asked.body.id}/result`);
    expect(file.status).toBe(200);
    expect(file.body).toBe((await download(org.agent, '/api/companies/export')).body);
  });

  it("another organization's job result is 404; a member's own export is theirs alone; an admin sees it", async () => {
    const member = await t.addMember(org.organizationId, 'user');
    const theirs = await member.agent.get('/api/contacts/export?async=true&status=customer');
    expect(theirs.status).toBe(202);
    await deliver(org.organizationId, theirs.body.id);
    const path = `/api/jobs/${theirs.body.id}/result`;
    expect((await download(member.agent, path)).status).toBe(200);
    expect((await download(org.agent, path)).status).toBe(200); // the admin of the organization
    const notFound = await download(other.agent, path);
    expect(notFound.status).toBe(404);
    expect(notFound.body).not.toContain('Contact');
    const otherMember = await t.addMember(org.organizationId, 'user');
    expect((await download(otherMember.agent, path)).status).toBe(404);
    expect((await t.agent().get(path)).status).toBe(401);
    // another organization's export holds its own rows only
    const mine = await other.agent.get('/api/contacts/export?async=true');
    await deliver(other.organizationId, mine.body.id);
    const job = (await other.agent.get(`/api/jobs/${mine.body.id}`)).body;
    expect(job.rowsWritten).toBe(10);
    expect((await download(org.agent, `/api/jobs/${mine.body.id}/result`)).status).toBe(404);
  });

  it('expires the result after EXPORT_RESULT_HOURS: 404, and the retention schedule deletes its pieces', async () => {
    const asked = await org.agent.get('/api/companies/export?async=true');
    await deliver(org.organizationId, asked.body.id);
    const path = `/api/jobs/${asked.body.id}/result`;
    expect((await download(org.agent, path)).status).toBe(200);
    const hours = t.deps.config.exports.resultHours;
    await t.sql(`update background_jobs set finished_at = now() - make_interval(hours => $1) where id = $2`, [
      hours + 1,
      asked.body.id,
    ]);
    const expired = await download(org.agent, path);
    expect(expired.status).toBe(404);
    expect(JSON.parse(expired.body).message).toContain('expired');
    await pruneResults(t.orm.em.fork(), hours, 100);
    const [left] = await t.sql<{ n: number }>(
      `select count(*)::int as n from background_job_inputs where job_id = $1`,
      [asked.body.id],
    );
    expect(left.n).toBe(0);
  });

  it('stores a file in pieces that read back byte-equal, whatever the chunks (one piece buffer filled in turn)', async () => {
    const asked = await org.agent.get('/api/tasks/export?async=true');
    const ids = { organizationId: org.organizationId, jobId: asked.body.id as string };
    // chunks that end short of, on and across the pieces' edges, strings among them
    const sizes = [1, PIECE_BYTES - 2, 3, PIECE_BYTES, 0, 2 * PIECE_BYTES + 7, 5];
    const chunks = sizes.map((n, i) => (i % 3 === 2 ? 'x'.repeat(n) : Buffer.alloc(n, i + 1)));
    const em = t.orm.em.fork();
    const stored = await storeFile(
      em,
      ids,
      'input',
      (async function* () {
        yield* chunks;
      })(),
    );
    const whole = Buffer.concat(chunks.map((c) => Buffer.from(c)));
    expect(stored).toBe(whole.length);
    const back: Buffer[] = [];
    for await (const piece of readFile(em, ids.jobId, 'input')) back.push(piece as Buffer);
    expect(back.map((b) => b.length)).toEqual([
      PIECE_BYTES,
      PIECE_BYTES,
      PIECE_BYTES,
      PIECE_BYTES,
      whole.length - 4 * PIECE_BYTES,
    ]);
    expect(Buffer.concat(back).equals(whole)).toBe(true);
  });
});
