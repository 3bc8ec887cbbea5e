import type { ListenConnection } from '../../../db/listen-connection';

/**
 * The session principals this process has read, kept until the database says they changed (docs/decisions.md,
 * "Principals kept in memory, invalidated by the database"). Every update or delete of a session or a user row
 * sends a notification on `crm_principal` when it commits (migration 20261126000000); this process LISTENs on
 * a connection of its own and forgets what a notification names. An entry is only used while that connection is
 * up and is never kept past its session's expiries or `maxAgeMs` (a bound should a notification ever be lost). A
 * row read while an invalidation arrived is not kept: the invalidation may be about it.
 */
export const PRINCIPAL_CHANNEL = 'crm_principal';

export interface PrincipalCacheOptions {
  /** Longest time an entry is used without being read again. */
  maxAgeMs: number;
  /** Entries kept at most (the oldest goes first). */
  maxEntries: number;
}

/** The LISTEN connection, as far as the cache needs it (a `pg` client). */
export type { ListenConnection };

interface Entry<R> {
  row: R;
  /** The users the row was read from (the session's user, an impersonated user). */
  users: string[];
  /** Epoch milliseconds after which the entry is not used. */
  until: number;
}

export class PrincipalCache<R> {
  private readonly entries = new Map<string, Entry<R>>();
  /** Bumped by every invalidation and every change of the connection: `put` compares it with `mark`'s. */
  private version = 0;
  private connection?: ListenConnection;

  constructor(private readonly options: PrincipalCacheOptions) {}

  /** Whether entries are used: only while the LISTEN connection is up. */
  get listening(): boolean {
    return this.connection !== undefined;
  }

  /** The entry of `key` if it is usable at `now`. */
  get(key: string, now: number): R | undefined {
    if (!this.connection) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now >= entry.until) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.row;
  }

  /** Taken before reading a row from the database, for `put`. */
  mark(): number {
    return this.version;
  }

  /**
   * Keeps a row read after `mark`, unless something was invalidated (or the connection changed) since, until
   * `expiresAt` or `maxAgeMs` after `now`, whichever comes first.
   */
  put(key: string, row: R, users: string[], times: { now: number; expiresAt: number }, mark: number): void {
    if (!this.connection || mark !== this.version) return;
    if (this.entries.size >= this.options.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { row, users, until: Math.min(times.expiresAt, times.now + this.options.maxAgeMs) });
  }

  /** `s:<session id>`, `u:<user id>` or `*` (everything): what a notification says, or a write of this process. */
  invalidate(message: string): void {
    this.version++;
    if (message.startsWith('s:')) this.entries.delete(message.slice(2));
    else if (message.startsWith('u:')) {
      const user = message.slice(2);
      for (const [key, entry] of this.entries) if (entry.users.includes(user)) this.entries.delete(key);
    } else this.entries.clear();
  }

  /** Starts using entries once `connection` LISTENs; it going away (error, end) stops it and forgets everything. */
  async attach(connection: ListenConnection, onLost: (error?: Error) => void): Promise<void> {
    connection.on('notification', (m) => {
      if (m.channel === PRINCIPAL_CHANNEL) this.invalidate(m.payload ?? '*');
    });
    const lost = (error?: Error) => {
      if (this.connection !== connection) return;
      this.detach();
      onLost(error);
    };
    connection.on('error', lost);
    connection.on('end', lost);
    await connection.query(`listen ${PRINCIPAL_CHANNEL}`);
    this.invalidate('*');
    this.connection = connection;
  }

  /** Stops using entries and forgets them. */
  detach(): void {
    this.connection = undefined;
    this.invalidate('*');
  }
}
