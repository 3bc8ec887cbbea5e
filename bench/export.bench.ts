/**
 * The streamed CSV export at size (docs/performance.md, "Exports"): BENCH_ROWS (1,000,000) contacts (or BENCH_LIST's
 * list: bench/export-lists.ts) in one organization (and a tenth as many in another, which row security must leave out), seeded with generate_series.
 * The service runs as a child process as `npm start` runs it (bench/http/servers.ts), the database migrated
 * beforehand by the release step (`node dist/scripts/migrate.js`) and the service started with MIGRATE_ON_START=false,
 * as docs/deploy.md deploys it (EXPORT_MIGRATE_ON_START=true: the service migrates at start instead); its RSS is sampled from
 * /proc/<pid>/status every 20 ms while it exports. A: `GET /api/<list>/export` over HTTP on loopback, the body read
 * and counted as it arrives; B: `COPY (select <the same columns> ... order by created_at desc, id desc) TO STDOUT
 * WITH CSV HEADER` of the same rows on a plain connection (pg-copy-streams), read the same way. Interleaved A/B/A/B.
 * Target (issue 31 part 4): 1,000,000 rows under 150 MB RSS, the whole process's peak while exporting (PASS/FAIL);
 * the export's share (the peak minus the idle RSS) is printed beside it; the throughput as a ratio to B.
 * EXPORT_MODE=job: A is the export asked as a job instead (`?async=true`, docs/jobs.md "Exports as jobs"), the service
 * started with EXPORT_WORKER=false and the job worked by `npm run export-worker`'s process (its flags, or
 * BENCH_WORKER_FLAGS instead), whose RSS is the one sampled; A's time runs from the request to the job's success (polled
 * every 100 ms), and its file is then downloaded to count its lines.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { registerOrg } from './bench-app';
import { benchDatabase } from './bench-db';
import { LISTS } from './export-lists';
import { start, startExportWorker, type Server } from './http/servers';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
/** How long after the service's start the exports begin at the earliest (the seeding counts). */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_S ?? 120) * 1000;
const MB = 2 ** 20;
/** The whole service process's peak RSS while it exports 1,000,000 rows (issue 31 part 4). */
const TARGET_MB = 150;
const JOB = process.env.EXPORT_MODE === 'job';
/** A's name in the figures. */
const A = JOB ? 'job' : 'API';

/** The process's resident set now, and its high-water mark (kB in /proc). */
function rssOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** The CPU seconds the process has used (user and system; /proc ticks at 100 Hz): robust to the machine's load. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const LIST = LISTS[process.env.BENCH_LIST ?? 'contacts'];

/** Reads a body to its end, counting bytes and lines; answers the seconds it took. */
async function drain(stream: AsyncIterable<Uint8Array>): Promise<{ seconds: number; bytes: number; lines: number }> {
  const t0 = process.hrtime.bigint();
  let bytes = 0;
  let lines = 0;
  for await (const chunk of stream) {
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
  }
  return { seconds: Number(process.hrtime.bigint() - t0) / 1e9, bytes, lines };
}

