import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Deletes the rows of `table` that match `where`, `batchSize` at a time, each batch its own short statement,
 * so retention never holds a long lock or a long transaction. Rows are addressed by ctid, so any table
 * works, with or without an id column. Returns how many rows went.
 */
export async function deleteInBatches(
  em: EntityManager,
  table: string,
  where: string,
  params: unknown[],
  batchSize: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const rows: unknown[] = await em.execute(
      `delete from "${table}" where ctid in (select ctid from "${table}" where ${where} limit ${Math.max(1, Math.floor(batchSize))}) returning 1`,
      params,
    );
    total += rows.length;
    if (rows.length < batchSize) return total;
  }
}
