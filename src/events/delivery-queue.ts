import { randomUUID } from 'node:crypto';
import { newId } from '../lib/ids';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventEnvelope } from './event-kinds';

/**
 * The PostgreSQL queue behind the delivery worker, in plain SQL (it serves every organization, so it
 * deliberately works below the tenant filter). Each function runs in the transaction of the `em` it gets.
 */

/** Creates the deliveries of committed, not yet fanned-out events for the subscriptions active now. */
export async function fanOut(em: EntityManager, now: Date, limit: number): Promise<number> {
  const rows: { id: string }[] = await em.execute(
    `with ev as (
       select id, organization_id, event from outbox_events where fanned_out_at is null
       order by created_at limit ? for update skip locked
     ), ins as (
       insert into webhook_deliveries (id, organization_id, event_id, subscription_id, kind, status, attempts, next_attempt_at, retry_started_at, created_at, updated_at)
       select gen_random_uuid(), ev.organization_id, ev.id, s.id, ev.event, 'pending', 0, ?, ?, ?, ?
       from ev join webhook_subscriptions s on s.organization_id = ev.organization_id and s.active
         and (jsonb_array_length(s.events) = 0 or s.events @> jsonb_build_array(ev.event))
       on conflict (event_id, subscription_id, organization_id) do nothing
     )
     update outbox_events set fanned_out_at = ? where id in (select id from ev) returning id`,
    [limit, now, now, now, now, now],
  );
  return rows.length;
}

export interface ClaimedDelivery {
  id: string;
  organizationId: string;
  eventId: string;
  subscriptionId: string;
  kind: string;
  attempts: number;
  retryStartedAt: Date;
  claimToken: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  payload: EventEnvelope;
}

export interface ClaimOptions {
  now: Date;
  batchSize: number;
  leaseMs: number;
  ratePerMinute: number;
}

/**
 * Claims up to batchSize due deliveries: locks them with FOR UPDATE SKIP LOCKED (other workers skip
 * them), trims each organization to what is left of its per-minute budget (attempts of the last 60 s
 * plus deliveries in flight, counted under a per-organization advisory lock so concurrent workers
 * agree), and leases the rest. The excess simply stays pending for a later round.
 */
export async function claimDue(em: EntityManager, o: ClaimOptions): Promise<ClaimedDelivery[]> {
  const windowStart = new Date(o.now.getTime() - 60_000);
  const due: { id: string; organization_id: string }[] = await em.execute(
    `select d.id, d.organization_id from webhook_deliveries d
     join webhook_subscriptions s on s.id = d.subscription_id and s.active
     where d.status = 'pending' and d.next_attempt_at <= ? and (d.locked_until is null or d.locked_until <= ?)
       and d.organization_id not in (
         select a.organization_id from webhook_attempts a where a.attempted_at > ? group by a.organization_id having count(*) >= ?)
     order by d.next_attempt_at limit ? for update of d skip locked`,
    [o.now, o.now, windowStart, o.ratePerMinute, o.batchSize],
  );
  if (due.length === 0) return [];
  const orgs = [...new Set(due.map((d) => d.organization_id))].sort();
  await em.execute(
    `select pg_advisory_xact_lock(hashtext('webhook-rate:' || o)) from unnest(array[?]::text[]) o order by o`,
    [orgs],
  );
  const used: { organization_id: string; n: string }[] = await em.execute(
    `select organization_id, sum(n) as n from (
       select organization_id, count(*) as n from webhook_attempts where organization_id in (?) and attempted_at > ? group by organization_id
       union all
       select organization_id, count(*) as n from webhook_deliveries where organization_id in (?) and locked_until > ? group by organization_id
     ) x group by organization_id`,
    [orgs, windowStart, orgs, o.now],
  );
  const left = new Map(orgs.map((org) => [org, o.ratePerMinute]));
  for (const u of used) left.set(u.organization_id, o.ratePerMinute - Number(u.n));
  const ids = due
    .filter((d) => {
      const n = left.get(d.organization_id) ?? 0;
      left.set(d.organization_id, n - 1);
      return n > 0;
    })
    .map((d) => d.id);
  if (ids.length === 0) return [];
  const claimToken = randomUUID();
  await em.execute(`update webhook_deliveries set locked_until = ?, claim_token = ? where id in (?)`, [
    new Date(o.now.getTime() + o.leaseMs),
    claimToken,
    ids,
  ]);
  const rows: Record<string, unknown>[] = await em.execute(
    `select d.id, d.organization_id, d.event_id, d.subscription_id, d.kind, d.attempts, d.retry_started_at, s.url, s.secret,
            case when s.previous_secret_expires_at > ? then s.previous_secret end as previous_secret, e.payload
     from webhook_deliveries d join webhook_subscriptions s on s.id = d.subscription_id join outbox_events e on e.id = d.event_id
     where d.id in (?) order by d.next_attempt_at`,
    [o.now, ids],
  );
  return rows.map((r) => ({
    id: r.id as string,
    organizationId: r.organization_id as string,
    eventId: r.event_id as string,
    subscriptionId: r.subscription_id as string,
    kind: r.kind as string,
    attempts: Number(r.attempts),
    retryStartedAt: new Date(r.retry_started_at as string),
    claimToken,
    url: r.url as string,
    secret: r.secret as string,
    previousSecret: (r.previous_secret as string | null) ?? null,
    payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as EventEnvelope,
  }));
}

