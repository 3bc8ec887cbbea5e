/**
 * The soak's service (`npm run bench soak`): an embedded PostgreSQL of its own in a temporary folder (so it can be
 * restarted), and instances of the built server in production mode (bench/http/servers.ts, as `npm start` runs it)
 * behind the loopback balancer (bench/balancer.ts), each at a port of its own it keeps when it is started again.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../src/db/embedded';
import { Balancer } from '../balancer';
import { freePort, type Server, start } from '../http/servers';

export class SoakCluster {
  /** Starts of each instance (1 for the first). */
  readonly lives: number[];
  /** Instances killed and not yet started again (their IPC channel is closed: no stats asked of them). */
  private readonly down = new Set<number>();
  private constructor(
    private readonly folder: string,
    private readonly pgPort: number,
    private pg: EmbeddedDatabase,
    private readonly env: Record<string, string>,
    private readonly ports: number[],
    readonly servers: Server[],
    readonly balancer: Balancer,
  ) {
    this.lives = servers.map(() => 1);
  }

  /**
   * `jobs`: each instance also runs the scheduler, the webhook worker and the workflow worker, as a deployment
   * does (docs/deploy.md, "Several instances"); the first instance migrates the database, then the others start.
   */
  static async start(instances: number, jobs: boolean): Promise<SoakCluster> {
    const folder = mkdtempSync(join(tmpdir(), 'crm-soak-'));
    chmodSync(folder, 0o755);
    const pgPort = await freePort();
    const pg = await startEmbeddedPostgres(join(folder, 'pg'), pgPort);
    const flag = String(jobs);
    const env = { DATABASE_URL: pg.url, SCHEDULER: flag, WEBHOOK_WORKER: flag, WORKFLOW_WORKER: flag };
    const ports = await Promise.all(Array.from({ length: instances }, () => freePort()));
    const servers = [await start('app', env, ports[0])];
    servers.push(...(await Promise.all(ports.slice(1).map((port) => start('app', env, port)))));
    return new SoakCluster(folder, pgPort, pg, env, ports, servers, await new Balancer(ports).start());
  }

  get url(): string {
    return this.balancer.url;
  }

  /** A clean stop of PostgreSQL (fast shutdown: every connection is closed), `downMs` down, then started again. */
  async restartPostgres(downMs: number): Promise<void> {
    await this.pg.stop();
    await new Promise((r) => setTimeout(r, downMs));
    this.pg = await startEmbeddedPostgres(join(this.folder, 'pg'), this.pgPort);
  }

  /** SIGKILL (no chance to finish anything), `downMs` down, then the instance started again on its port. */
  async killInstance(index: number, downMs: number): Promise<void> {
    this.down.add(index);
    process.kill(this.servers[index].pid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, downMs));
    this.servers[index] = await start('app', this.env, this.ports[index]);
    this.lives[index]++;
    this.down.delete(index);
    this.balancer.revive(index);
  }

  /** Each instance's RSS in MB (NaN for one that does not answer within a second: being killed or started). */
  rss(): Promise<number[]> {
    return Promise.all(
      this.servers.map((s, i) =>
        this.down.has(i)
          ? NaN
          : Promise.race([
              s.stats().then((x) => x.rss / 2 ** 20),
              new Promise<number>((r) => setTimeout(() => r(NaN), 1000)),
            ]),
      ),
    );
  }

  /** The ids of `ids` (rows of `table`) that are not in the database. */
  async missing(table: string, ids: string[]): Promise<string[]> {
    const c = new Client({ connectionString: this.pg.url });
    await c.connect();
    try {
      const found = new Set<string>();
      for (let i = 0; i < ids.length; i += 10_000) {
        const { rows } = await c.query<{ id: string }>(`select id::text from ${table} where id = any($1::uuid[])`, [
          ids.slice(i, i + 10_000),
        ]);
        for (const r of rows) found.add(r.id);
      }
      return ids.filter((id) => !found.has(id));
    } finally {
      await c.end();
    }
  }

  async stop(): Promise<void> {
    for (const s of this.servers) s.stop();
    for (const s of this.servers) await exited(s.pid); // their pools close before PostgreSQL stops
    await this.balancer.close();
    await this.pg.stop();
    rmSync(this.folder, { recursive: true, force: true });
  }
}

async function exited(pid: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
