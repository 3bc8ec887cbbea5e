/**
 * The CSV import's own statements run bare: what `npm run bench import` compares the import with
 * (docs/performance.md, "Issue 31: the import against its bare statements"). The file is turned into the staging table's
 * COPY text beforehand, with the import's own functions (csv-reader.ts, csv-columns.ts, customer-import.sql.ts), and
 * then a plain `pg` client runs, in one transaction, exactly the statements the import runs: the staging table, a
 * server-side COPY of that text, the analyses, the decisions, the writes, the outcomes and the statistics. What the
 * import adds on top (reading and validating the file in node, streaming it to COPY, the service's plumbing) is
 * what the ratio measures.
 */
import { chmodSync, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { Client } from 'pg';
import { clock } from '../src/lib/clock';
import { mapColumns, readRow, type ColumnMap } from '../src/modules/crm/imports/csv-columns';
import { type CsvRecord, isBlank, readCsv } from '../src/modules/crm/imports/csv-reader';
import {
  COPY_STAGING,
  CREATE_STAGING,
  copyLine,
  DECIDE,
  OUTCOMES,
  WRITES,
  type OutcomeRow,
} from '../src/modules/crm/imports/customer-import.sql';
import { analyseWritten } from '../src/modules/crm/imports/import-statistics';

/** The staging table's COPY text of `csv` (new ids on every call), written to `out` (the server reads it). */
export async function stagingFile(csv: string, out: string): Promise<void> {
  const file = createWriteStream(out);
  let map: ColumnMap | undefined;
  for await (const { record, info } of readCsv(csv).records as AsyncIterable<CsvRecord>) {
    if (isBlank(record)) continue;
    if (!map) {
      map = mapColumns(record);
      continue;
    }
    const { row } = readRow(record, info.lines, map);
    if (row && !file.write(copyLine(row))) await once(file, 'drain');
  }
  file.end();
  await once(file, 'finish');
  chmodSync(out, 0o644);
}

/** The import's statements on the staged text, in one transaction, as a superuser `pg` client; returns rows created. */
export async function bareImport(url: string, staged: string, organizationId: string): Promise<number> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('begin');
    await db.query(`select set_config('work_mem', '64MB', true)`);
    await db.query(CREATE_STAGING);
    await db.query(COPY_STAGING.replace('from stdin', `from '${staged}'`)); // the server reads the staged text
    await db.query('analyze import_rows');
    await db.query(DECIDE, [organizationId]);
    await db.query('analyze import_decided');
    const now = clock.now();
    for (const sql of WRITES) await db.query(sql, [now, organizationId]);
    const { rows } = await db.query<OutcomeRow>(OUTCOMES);
    const created = rows.find((r) => r.outcome === 'created')?.n ?? 0;
    await analyseWritten(db, created);
    await db.query('commit');
    return created;
  } catch (e) {
    await db.query('rollback');
    throw e;
  } finally {
    await db.end();
  }
}
