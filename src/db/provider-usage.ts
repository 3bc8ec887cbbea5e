import type { EntityManager } from '@mikro-orm/postgresql';
import { clock } from '../lib/clock';

/**
 * Calls to the directory and firmographic providers per organization and UTC day (docs/crm.md, "Calls, retries, budget"):
 * table `provider_usage`, one row per organization and day. Like the AI budget (ai-usage.ts), a call is
 * counted by one atomic upsert that only increments below the limit, on its own connection (autocommit):
 * a call that was made stays counted when the caller's transaction rolls back.
 */
export async function countProviderCall(
  em: EntityManager,
  organizationId: string,
  dailyLimit: number,
): Promise<boolean> {
  if (dailyLimit <= 0) return false;
  // eslint-disable-next-line no-restricted-syntax -- on purpose outside the caller's transaction (see above)
  const counted = await em.getConnection().execute<unknown[]>(
    `insert into "provider_usage" ("organization_id", "day", "calls") values (?, ?, 1)
     on conflict ("organization_id", "day") do update set "calls" = "provider_usage"."calls" + 1
     where "provider_usage"."calls" < ? returning "calls"`,
    [organizationId, clock.now().toISOString().slice(0, 10), dailyLimit],
    'all',
  );
  return counted.length > 0;
}