export default async function exportBench(): Promise<void> {
  const db = await benchDatabase('export');
  let app: Server | undefined;
  let worker: Omit<Server, 'base'> | undefined;
  const owner = new Client({ connectionString: db.url });
  try {
    const migrateOnStart = process.env.EXPORT_MIGRATE_ON_START === 'true';
    if (!migrateOnStart)
      execFileSync(process.execPath, [join(__dirname, '..', 'scripts', 'migrate.js')], {
        env: { ...process.env, DATABASE_URL: db.url },
        stdio: 'ignore',
      });
    const startedAt = Date.now();
    app = await start('app', {
      DATABASE_URL: db.url,
      MIGRATE_ON_START: String(migrateOnStart),
      ...(JOB ? { EXPORT_WORKER: 'false' } : {}),
    });
    worker = JOB ? await startExportWorker({ DATABASE_URL: db.url, MIGRATE_ON_START: 'false' }) : undefined;
    console.log(
      migrateOnStart
        ? 'the service migrated its database at start'
        : 'migrated by the release step; the service started with MIGRATE_ON_START=false',
    );
    const { base } = app;
    // the process that exports: the service, or the export worker
    const exporter = worker ?? app;
    const { pid } = exporter;
    const main = await registerOrg(app.base, 'bench-export');
    const other = await registerOrg(app.base, 'bench-export-other');
    await owner.connect();
    const seeded = Date.now();
    if (!LIST) throw new Error(`BENCH_LIST: one of ${Object.keys(LISTS).join(', ')}`);
    if (LIST.settings) {
      const res = await fetch(`${app.base}/api/settings/organization`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: main.cookie },
        body: JSON.stringify(LIST.settings),
      });
      if (!res.ok) throw new Error(`settings: ${res.status} ${await res.text()}`);
    }
    await LIST.seed(owner, main.org, ROWS);
    await LIST.seed(owner, other.org, Math.ceil(ROWS / 10));
    await owner.query('analyze'); // the list's table and what its given columns join (contacts, companies)
    console.log(
      `seeded ${ROWS} + ${Math.ceil(ROWS / 10)} ${LIST.table} rows in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
    );
    // the idle figure is the service's after V8's memory reducer has shrunk its heap, which it does after about a
    // quiet minute (until then it holds start-up's 200-220 MB): the exports start SETTLE_MS after the service did
    const settle = SETTLE_MS - (Date.now() - startedAt);
    if (settle > 0) {
      console.log(`waiting ${(settle / 1000).toFixed(0)} s more for the service to settle (BENCH_SETTLE_S)`);
      await new Promise((r) => setTimeout(r, settle));
    }

    const get = async (path: string, status = 200) => {
      const res = await fetch(`${base}${path}`, { headers: { cookie: main.cookie } });
      if (res.status !== status || !res.body) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res;
    };
    const streamed = async () => drain((await get(`${LIST.path}/export`)).body as unknown as AsyncIterable<Uint8Array>);
    const asJob = async () => {
      const t0 = process.hrtime.bigint();
      const { id } = (await (await get(`${LIST.path}/export?async=true`, 202)).json()) as { id: string };
      for (;;) {
        const { status } = (await (await get(`/api/jobs/${id}`)).json()) as { status: string };
        if (status === 'succeeded') break;
        if (status !== 'queued' && status !== 'running') throw new Error(`export job ${id}: ${status}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      const file = await drain((await get(`/api/jobs/${id}/result`)).body as unknown as AsyncIterable<Uint8Array>);
      return { ...file, seconds };
    };
    const api = JOB ? asJob : streamed;
    const copy = `copy (${LIST.select(main.org)}) to stdout with (format csv, header)`;
    const bare = () => drain(owner.query(copyTo(copy)));

    const idle = rssOf(pid);
    const idleMemory = (await exporter.stats()).memory;
    let peak = idle.rss;
    // where the memory is at the RSS peak: V8's heap, or outside it (Buffers, the native code, the allocator's pages)
    let atPeak = idleMemory;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid).rss)), 20);
    const breakdown = setInterval(
      () =>
        void exporter.stats().then(({ memory }) => {
          if (memory.rss >= atPeak.rss) atPeak = memory;
        }),
      250,
    );
    const a: number[] = [];
    const b: number[] = [];
    let cpu = 0; // the exporting process's CPU seconds during A
    let shape = '';
    try {
      for (let i = 0; i < RUNS; i++) {
        const before = cpuOf(pid);
        const x = await api();
        cpu += cpuOf(pid) - before;
        const y = await bare();
        if (x.lines !== ROWS + 1 || y.lines !== ROWS + 1)
          throw new Error(`expected ${ROWS + 1} lines: the export had ${x.lines}, COPY ${y.lines}`);
        a.push(x.seconds);
        b.push(y.seconds);
        shape = `${(x.bytes / MB).toFixed(0)} MB of CSV from the ${A}, ${(y.bytes / MB).toFixed(0)} MB from COPY`;
        console.log(
          `round ${i + 1}: ${A} ${x.seconds.toFixed(2)} s (${(ROWS / x.seconds).toFixed(0)} rows/s), COPY ${y.seconds.toFixed(2)} s (${(ROWS / y.seconds).toFixed(0)} rows/s)`,
        );
      }
    } finally {
      clearInterval(sampler);
      clearInterval(breakdown);
    }
    const sum = (xs: number[]) => xs.reduce((s, v) => s + v, 0);
    const ratio = sum(b) / sum(a);
    const growth = (peak - idle.rss) / MB;
    console.log(`\n${ROWS} rows, ${RUNS} rounds interleaved; ${shape}`);
    console.log(
      `throughput: ${A} ${((ROWS * RUNS) / sum(a)).toFixed(0)} rows/s, COPY ${((ROWS * RUNS) / sum(b)).toFixed(0)} rows/s: the ${A} at ${ratio.toFixed(3)} of COPY`,
    );
    const who = JOB ? 'export worker' : 'service';
    console.log(
      `${who} CPU while exporting: ${cpu.toFixed(1)} s for ${ROWS * RUNS} rows (${((cpu * 1e6) / (ROWS * RUNS)).toFixed(1)} µs a row)`,
    );
    console.log(
      `${who} RSS (child process, /proc every 20 ms): ${(idle.rss / MB).toFixed(0)} MB idle before the exports, ${(peak / MB).toFixed(0)} MB peak while exporting (${growth.toFixed(0)} MB of it the export's); high-water mark of the process's life ${(rssOf(pid).hwm / MB).toFixed(0)} MB`,
    );
    const pass = peak / MB < TARGET_MB;
    console.log(
      `target: the whole process under ${TARGET_MB} MB RSS while exporting ${ROWS} rows: peak ${(peak / MB).toFixed(0)} MB: ${pass ? 'PASS' : 'FAIL'}${ROWS < 1_000_000 ? " (fewer rows than the target's 1,000,000)" : ''}`,
    );
    const parts = (m: NodeJS.MemoryUsage) =>
      `RSS ${(m.rss / MB).toFixed(0)} MB = V8 heap ${(m.heapTotal / MB).toFixed(0)} MB (${(m.heapUsed / MB).toFixed(0)} used) + external ${(m.external / MB).toFixed(0)} MB (Buffers ${(m.arrayBuffers / MB).toFixed(0)}) + the rest (code, native, allocator) ${((m.rss - m.heapTotal - m.external) / MB).toFixed(0)} MB`;
    console.log(`idle: ${parts(idleMemory)}`);
    console.log(`at the largest sample while exporting (every 250 ms): ${parts(atPeak)}`);
    console.log(
      `load average (1, 5, 15 min) at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')} on ${cpus().length} cores`,
    );
  } finally {
    worker?.stop();
    app?.stop();
    await owner.end().catch(() => undefined);
    await db.drop();
  }
}
