import { listenTopic } from './support/live-channel';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { count } from './support/crm';
import { importWorker, IMPORT_JOB_KIND, IMPORT_QUEUE } from '../src/modules/crm/imports/import-job';
import { startQueueWorkers, type QueueWorker } from '../src/jobs/job-queue';
import { withTenantAccess } from '../src/db/access';
import { TENANT_FILTER } from '../src/db/tenant-filter';
import { Role } from '../src/lib/role';
import type { EntityManager } from '@mikro-orm/postgresql';

let t: TestApp;
let org: Registered;
let other: Registered;
beforeAll(async () => {
  t = await createTestApp({ IMPORT_MAX_BYTES: String(2 * 1024 * 1024), IMPORT_MAX_ROWS: '20000' });
  org = await t.registerOrg('Jobs');
  other = await t.registerOrg('Other jobs');
});
afterAll(() => t.close());

/** A file of `n` rows `P<i>,p<i>@<domain>`, one bad email and a lead's email among them when asked. */
const file = (n: number, domain = 'example.com', extra: string[] = []) =>
  ['Name,Email', ...Array.from({ length: n }, (_, i) => `P${i},p${i}@${domain}`), ...extra].join('\n');

function upload(agent: Registered['agent'], csv: string, query = '', prefer = true) {
  const req = agent.post(`/api/customers/import${query}`);
  if (prefer) req.set('Prefer', 'respond-async');
  return req.attach('file', Buffer.from(csv, 'utf8'), { filename: 'customers.csv', contentType: 'text/csv' });
}

/** Runs the job's queue message as the worker would (one delivery). */
const deliver = (organizationId: string, jobId: string, final = false) =>
  importWorker(t.orm, t.deps.services).run({ organizationId, jobId }, { final });

const inputs = async (jobId: string) =>
  (await t.sql<{ n: number }>('select count(*)::int as n from background_job_inputs where job_id = $1', [jobId]))[0].n;

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const listen = (topic: string) => listenTopic(t.orm.config.getClientUrl(), topic);

