import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { REPLICA_POSITION } from '../../src/db/read-replica';
import { testPort } from './ports';
import { withDatabase } from './db-url';

const TOOLS = ['initdb', 'postgres', 'pg_basebackup'];

/**
 * The PostgreSQL server programs: where `pg_config --bindir` points, else Debian's layout (/usr/lib/postgresql/<major>/bin,
 * the newest), with initdb, postgres and pg_basebackup in it.
 */
export function postgresBinDir(): string | undefined {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // no pg_config
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian))
    for (const major of readdirSync(debian).sort((x, y) => Number(y) - Number(x)))
      candidates.push(join(debian, major, 'bin'));
  return candidates.find((dir) => TOOLS.every((tool) => existsSync(join(dir, tool))));
}

/** `describe` when the server programs are there; skipped, saying why, when they are not. */
export function describeWithPostgresTools(file: string): jest.Describe {
  if (postgresBinDir()) return describe;
  console.warn(`${file} skipped: no PostgreSQL server programs (${TOOLS.join(', ')}; apt-get install postgresql-15)`);
  return describe.skip;
}

/** As root, the server programs run as the `postgres` system user (initdb refuses root). */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

export interface StreamingPair {
  /** The primary's URL (database `postgres`). */
  primary: string;
  /** `url` (a database of the primary) on the standby. */
  onStandby(url: string): string;
  /** Waits until the standby has replayed everything the primary has written so far. */
  caughtUp(): Promise<void>;
  /** Pauses and resumes the standby's replay (pg_wal_replay_pause/resume): it keeps receiving, it stops applying. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** The standby's replay lag as the app measures it (src/db/read-replica.ts), in ms. */
  standbyLagMs(): Promise<number>;
  /** Stops the standby (fast shutdown: its connections are ended). */
  stopStandby(): Promise<void>;
  /** Stops both servers and removes their folders. */
  stop(): Promise<void>;
}

/**
 * A primary of the test's own (initdb, wal_level=replica, a replication line in pg_hba, on loopback) and a streaming
 * standby made from it with `pg_basebackup -R` (docs/deploy.md, "A read replica": the same commands).
 */
export async function startStreamingPair(): Promise<StreamingPair> {
  const bin = postgresBinDir()!;
  const dir = mkdtempSync(join(tmpdir(), 'crm-replica-'));
  chmodSync(dir, 0o777); // the postgres user creates the data folders here
  const base = testPort('readReplica');
  const [primaryPort, standbyPort] = [base - (base % 2), base - (base % 2) + 1];
  const primaryDir = join(dir, 'primary');
  const standbyDir = join(dir, 'standby');
  const run = (tool: string, args: string[]) =>
    execFileSync(join(bin, tool), args, {
      ...runAs(),
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
  const servers: ChildProcess[] = [];
  const start = async (data: string, port: number) => {
    const child = spawn(join(bin, 'postgres'), ['-D', data, '-p', String(port)], {
      ...runAs(),
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let err = '';
    child.stderr?.on('data', (d) => (err += String(d)));
    servers.push(child);
    await answers(`postgres://postgres@127.0.0.1:${port}/postgres`, () =>
      child.exitCode !== null ? `postgres exited with ${child.exitCode}: ${err}` : null,
    );
    return child;
  };
  const primary = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
  const standby = `postgres://postgres@127.0.0.1:${standbyPort}/postgres`;
  const stopServer = async (child: ChildProcess) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT'); // fast shutdown
    await exited;
  };
  try {
    run('initdb', ['-D', primaryDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
    appendFileSync(
      join(primaryDir, 'postgresql.conf'),
      [
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'hot_standby = on',
        'fsync = off',
        '',
      ].join('\n'),
    );
    appendFileSync(join(primaryDir, 'pg_hba.conf'), 'host replication postgres 127.0.0.1/32 trust\n');
    await start(primaryDir, primaryPort);
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      standbyDir,
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ]);
    await start(standbyDir, standbyPort);
  } catch (e) {
    for (const child of servers) await stopServer(child);
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const on = async <T>(url: string, sql: string): Promise<T> => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows[0] as T;
    } finally {
      await client.end();
    }
  };
  return {
    primary,
    onStandby: (url) => withDatabase(standby, new URL(url).pathname.slice(1)),
    async caughtUp() {
      const { lsn } = await on<{ lsn: string }>(primary, 'select pg_current_wal_lsn()::text as lsn');
      for (let i = 0; i < 200; i++) {
        const { done } = await on<{ done: boolean }>(
          standby,
          `select coalesce(pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn, false) as done`,
        );
        if (done) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`the standby did not replay up to ${lsn}`);
    },
    pauseReplay: () => on(standby, 'select pg_wal_replay_pause()'),
    resumeReplay: () => on(standby, 'select pg_wal_replay_resume()'),
    async standbyLagMs() {
      const { lag_ms } = await on<{ lag_ms: string }>(standby, REPLICA_POSITION);
      return Number(lag_ms);
    },
    stopStandby: () => stopServer(servers[1]),
    async stop() {
      for (const child of [...servers].reverse()) await stopServer(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until `url` answers a connection (or `failed` says why it never will). */
async function answers(url: string, failed: () => string | null): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const problem = failed();
    if (problem) throw new Error(problem);
    const client = new Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`no answer from ${url}`);
}
