import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../lib/logger';
import { BoundedMap } from '../lib/bounded-map';
import { clock } from '../lib/clock';
import { replicaReads } from '../observability/metrics';
import { writeGeneration } from './read-path';

/** How a streaming replica is used (docs/deploy.md, "A read replica"). */
export interface ReadReplicaOptions {
  /** READ_REPLICA_MAX_LAG_MS: a replica further behind than this is not read. */
  maxLagMs: number;
  /** READ_REPLICA_RETRY_MS: after a failure, the replica is left alone this long before it is tried again. */
  retryMs: number;
}

/** Why a heavy read ran where it did: the label of `crm_read_replica_reads_total`. */
export type ReadReason = 'current' | 'own-write' | 'lag' | 'down' | 'error' | 'not-standby';

/**
 * Callers and organizations remembered at most, the oldest forgotten first: a forgotten organization takes the
 * primary's position again at its next read; a forgotten caller is still covered by its organization's entry.
 */
const MAX_ENTRIES = 10_000;

/** A write-ahead log position `X/Y` (hexadecimal halves) as one number, to compare. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** Connection-class failures: the replica is gone or going (not a statement's own error, which the primary would give too). */
export function isConnectionError(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  if ('cause' in e && e.cause !== e && isConnectionError(e.cause)) return true; // a list's failure wraps its cause
  const code = String((e as { code?: unknown })?.code ?? '');
  const message = e instanceof Error ? e.message : '';
  return (
    /^(ECONN|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EPIPE)/.test(code) ||
    /^(08|57P0)/.test(code) || // connection exceptions, admin/crash shutdown, cannot connect now
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      message,
    )
  );
}

/** The replica's position: what it replayed, and how far behind the primary it is (0 when it replayed all it received). */
export const REPLICA_POSITION = `select pg_last_wal_replay_lsn()::text as replay,
  case when pg_last_wal_receive_lsn() is null or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
    else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000, 0) end as lag_ms`;

/**
 * Where a caller's heavy reads go: the streaming replica (READ_DATABASE_URL) when it is up, near enough (replay
 * lag within `maxLagMs`), and has replayed past the caller's own writes; else the primary. Read-your-writes is
 * kept twice (docs/decisions.md, "Read replica: read-your-writes by WAL position"):
 * - per caller (session or API key) in this process: from the start of a write request to its end the caller reads
 *   the primary, then until the replica has replayed past the primary's WAL position taken after the write;
 * - per organization, across instances: every write of an organization this process hears of (its own commits,
 *   and other instances' notices on `crm_counts`, which every instance listens to) makes the organization's heavy
 *   reads wait for the replica to replay past the primary's position at the first read after it.
 * A replica that fails (connection refused, terminated) is left alone for `retryMs`, with a warning; the read goes
 * to the primary, never to an error.
 */
export class ReadReplica {
  private downUntil = 0;
  /** Per caller: write requests in flight, and the primary's position after the last one ended. */
  private readonly callers = new BoundedMap<string, { pending: number; lsn?: bigint }>(MAX_ENTRIES);
  /** Per organization: the write generation last seen and the primary's position taken for it. */
  private readonly organizations = new BoundedMap<string, { generation: number; lsn: bigint }>(MAX_ENTRIES);

  constructor(
    readonly primary: MikroORM,
    readonly replica: MikroORM,
    private readonly options: ReadReplicaOptions,
    private readonly log: Logger,
  ) {}

  /** A write request of `caller` begins: its heavy reads go to the primary until `end` and the replica catch up. */
  beginWrite(caller: string): (succeeded: boolean) => Promise<void> {
    const entry = this.callers.get(caller) ?? { pending: 0 };
    entry.pending++;
    this.callers.set(caller, entry);
    return async (succeeded) => {
      try {
        if (succeeded) {
          const lsn = await this.primaryLsn();
          if (entry.lsn === undefined || lsn > entry.lsn) entry.lsn = lsn;
        }
      } catch {
        entry.lsn = undefined; // the primary is unreachable: nothing can be read anyway
      } finally {
        entry.pending--;
        if (entry.pending === 0 && entry.lsn === undefined) this.callers.delete(caller);
      }
    };
  }

  /** Where `caller`'s heavy read of `organizationId` runs, and why (counted in `crm_read_replica_reads_total`). */
  async choose(caller: string | undefined, organizationId: string | undefined): Promise<MikroORM> {
    const [target, reason] = await this.decide(caller, organizationId);
    replicaReads.inc({ target: target === this.replica ? 'replica' : 'primary', reason });
    return target;
  }

  /** A read that ran on the replica failed for the connection: the replica is left alone for a while. */
  failed(error: unknown): void {
    const wasUp = this.downUntil <= clock.nowMs();
    this.downUntil = clock.nowMs() + this.options.retryMs;
    if (wasUp)
      this.log.warn(
        { err: error, retryMs: this.options.retryMs },
        'read replica unreachable: heavy reads go to the primary until it is tried again',
      );
  }

  close(): Promise<void> {
    return this.replica.close(true);
  }

  private async decide(
    caller: string | undefined,
    organizationId: string | undefined,
  ): Promise<[MikroORM, ReadReason]> {
    if (clock.nowMs() < this.downUntil) return [this.primary, 'down'];
    const own = caller === undefined ? undefined : this.callers.get(caller);
    if (own && own.pending > 0) return [this.primary, 'own-write'];
    let position: { replay: string | null; lag_ms: number | string };
    try {
      [position] = await this.replica.em.fork().execute(REPLICA_POSITION);
    } catch (e) {
      if (!isConnectionError(e)) {
        this.log.warn({ err: e }, 'read replica probe failed: this read goes to the primary');
        return [this.primary, 'error'];
      }
      this.failed(e);
      return [this.primary, 'down'];
    }
    if (position.replay === null) return [this.primary, 'not-standby'];
    if (Number(position.lag_ms) > this.options.maxLagMs) return [this.primary, 'lag'];
    const replayed = lsnValue(position.replay);
    const required = await this.requiredLsn(own, organizationId);
    if (required !== undefined && replayed < required) return [this.primary, 'own-write'];
    if (caller !== undefined && own && own.lsn !== undefined && replayed >= own.lsn) this.callers.delete(caller);
    return [this.replica, 'current'];
  }

  /** The position the replica must have replayed: the caller's last write's, and the organization's last heard write's. */
  private async requiredLsn(
    own: { lsn?: bigint } | undefined,
    organizationId: string | undefined,
  ): Promise<bigint | undefined> {
    let required = own?.lsn;
    if (organizationId !== undefined) {
      const generation = writeGeneration(organizationId);
      let seen = this.organizations.get(organizationId);
      if (generation > 0 && seen?.generation !== generation) {
        seen = { generation, lsn: await this.primaryLsn() };
        this.organizations.set(organizationId, seen);
      }
      if (seen && (required === undefined || seen.lsn > required)) required = seen.lsn;
    }
    return required;
  }

  private async primaryLsn(): Promise<bigint> {
    const [row] = await this.primary.em.fork().execute<{ lsn: string }[]>('select pg_current_wal_lsn()::text as lsn');
    return lsnValue(row.lsn);
  }
}
