/**
 * CSV customer import: generates BENCH_IMPORT_ROWS (default 100,000) rows, imports them through the import
 * service (the same code as POST /api/customers/import after the upload), and, in the same run, loads the
 * same file with a PostgreSQL COPY into a table of the file's shape. Prints rows per second and the
 * process's peak RSS of both, and their ratios. The COPY is server-side (`COPY ... FROM '<file>'`), so it
 * needs a superuser connection (the embedded server's, or the postgres user on the project's machines).
 * BENCH_IMPORT_EXISTING (default 0) first fills the tables with that many contacts and customer records of another
 * organization (generate_series SQL): every organization shares the tables and their indexes.
 * Then (issue 31) the import against its own statements run bare on the same file and indexes (import-bare.ts):
 * BENCH_IMPORT_ROUNDS (default 2) rounds of A then B, each into a new organization, interleaved A/B/A/B; prints
 * each round's rows/s and the ratio import / bare (target >= 0.8).
 */
import { chmodSync, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import type { EntityManager } from '@mikro-orm/postgresql';
import { openAppDatabase } from '../src/composition';
import { TENANT_FILTER } from '../src/db/tenant-filter';
import { Organization } from '../src/modules/accounts/organizations/organization.entity';
import { CustomerImportService } from '../src/modules/crm/imports/customer-import.service';
import { benchDatabase } from './bench-db';
import { withOwnerAccess, withTenantAccess } from '../src/db/access';
import { bareImport, stagingFile } from './import-bare';
import { quantile } from './timing';

async function writeCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write('Customer Name,Email,Phone,Address,City,State,Zip Code\n');
  for (let i = 0; i < rows; i++) {
    const line = `"Customer ${i}, Inc.",customer${i}@bench.example,+1415${String(i).padStart(7, '0')},"${i} Main St",Austin,TX,${String(i % 100000).padStart(5, '0')}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Runs `work` while sampling the RSS every 10 ms; returns its duration and the peak RSS seen. */
async function measure(work: () => Promise<unknown>): Promise<{ seconds: number; peakRss: number }> {
  global.gc?.();
  let peakRss = process.memoryUsage().rss;
  const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
  const start = process.hrtime.bigint();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, peakRss };
}

/** `n` contacts with their customer records in another organization, as rows written before this run would be. */
async function fillOtherOrganization(em: EntityManager, organizationId: string, n: number): Promise<void> {
  if (n <= 0) return;
  await em.execute(
    `insert into contacts (id, created_at, updated_at, organization_id, name, email, phone, status, source)
     select gen_random_uuid(), now(), now(), ?, 'Other ' || g, 'other' || g || '@bench.example', null, 'customer', 'import'
       from generate_series(1, ?) g`,
    [organizationId, n],
  );
  await em.execute(
    `insert into customers (id, created_at, updated_at, organization_id, contact_id)
     select gen_random_uuid(), now(), now(), organization_id, id from contacts where organization_id = ?`,
    [organizationId],
  );
  await em.execute('vacuum analyze contacts');
  await em.execute('vacuum analyze customers');
}

/** A/B/A/B: the import (A) and its statements run bare (B), each round into new organizations. */
async function againstBare(
  orm: Awaited<ReturnType<typeof openAppDatabase>>,
  url: string,
  file: string,
  dir: string,
  rows: number,
  service: CustomerImportService,
): Promise<void> {
  const rounds = Number(process.env.BENCH_IMPORT_ROUNDS ?? 2);
  const ratios: number[] = [];
  for (let r = 1; r <= rounds; r++) {
    const a = new Organization(`Import ${r}`);
    const b = new Organization(`Bare ${r}`);
    await orm.em.fork().persistAndFlush([a, b]);
    const staged = join(dir, `staged-${r}.csv`);
    await stagingFile(file, staged); // outside the timing: the bare side starts from the staged text
    const em = orm.em.fork();
    em.setFilterParams(TENANT_FILTER, { organizationId: a.id });
    const imp = await measure(() =>
      withTenantAccess(a.id, () => service.importFile(em, a.id, file, { dryRun: false })),
    );
    let created = 0;
    const bare = await measure(async () => (created = await bareImport(url, staged, b.id)));
    if (created !== rows) throw new Error(`the bare statements created ${created} of ${rows}`);
    const ratio = imp.seconds > 0 ? bare.seconds / imp.seconds : 0;
    ratios.push(ratio);
    console.log(
      `round ${r}: import ${imp.seconds.toFixed(2)} s (${(rows / imp.seconds).toFixed(0)} rows/s), its statements bare ${bare.seconds.toFixed(2)} s (${(rows / bare.seconds).toFixed(0)} rows/s): ratio ${ratio.toFixed(3)}`,
    );
  }
  const mean = ratios.reduce((x, y) => x + y, 0) / ratios.length;
  console.log(
    `import rows/s over its statements run bare (same file, same indexes), ${rounds} rounds A/B: ${ratios.map((x) => x.toFixed(3)).join(' / ')}, mean ${mean.toFixed(3)}, median ${quantile(ratios, 0.5).toFixed(3)} (target >= 0.8)`,
  );
}

const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

export default async function importBench(): Promise<void> {
  const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
  const dir = mkdtempSync(join(tmpdir(), 'crm-import-bench-'));
  chmodSync(dir, 0o755); // the database server reads the file for COPY
  const file = join(dir, 'customers.csv');
  await writeCsv(file, rows);
  chmodSync(file, 0o644);
  const db = await benchDatabase('import');
  const orm = await openAppDatabase(db.url);
  try {
    const setup = orm.em.fork();
    const org = new Organization('Bench Rentals');
    const other = new Organization('Other Rentals');
    await setup.persistAndFlush([org, other]);
    await withOwnerAccess(() => fillOtherOrganization(setup, other.id, Number(process.env.BENCH_IMPORT_EXISTING ?? 0)));
    const em = orm.em.fork();
    em.setFilterParams(TENANT_FILTER, { organizationId: org.id });
    const service = new CustomerImportService({ maxBytes: 1024 * 1024 * 1024, maxRows: rows, timeoutMs: 600_000 });
    const baseRss = process.memoryUsage().rss;

    let report: Awaited<ReturnType<CustomerImportService['importFile']>> | undefined;
    const imp = await measure(async () => {
      // As a request of that organization would: under its row-level security context.
      report = await withTenantAccess(org.id, () => service.importFile(em, org.id, file, { dryRun: false }));
    });
    if (!report) throw new Error('the import returned no report');
    if (report.created !== rows)
      throw new Error(`import created ${report.created} of ${rows}: ${JSON.stringify(report.errors.slice(0, 3))}`);

    // The baseline reads a server file: the owner's right, not the service role's.
    const conn = orm.em.getConnection();
    await withOwnerAccess(() =>
      conn.execute(
        'create table bench_copy (name text, email text, phone text, address text, city text, state text, zip text)',
      ),
    );
    const copy = await measure(() =>
      withOwnerAccess(() => conn.execute(`copy bench_copy from '${file}' with (format csv, header true)`)),
    );
    const copied = await withOwnerAccess(() => conn.execute('select count(*)::int as n from bench_copy'));
    if (copied[0].n !== rows) throw new Error(`COPY loaded ${copied[0].n} of ${rows}`);

    const impRate = rows / imp.seconds;
    const copyRate = rows / copy.seconds;
    console.log(`file: ${rows} rows, ${mb(statSync(file).size)}; RSS before: ${mb(baseRss)}`);
    console.log(
      `import (validate + upsert contacts and customers, one transaction): ${imp.seconds.toFixed(2)} s, ${impRate.toFixed(0)} rows/s, peak RSS ${mb(imp.peakRss)}`,
    );
    console.log(
      `COPY into a table of the file's shape:                 ${copy.seconds.toFixed(2)} s, ${copyRate.toFixed(0)} rows/s, peak RSS ${mb(copy.peakRss)}`,
    );
    console.log(
      `ratios import/COPY: speed ${(impRate / copyRate).toFixed(3)}x, peak RSS ${(imp.peakRss / copy.peakRss).toFixed(2)}x; import peak RSS over the starting RSS: ${(imp.peakRss / baseRss).toFixed(2)}x`,
    );
    await againstBare(orm, db.url, file, dir, rows, service);
  } finally {
    await orm.close(true);
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
