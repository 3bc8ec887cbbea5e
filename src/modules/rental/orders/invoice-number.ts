import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The next invoice number of the organization: 1, 2, 3, ... One atomic upsert on the organization's
 * counter row (`invoice_sequences`), which stays locked until the caller's transaction ends, so numbers
 * are unique and, since a rolled-back transaction rolls its increment back too, without gaps.
 */
export async function nextInvoiceNumber(tx: EntityManager, organizationId: string): Promise<number> {
  const rows = await tx.execute<{ last_number: number }[]>(
    tx.getKnex().raw(
      `insert into invoice_sequences (organization_id, last_number) values (:organizationId, 1)
       on conflict (organization_id) do update set last_number = invoice_sequences.last_number + 1
       returning last_number`,
      { organizationId },
    ),
    [],
    'all',
  );
  return rows[0].last_number;
}
