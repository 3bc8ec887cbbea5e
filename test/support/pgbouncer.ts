import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { testPort } from './ports';

/** Debian's pgbouncer package (`.ci/run` installs it); PGBOUNCER_PATH for another place. */
export const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

/** `describe` when pgbouncer is there; under CI a missing one fails the file, elsewhere it is skipped with a warning. */
export function describeWithPgbouncer(file: string): jest.Describe {
  const present = existsSync(PGBOUNCER);
  if (!present && process.env.CI)
    throw new Error(`pgbouncer is not at ${PGBOUNCER}: .ci/run installs Debian's pgbouncer`);
  if (!present) console.warn(`${file} skipped: no pgbouncer at ${PGBOUNCER} (apt-get install pgbouncer)`);
  return present ? describe : describe.skip;
}

export interface Pgbouncer {
  /** `server`'s URL with pgbouncer's address instead. */
  through(server: string): string;
  /** The client connections pgbouncer holds for `database` (its admin console's SHOW CLIENTS). */
  clients(database: string): Promise<number>;
  stop(): Promise<void>;
}

/**
 * A pgbouncer of the test's own on a free loopback port, in transaction mode, in front of `server` (any database
 * name is passed through), with `serverConnections` server connections per database and user: few, so that the
 * clients' transactions take turns on the same server connections.
 */
export async function startPgbouncer(server: string, serverConnections = 2): Promise<Pgbouncer> {
  const target = new URL(server);
  const user = decodeURIComponent(target.username || 'postgres');
  const dir = mkdtempSync(join(tmpdir(), 'crm-pgbouncer-'));
  chmodSync(dir, 0o777); // run as root, pgbouncer drops to the postgres user (-u), who writes its log here
  const port = testPort('pgbouncer');
  writeFileSync(join(dir, 'users.txt'), `"${user}" "${decodeURIComponent(target.password)}"\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${serverConnections}`,
      'max_client_conn = 500',
      'ignore_startup_parameters = extra_float_digits',
      `admin_users = ${user}`,
      `logfile = ${join(dir, 'pgbouncer.log')}`,
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  const child = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d) => (err += String(d)));
  await waitForPort(port, () => (child.exitCode !== null ? `pgbouncer exited with ${child.exitCode}: ${err}` : null));
  return {
    through(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async clients(database: string) {
      const admin = new Client({ host: '127.0.0.1', port, user, database: 'pgbouncer' });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ database: string }>('show clients');
        return rows.filter((r) => r.database === database).length;
      } finally {
        await admin.end();
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT'); // pgbouncer's immediate shutdown
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, failed: () => string | null): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const problem = failed();
    if (problem) throw new Error(problem);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`pgbouncer did not listen on ${port}`);
}