export interface AttemptRecord {
  at: Date;
  statusCode?: number;
  latencyMs: number;
  error?: string;
  success: boolean;
  /** The delivery's state after this attempt. */
  status: 'pending' | 'delivered' | 'failed';
  nextAttemptAt?: Date;
}

/**
 * Logs the attempt and moves the delivery on, but only while this worker still holds the lease (claim
 * token): after a lease expired and another worker re-claimed, or after a manual re-send, the late
 * result is logged without overwriting the newer state. Returns whether the delivery was updated.
 */
export async function recordAttempt(em: EntityManager, d: ClaimedDelivery, r: AttemptRecord): Promise<boolean> {
  const error = r.error ? r.error.slice(0, 500) : null;
  await em.execute(
    `insert into webhook_attempts (id, organization_id, delivery_id, event_id, subscription_id, kind, attempt, attempted_at, status_code, latency_ms, error, success, next_attempt_at)
     select ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? where exists (select 1 from webhook_deliveries where id = ?)`,
    [
      newId(),
      d.organizationId,
      d.id,
      d.eventId,
      d.subscriptionId,
      d.kind,
      d.attempts + 1,
      r.at,
      r.statusCode ?? null,
      r.latencyMs,
      error,
      r.success,
      r.nextAttemptAt ?? null,
      d.id,
    ],
  );
  const updated: { id: string }[] = await em.execute(
    `update webhook_deliveries set status = ?, attempts = attempts + 1, next_attempt_at = coalesce(?, next_attempt_at), locked_until = null, claim_token = null,
       last_status_code = ?, last_error = ?, delivered_at = ?, updated_at = ?
     where id = ? and claim_token = ? returning id`,
    [r.status, r.nextAttemptAt ?? null, r.statusCode ?? null, error, r.success ? r.at : null, r.at, d.id, d.claimToken],
  );
  return updated.length > 0;
}

/** Success resets the subscription's failure run; a failure extends it. Returns when the run started. */
export async function recordSubscriptionOutcome(
  em: EntityManager,
  subscriptionId: string,
  success: boolean,
  at: Date,
): Promise<{ failingSince: Date | null; consecutiveFailures: number }> {
  const rows: { failing_since: string | null; consecutive_failures: number }[] = success
    ? await em.execute(
        `update webhook_subscriptions set failing_since = null, consecutive_failures = 0, last_success_at = ? where id = ? returning failing_since, consecutive_failures`,
        [at, subscriptionId],
      )
    : await em.execute(
        `update webhook_subscriptions set consecutive_failures = consecutive_failures + 1, failing_since = coalesce(failing_since, ?), last_failure_at = ? where id = ? returning failing_since, consecutive_failures`,
        [at, at, subscriptionId],
      );
  const row = rows[0];
  return {
    failingSince: row?.failing_since ? new Date(row.failing_since) : null,
    consecutiveFailures: Number(row?.consecutive_failures ?? 0),
  };
}

export async function disableSubscription(
  em: EntityManager,
  subscriptionId: string,
  reason: string,
  at: Date,
): Promise<void> {
  await em.execute(
    `update webhook_subscriptions set active = false, disabled_reason = ?, disabled_at = ? where id = ? and active`,
    [reason.slice(0, 500), at, subscriptionId],
  );
}
