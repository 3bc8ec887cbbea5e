import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AiBudget } from '../ai/provider';
import { clock } from '../lib/clock';

/**
 * The openai provider's per-organization monthly call budget, counted in the database (docs/ai.md,
 * "Per-organization switch and budget"). Table `ai_usage`: one row per organization and calendar month
 * (UTC), `calls` the calls allowed so far. Counting is one atomic upsert that only increments below the
 * limit, so concurrent requests of many processes never overspend; it runs on its own connection
 * (autocommit), outside the caller's transaction: a call that was made stays counted when the caller's
 * transaction rolls back, and the counter row is never held locked for the length of a business transaction.
 *
 * The budget answers `allow(organizationId)` (src/ai's interface) from the scope the caller opened with
 * `withAiUsageScope` (OrganizationAiService.aiFor does, for every call): which database and which limit.
 * A call outside any scope is refused, so an unaccounted call to the external model cannot happen.
 */
export interface AiUsageScope {
  em: EntityManager;
  organizationId: string;
  /** Calls per calendar month; null: unlimited (still counted). */
  monthlyLimit: number | null;
}

const scopes = new AsyncLocalStorage<AiUsageScope>();

export function withAiUsageScope<T>(scope: AiUsageScope, call: () => Promise<T>): Promise<T> {
  return scopes.run(scope, call);
}

/** The first day of the current UTC month, YYYY-MM-DD: the counter's key. */
export const usageMonth = (at: Date = clock.now()): string => `${at.toISOString().slice(0, 7)}-01`;

/** Counts one call when the month's count is below the limit; false (nothing counted) when it is spent. */
export async function countAiCall(em: EntityManager, organizationId: string, limit: number | null): Promise<boolean> {
  if (limit !== null && limit <= 0) return false;
  const below = limit === null ? '' : ' where "ai_usage"."calls" < ?';
  // eslint-disable-next-line no-restricted-syntax -- on purpose outside the caller's transaction (see above)
  const rows = await em.getConnection().execute<unknown[]>(
    `insert into "ai_usage" ("organization_id", "month", "calls") values (?, ?, 1)
     on conflict ("organization_id", "month") do update set "calls" = "ai_usage"."calls" + 1${below}
     returning "calls"`,
    [organizationId, usageMonth(), ...(limit === null ? [] : [limit])],
    'all',
  );
  return rows.length > 0;
}

/** Calls counted for the organization this month. */
export async function aiCallsThisMonth(em: EntityManager, organizationId: string): Promise<number> {
  const rows = await em.execute<Array<{ calls: number }>>(
    `select "calls" from "ai_usage" where "organization_id" = ? and "month" = ?`,
    [organizationId, usageMonth()],
    'all',
  );
  return rows[0]?.calls ?? 0;
}

export class DatabaseAiBudget implements AiBudget {
  async allow(organizationId: string): Promise<boolean> {
    const scope = scopes.getStore();
    if (!scope || scope.organizationId !== organizationId) return false;
    return countAiCall(scope.em, organizationId, scope.monthlyLimit);
  }
}
