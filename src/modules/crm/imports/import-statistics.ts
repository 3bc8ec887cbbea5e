/** The tables the import writes (customer-import.sql.ts, WRITES). */
export const WRITTEN_TABLES = ['contacts', 'customers'];

interface Statements {
  query<R>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * Refreshes the planner's statistics of the tables the import wrote, as the last statements of its transaction
 * (docs/decisions.md, "The import analyses what it wrote"): the reads that follow an import (the customer list,
 * a re-import) are planned with the organization's new rows counted, not with the statistics of before, which on
 * a server without autovacuum (or before its next round) promised a handful of rows and chose plans that ran
 * past every timeout. A table is analysed when the rows written reach autovacuum's own default threshold
 * (50 rows and 10 % of the table), so a small import into a large table costs nothing; ANALYZE reads a bounded
 * sample (300 x default_statistics_target rows), whatever the table's size.
 *
 * PostgreSQL lets only a table's owner analyse it (before version 17's MAINTAIN privilege), and the service's role
 * owns nothing: the ANALYZE runs as the session's user, the tables' owner, for this transaction only (SET LOCAL
 * ROLE), and the role of before is restored before anything else runs. Inside the transaction, ANALYZE
 * counts its uncommitted rows; if the transaction fails, nothing of the import is written and the statistics
 * merely describe a few rows that are not there, until the next analysis.
 */
export async function analyseWritten(db: Statements, written: number): Promise<string[]> {
  const { rows } = await db.query<{ table: string; role: string }>(
    `select relname as table, current_setting('role') as role from pg_class
      where oid = any($1::regclass[]) and $2::float8 >= 50 + 0.1 * greatest(reltuples, 0) order by relname`,
    [WRITTEN_TABLES, written],
  );
  if (!rows.length) return [];
  await db.query(`select set_config('role', 'none', true)`);
  await db.query(`analyze ${rows.map((r) => r.table).join(', ')}`);
  await db.query(`select set_config('role', $1, true)`, [rows[0].role]);
  return rows.map((r) => r.table);
}
