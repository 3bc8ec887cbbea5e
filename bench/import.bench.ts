/**
 * CSV customer import: generates BENCH_IMPORT_ROWS (default 100,000) rows, imports them through the import
 * service (the same code as POST /api/customers/import after the upload), and, in the same run, loads the
 * same file with a PostgreSQL COPY into a table of the file's shape. Prints rows per second and the
 * process's peak RSS of both, and their ratios. The COPY is server-side (`COPY ... FROM '<file>'`), so it
 * needs a superuser connection (the embedded server's, or the postgres user on the project's machines).
 * BENCH_IMPORT_EXISTING (default 0) first fills the tables with that many contacts and customer records of another
 * organization (generate_series SQL): every organization shares the tables and their indexes.
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
  } finally {
    await orm.close(true);
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
