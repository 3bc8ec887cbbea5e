import { AsyncLocalStorage } from 'node:async_hooks';
import { Connection } from 'pg';

/** The part of a node-postgres client a scope needs: where it connects, its backend's keys, its statement on the wire. */
export interface ScopedConnection {
  connectionParameters?: { host?: string; port?: number };
  processID?: number | null;
  secretKey?: number | null;
  /** node-postgres's statement on the wire (`activeQuery` is its deprecated public name). */
  _getActiveQuery?(): unknown;
  crmScope?: StatementScope;
  crmGuarded?: boolean;
  query(...args: unknown[]): unknown;
}

/**
 * The database connections one HTTP request holds, so that its deadline (http/deadline.ts) can stop its work:
 * `cancel()` sends PostgreSQL's protocol-level cancel request for each statement running on them (a separate
 * short connection, so it works with the pool exhausted) and makes the request's next acquisition fail. The
 * cancelled statement ends with 57014, its transaction rolls back and the connection goes back to the pool.
 */
export class StatementScope {
  private readonly held = new Set<ScopedConnection>();
  private cancelled = false;

  get isCancelled(): boolean {
    return this.cancelled;
  }

  hold(connection: ScopedConnection): void {
    this.held.add(connection);
    connection.crmScope = this;
    refuseAfterCancel(connection);
  }

  release(connection: ScopedConnection): void {
    this.held.delete(connection);
    connection.crmScope = undefined;
  }

  cancel(): void {
    this.cancelled = true;
    for (const connection of this.held) cancelWhileActive(connection, connection._getActiveQuery?.(), 5);
  }
}

/**
 * A cancel that reaches the backend before the statement it was meant for (sent, not yet read) is ignored by
 * PostgreSQL: while the same statement is still on the wire a little later, the cancel is sent again.
 */
function cancelWhileActive(connection: ScopedConnection, query: unknown, tries: number): void {
  if (!query || connection._getActiveQuery?.() !== query || tries === 0) return;
  sendCancelRequest(connection);
  setTimeout(() => cancelWhileActive(connection, query, tries - 1), 200).unref();
}

/** PostgreSQL's own code for a cancelled statement, so the error model maps both alike (lib/to-app-error.ts). */
const cancelled = () =>
  Object.assign(new Error('canceling statement: the request ran past its deadline'), { code: '57014' });

/**
 * A statement sent after its request's cancel (the connection was taken just before the deadline, the statement
 * just after) would run unseen: the connection refuses it instead. Wrapped once per connection, for its life.
 */
function refuseAfterCancel(connection: ScopedConnection): void {
  if (connection.crmGuarded) return;
  connection.crmGuarded = true;
  const query = connection.query.bind(connection);
  connection.query = (...args: unknown[]) => {
    if (connection.crmScope?.isCancelled && !endsTransaction(args[0])) throw cancelled();
    return query(...args);
  };
}

/**
 * A ROLLBACK still goes through after the cancel: refused, it left the connection inside its aborted transaction,
 * and the pool handed that connection to the next request ("current transaction is aborted", test/import-timeouts).
 */
function endsTransaction(statement: unknown): boolean {
  const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*rollback\b/i.test(text);
}

/** What node-postgres's protocol connection offers (untyped in @types/pg): connect, then one CancelRequest message. */
interface CancelWire extends NodeJS.EventEmitter {
  connect(port: number | string, host?: string): void;
  cancel(processID: number, secretKey: number): void;
}

/** PostgreSQL's cancel request (a new socket carrying the backend's pid and secret key); the server then closes it. */
function sendCancelRequest(connection: ScopedConnection): void {
  const { host = 'localhost', port = 5432 } = connection.connectionParameters ?? {};
  const { processID, secretKey } = connection;
  if (processID == null || secretKey == null) return;
  const wire = new Connection() as unknown as CancelWire;
  wire.on('error', () => undefined); // best effort: the statement timeout still bounds it
  wire.on('connect', () => wire.cancel(processID, secretKey));
  if (host.startsWith('/')) wire.connect(`${host}/.s.PGSQL.${port}`);
  else wire.connect(port, host);
}

const scopes = new AsyncLocalStorage<StatementScope>();

/** Runs `fn` (the rest of an HTTP request) with its connections counted in `scope`. */
export function withStatementScope<T>(scope: StatementScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

export function currentStatementScope(): StatementScope | undefined {
  return scopes.getStore();
}
