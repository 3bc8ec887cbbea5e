import type { EntityManager } from '@mikro-orm/postgresql';
import { deleteInBatches } from './prune';

/** How long a stored answer is replayed; older rows count as absent and are pruned (`idempotency-retention`). */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** Whose key it is: keys are scoped per organization and per caller (a user, or an API key). */
export interface IdempotencyKeyId {
  organizationId: string;
  caller: string;
  key: string;
}

/** A stored answer and the fingerprint of the request it answered. */
export interface StoredAnswer {
  requestHash: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const FRESH = `"created_at" > now() - interval '${IDEMPOTENCY_TTL_HOURS} hours'`;

/**
 * Takes the key's lock for the rest of `em`'s transaction, or answers false at once when another transaction
 * holds it (the key's first request is still running). A transaction-scoped advisory lock: PostgreSQL releases it
 * at commit or rollback, and when the connection dies, so a crash or a restart never leaves a key stuck.
 */
export async function tryLockKey(em: EntityManager, id: IdempotencyKeyId): Promise<boolean> {
  const rows = await em.execute<Array<{ locked: boolean }>>(
    `select pg_try_advisory_xact_lock(hashtextextended(?, 0)) as "locked"`,
    [`idempotency-key|${id.organizationId}|${id.caller}|${id.key}`],
    'all',
  );
  return rows[0]?.locked === true;
}

/** The answer stored under the key in the last 24 hours, if any. */
export async function findAnswer(em: EntityManager, id: IdempotencyKeyId): Promise<StoredAnswer | undefined> {
  const rows = await em.execute<
    Array<{ request_hash: string; status: number; headers: Record<string, string>; body: Buffer }>
  >(
    `select "request_hash", "status", "headers", "body" from "idempotency_keys"
      where "organization_id" = ? and "caller" = ? and "key" = ? and ${FRESH}`,
    [id.organizationId, id.caller, id.key],
    'all',
  );
  const row = rows[0];
  return row && { requestHash: row.request_hash, status: row.status, headers: row.headers, body: row.body };
}

/** Stores the answer in `em`'s transaction; an expired row of the same key (not pruned yet) is replaced. */
export async function storeAnswer(em: EntityManager, id: IdempotencyKeyId, answer: StoredAnswer): Promise<void> {
  await em.execute(
    `insert into "idempotency_keys" ("organization_id", "caller", "key", "request_hash", "status", "headers", "body")
     values (?, ?, ?, ?, ?, ?, ?)
     on conflict ("organization_id", "caller", "key") do update set "request_hash" = excluded."request_hash",
       "status" = excluded."status", "headers" = excluded."headers", "body" = excluded."body", "created_at" = now()`,
    [
      id.organizationId,
      id.caller,
      id.key,
      answer.requestHash,
      answer.status,
      JSON.stringify(answer.headers),
      answer.body,
    ],
    'run',
  );
}

/** Deletes the answers older than the replay window, in batches (a scheduled task, as the platform). */
export function pruneIdempotencyKeys(em: EntityManager, batchSize: number): Promise<number> {
  return deleteInBatches(em, 'idempotency_keys', `not (${FRESH})`, [], batchSize);
}
