import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_STAGNANT_DAYS } from '../pipelines/sales-settings.entity';

export interface StagnantRow {
  id: string;
  organization_id: string;
  days_in_stage: number;
  threshold_days: number;
  stage_entered_at: Date;
}

export interface StagnantFilter {
  /** null: every organization (the drift job); otherwise one. */
  organizationId: string | null;
  now: Date;
  ownerId?: string;
  stageId?: string;
  limit?: number;
  offset?: number;
  /** The drift job: leave out deals whose current stay already has its follow-up task (dedupe key, see drift.job.ts). */
  withoutFollowUp?: boolean;
}

/** `drift:<id>:<stage_entered_at as JavaScript's toISOString()>`, in SQL: the drift task's dedupe key. */
export const DRIFT_KEY_SQL = `'drift:' || o.id || ':' || to_char(o.stage_entered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Open opportunities that have been in their stage longer than the threshold: the stage's own
 * `stagnant_days`, else the organization's sales setting, else 14 days. Longest-waiting first.
 * One statement (joins, no per-row queries); times are passed in, never `now()`, so tests move the clock.
 */
export async function stagnantOpportunities(
  em: EntityManager,
  f: StagnantFilter,
): Promise<{ rows: StagnantRow[]; total: number }> {
  const threshold = `coalesce(s.stagnant_days, ss.stagnant_days, ${DEFAULT_STAGNANT_DAYS})`;
  const where = [
    `o.status = 'open'`,
    `o.stage_entered_at <= ?::timestamptz - make_interval(days => ${threshold})`,
    ...(f.organizationId ? ['o.organization_id = ?'] : []),
    ...(f.ownerId ? ['o.owner_id = ?'] : []),
    ...(f.stageId ? ['o.stage_id = ?'] : []),
    ...(f.withoutFollowUp
      ? [
          `not exists (select 1 from tasks t where t.organization_id = o.organization_id and t.dedupe_key = ${DRIFT_KEY_SQL})`,
        ]
      : []),
  ].join(' and ');
  const params = [
    f.now,
    ...(f.organizationId ? [f.organizationId] : []),
    ...(f.ownerId ? [f.ownerId] : []),
    ...(f.stageId ? [f.stageId] : []),
  ];
  const from = `from opportunities o join pipeline_stages s on s.id = o.stage_id left join sales_settings ss on ss.organization_id = o.organization_id where ${where}`;
  const [{ n }] = await em.execute<{ n: string }[]>(`select count(*) as n ${from}`, params);
  const page = f.limit !== undefined ? ` limit ${Math.trunc(f.limit)} offset ${Math.trunc(f.offset ?? 0)}` : '';
  const rows = await em.execute<StagnantRow[]>(
    `select o.id, o.organization_id, o.stage_entered_at, ${threshold} as threshold_days,
            floor(extract(epoch from (?::timestamptz - o.stage_entered_at)) / 86400)::int as days_in_stage
       ${from} order by o.stage_entered_at asc, o.id asc${page}`,
    [f.now, ...params],
  );
  return { rows, total: Number(n) };
}
