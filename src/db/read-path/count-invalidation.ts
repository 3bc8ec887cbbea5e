import type { EntityManager, EventSubscriber, FlushEventArgs, TransactionEventArgs } from '@mikro-orm/core';
import { currentAccess } from '../access';
import { TENANT_FILTER, type TenantFilterArgs } from '../tenant-filter';
import { COUNTS_CHANNEL, forgetCounts } from './count-cache';

/**
 * Who forgets list totals (count-cache.ts): the data layer, when rows change, whatever the transport. Registered
 * on every ORM (db/orm-options.ts):
 * - after a flush that changed rows: the organization of each changed tenant row, and the organization the
 *   EntityManager works for (a flush outside a transaction has committed by then);
 * - after each outermost transaction commits: the organization it worked for (the tenant filter's, else the
 *   caller's tenant access, db/access.ts), which covers native writes (`nativeUpdate`, `execute`) inside it.
 * A count started before the commit is kept under the generation it began with, so no reader can store a count
 * that misses the write under the new one. Other instances hear of a transaction's writes through a notice on
 * `COUNTS_CHANNEL` sent inside it, just before it commits, when it wrote anything (`txid_current_if_assigned()`):
 * PostgreSQL delivers it with the commit, and never for a rollback. Shown only within `COUNT_TTL_MS`: a native write
 * outside any transaction, and a tenant row flushed inside a transaction that works for no organization (a platform
 * job: forgotten at the flush, before its commit) on other instances.
 */
export class CountInvalidation implements EventSubscriber {
  afterFlush({ em, uow }: FlushEventArgs): void {
    const changes = uow.getChangeSets();
    if (changes.length === 0) return;
    const organizations = new Set<string>();
    for (const change of changes) {
      const id = (change.entity as { organization?: { id?: unknown } | null }).organization?.id;
      if (typeof id === 'string') organizations.add(id);
    }
    const own = organizationOf(em);
    if (own) organizations.add(own);
    for (const id of organizations) forgetCounts(id);
  }

  async beforeTransactionCommit({ em, transaction, uow }: TransactionEventArgs): Promise<void> {
    const organizations = new Set<string>();
    const own = organizationOf(em);
    if (own) organizations.add(own);
    for (const change of uow?.getChangeSets() ?? []) {
      const id = (change.entity as { organization?: { id?: unknown } | null }).organization?.id;
      if (typeof id === 'string') organizations.add(id);
    }
    if (!organizations.size) return;
    // eslint-disable-next-line no-restricted-syntax -- runs inside the committing transaction: `transaction` is its context
    await em
      .getConnection()
      .execute(
        `select pg_notify('${COUNTS_CHANNEL}', o) from unnest(string_to_array(?, ',')) o where txid_current_if_assigned() is not null`,
        [[...organizations].join(',')],
        'all',
        transaction,
      );
  }

  afterTransactionCommit({ em }: TransactionEventArgs): void {
    const own = organizationOf(em);
    if (own) forgetCounts(own);
  }
}

function organizationOf(em: EntityManager): string | undefined {
  const scoped = (em.getFilterParams(TENANT_FILTER) as TenantFilterArgs | undefined)?.organizationId;
  if (scoped) return scoped;
  const access = currentAccess();
  return access.kind === 'tenant' ? access.organizationId : undefined;
}