describe('POST /api/customers/import as a job', () => {
  it('answers 202 with Location and the job, runs in the queue, and keeps the report the synchronous form gives', async () => {
    const csv = file(12_000, 'async.example', ['Bad,not-an-email']);
    const res = await upload(org.agent, csv);
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe(`/api/jobs/${res.body.id}`);
    expect(res.headers['preference-applied']).toBe('respond-async');
    expect(res.body).toMatchObject({
      kind: IMPORT_JOB_KIND,
      status: 'queued',
      rowsRead: 0,
      rowsWritten: 0,
      totalRows: 12_001,
      report: null,
      createdById: org.userId,
    });
    // the 202's body is the job as GET answers it
    expect((await org.agent.get(res.headers.location)).body).toEqual(res.body);
    expect(await inputs(res.body.id)).toBeGreaterThan(0); // the file waits in the database
    expect(await count(t, 'contacts', org.organizationId)).toBe(0);

    const live = await listen(`job:${res.body.id}`);
    const worker = await startQueueWorkers(
      t.orm.config.getClientUrl(),
      [importWorker(t.orm, t.deps.services) as QueueWorker<never>],
      t.deps.logger,
    );
    let job: Record<string, unknown>;
    try {
      job = await until(
        async () => (await org.agent.get(res.headers.location)).body,
        (j) => j.status !== 'queued' && j.status !== 'running',
      );
    } finally {
      await worker.stop();
    }
    await live.stop();
    expect(job).toMatchObject({
      status: 'succeeded',
      rowsRead: 12_001,
      rowsDecided: 12_001,
      rowsWritten: 12_000,
      attempts: 1,
      error: null,
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    expect(await count(t, 'contacts', org.organizationId)).toBe(12_000);
    expect(await inputs(res.body.id)).toBe(0); // deleted once done

    // the same file, synchronously, in another organization: the same report
    const sync = await other.agent
      .post('/api/customers/import')
      .attach('file', Buffer.from(csv, 'utf8'), { filename: 'customers.csv', contentType: 'text/csv' });
    expect(sync.status).toBe(200);
    expect(job.report).toEqual(sync.body);

    // the progress as it went: counters every 5,000 rows read, then decided and written, on the job's topic
    const counters = live.messages.map((m) => [m.data.status, m.data.rowsRead, m.data.rowsDecided, m.data.rowsWritten]);
    expect(counters).toEqual([
      ['running', 0, 0, 0],
      ['running', 5_000, 0, 0],
      ['running', 10_000, 0, 0],
      ['running', 12_001, 0, 0],
      ['running', 12_001, 12_001, 0],
      ['running', 12_001, 12_001, 12_000],
      ['succeeded', 12_001, 12_001, 12_000],
    ]);
    expect(live.messages.every((m) => m.organizationId === org.organizationId)).toBe(true);
  });

  it('takes ?async=true too; a dry run as a job writes nothing and reports', async () => {
    const res = await upload(org.agent, file(3, 'dry.example'), '?async=true&dryRun=true', false);
    expect(res.status).toBe(202);
    expect(res.headers['preference-applied']).toBeUndefined();
    await deliver(org.organizationId, res.body.id);
    const job = (await org.agent.get(`/api/jobs/${res.body.id}`)).body;
    expect(job).toMatchObject({ status: 'succeeded', rowsRead: 3, rowsWritten: 0 });
    expect(job.report).toMatchObject({ dryRun: true, created: 3 });
    const made = await t.sql(`select 1 from contacts where email like '%@dry.example'`);
    expect(made).toEqual([]);
  });

  it('refuses what the synchronous form refuses before anything is queued: auth, size, rows, CSV, header', async () => {
    const jobs = async () => (await t.sql<{ n: number }>('select count(*)::int as n from background_jobs'))[0].n;
    const before = await jobs();
    expect((await upload(t.agent(), file(1))).status).toBe(401);
    expect((await upload(org.agent, file(20_001))).status).toBe(413);
    expect((await upload(org.agent, 'x'.repeat(2 * 1024 * 1024 + 1))).status).toBe(413);
    const bad = await upload(org.agent, 'Name,Email\n"never closed,a@example.com\n');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/not valid CSV at line 2/);
    expect((await upload(org.agent, 'foo,bar\n1,2\n')).status).toBe(400);
    expect((await upload(org.agent, file(1), '?async=maybe', false)).status).toBe(400);
    expect(await jobs()).toBe(before);
  });

  it('records a failure: a stored file that turns out bad fails the job with the error body, nothing written', async () => {
    const em = t.orm.em.fork() as EntityManager;
    em.setFilterParams(TENANT_FILTER, { organizationId: org.organizationId });
    const principal = { userId: org.userId, organizationId: org.organizationId, role: Role.admin, email: org.email };
    const job = await withTenantAccess(org.organizationId, () =>
      t.deps.services.backgroundJobs.start(em, principal, {
        kind: IMPORT_JOB_KIND,
        queue: IMPORT_QUEUE,
        params: { dryRun: false },
        input: Buffer.from('Name,Email\nGood,good@bad-file.example\n"Open,open@bad-file.example\n'),
      }),
    );
    await deliver(org.organizationId, job.id);
    const failed = (await org.agent.get(`/api/jobs/${job.id}`)).body;
    expect(failed).toMatchObject({
      status: 'failed',
      report: null,
      error: {
        code: 'VALIDATION_ERROR',
        message: 'The file is not valid CSV at line 3',
        details: [{ field: 'file', message: expect.stringMatching(/^line 3: a quoted cell/) }],
      },
    });
    expect(await t.sql(`select 1 from contacts where email like '%@bad-file.example'`)).toEqual([]);
    expect(await inputs(job.id)).toBe(0);
    // a redelivery of a finished job does nothing
    await deliver(org.organizationId, job.id);
    expect((await org.agent.get(`/api/jobs/${job.id}`)).body).toEqual(failed);
  });

  it('exactly once: two deliveries at once and a late one write the file once and keep the first report', async () => {
    const res = await upload(org.agent, file(500, 'twice.example'));
    await Promise.all([deliver(org.organizationId, res.body.id), deliver(org.organizationId, res.body.id)]);
    await deliver(org.organizationId, res.body.id, true);
    const job = (await org.agent.get(`/api/jobs/${res.body.id}`)).body;
    expect(job).toMatchObject({ status: 'succeeded', rowsWritten: 500 });
    expect(job.report).toMatchObject({ created: 500, updated: 0, skipped: 0 });
    expect(await t.sql(`select 1 from contacts where email like '%@twice.example'`)).toHaveLength(500);
  });

  it('with an Idempotency-Key, a retried POST answers the same job and makes no second one', async () => {
    const key = '5f0c6c0e-2d3b-4e7a-9a41-0d7d1f3c9b21';
    const csv = file(2, 'idem.example');
    const first = await upload(org.agent, csv).set('Idempotency-Key', key);
    const again = await upload(org.agent, csv).set('Idempotency-Key', key);
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.body.id).toBe(first.body.id);
    const made = await t.sql(`select id from background_jobs where id = $1`, [first.body.id]);
    expect(made).toHaveLength(1);
    const total = await t.sql<{ n: number }>(
      `select count(*)::int as n from background_jobs where organization_id = $1 and created_at >= $2`,
      [org.organizationId, first.body.createdAt],
    );
    expect(total[0].n).toBe(1);
  });

  it('cancels a queued job: its file is dropped, the worker skips it, a second cancel is 409', async () => {
    const res = await upload(org.agent, file(5, 'cancel.example'));
    const cancelled = await org.agent.post(`/api/jobs/${res.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: res.body.id, status: 'cancelled', finishedAt: expect.any(String) });
    expect(await inputs(res.body.id)).toBe(0);
    await deliver(org.organizationId, res.body.id);
    expect((await org.agent.get(`/api/jobs/${res.body.id}`)).body.status).toBe('cancelled');
    expect(await t.sql(`select 1 from contacts where email like '%@cancel.example'`)).toEqual([]);
    expect((await org.agent.post(`/api/jobs/${res.body.id}/cancel`)).status).toBe(409);
  });
});

describe('GET /api/jobs and job(id)', () => {
  it("another organization's job is 404; a member sees only their own jobs, an admin every job", async () => {
    const mine = await upload(org.agent, file(1, 'mine.example'));
    expect((await other.agent.get(`/api/jobs/${mine.body.id}`)).status).toBe(404);
    expect((await other.agent.post(`/api/jobs/${mine.body.id}/cancel`)).status).toBe(404);
    expect((await other.agent.get('/api/jobs')).body.data.map((j: { id: string }) => j.id)).not.toContain(mine.body.id);

    const member = await t.addMember(org.organizationId, 'user');
    expect((await member.agent.get(`/api/jobs/${mine.body.id}`)).status).toBe(404);
    const theirs = await upload(member.agent, file(1, 'theirs.example'));
    expect(theirs.status).toBe(202);
    expect((await member.agent.get(`/api/jobs/${theirs.body.id}`)).status).toBe(200);
    const listed = (await member.agent.get('/api/jobs')).body;
    expect(listed.data.map((j: { id: string }) => j.id)).toEqual([theirs.body.id]);
    expect(listed.pagination).toMatchObject({ totalItems: 1, currentPage: 1 });
    expect((await org.agent.get(`/api/jobs/${theirs.body.id}`)).status).toBe(200); // the admin
  });

  it('lists with kind and status filters, newest first, paginated', async () => {
    const all = (await org.agent.get('/api/jobs').query({ kind: IMPORT_JOB_KIND, limit: 2 })).body;
    expect(all.data).toHaveLength(2);
    expect(all.pagination.hasNextPage).toBe(true);
    expect(all.data[0].createdAt >= all.data[1].createdAt).toBe(true);
    const cancelled = (await org.agent.get('/api/jobs').query({ status: 'cancelled' })).body;
    expect(cancelled.data.length).toBeGreaterThanOrEqual(1);
    expect(cancelled.data.every((j: { status: string }) => j.status === 'cancelled')).toBe(true);
    expect((await org.agent.get('/api/jobs').query({ kind: 'nothing' })).body.data).toEqual([]);
    expect((await org.agent.get('/api/jobs').query({ status: 'done' })).status).toBe(400);
  });

  it('GraphQL: startCustomerImport answers the job, job(id) polls it, another organization gets NOT_FOUND', async () => {
    const started = await t.gql<{ startCustomerImport: { id: string; status: string; totalRows: number } }>(
      org.agent,
      'mutation($csv: String!) { startCustomerImport(csv: $csv) { id status totalRows } }',
      { csv: file(4, 'graphql.example') },
    );
    expect(started.errors).toBeUndefined();
    const { id } = started.data!.startCustomerImport;
    expect(started.data!.startCustomerImport).toMatchObject({ status: 'queued', totalRows: 4 });
    await deliver(org.organizationId, id);
    const JOB = 'query($id: ID!) { job(id: $id) { id kind status rowsRead rowsWritten report } }';
    const polled = await t.gql<{ job: Record<string, unknown> }>(org.agent, JOB, { id });
    expect(polled.data!.job).toMatchObject({ kind: IMPORT_JOB_KIND, status: 'succeeded', rowsRead: 4, rowsWritten: 4 });
    expect(polled.data!.job.report).toMatchObject({ created: 4, totalRows: 4 });
    const listed = await t.gql<{ jobs: { data: { id: string }[] } }>(
      org.agent,
      'query { jobs(status: succeeded, limit: 100) { data { id } } }',
    );
    expect(listed.data!.jobs.data.map((j) => j.id)).toContain(id);
    const foreign = await t.gql(other.agent, JOB, { id });
    expect(foreign.errors?.[0].extensions.code).toBe('NOT_FOUND');
    const bad = await t.gql(org.agent, 'mutation { startCustomerImport(csv: "foo,bar\\n1,2\\n") { id } }');
    expect(bad.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
  });
});
