import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Adds a completed transaction's total to the customer's lifetime order value (CRM core, docs/crm.md),
 * in the caller's transaction. One atomic UPDATE: concurrent completions for one customer never lose an
 * addition. Raw SQL passes no tenant filter, so the organization is in the WHERE clause.
 */
export async function addToLifetimeValue(
  tx: EntityManager,
  organizationId: string,
  customerId: string,
  amount: string,
): Promise<void> {
  await tx.execute(
    tx
      .getKnex()
      .raw(
        'update customers set lifetime_order_value = lifetime_order_value + cast(:amount as numeric), updated_at = now() where id = :customerId and organization_id = :organizationId',
        { amount, customerId, organizationId },
      ),
    [],
    'run',
  );
}
