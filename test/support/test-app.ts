import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { MikroORM } from '@mikro-orm/postgresql';
import { AppDeps, createServices } from '../../src/composition';
import { App, createApp } from '../../src/app';
import { Config, loadConfig } from '../../src/config';
import { openAppDatabase } from '../../src/composition';
import { createLogger } from '../../src/lib/logger';
import { hashPassword } from '../../src/lib/crypto';
import { withDatabase } from './db-url';
import { withOwnerAccess } from '../../src/db/access';
import { ensureTemplate } from './template';

export type Agent = TestAgent;

export interface TestApp {
  http: App['app'];
  orm: MikroORM;
  /** With `options.readThrough`: the read replica the app reads its heavy reads from. */
  readReplica?: App['readReplica'];
  deps: AppDeps;
  /** This file's own database, as its owner (the URL the app's pool connects with). */
  databaseUrl: string;
  /** A cookie-keeping client, like a browser. */
  agent(): Agent;
  /** Registers a new organization with a unique admin and returns a logged-in agent. */
  registerOrg(name?: string): Promise<Registered>;
  /** Adds a member with the given role to an organization (directly in the database) and logs them in. */
  addMember(organizationId: string, role: 'user' | 'admin' | 'super_admin'): Promise<Registered>;
  login(email: string, password: string): Promise<Agent>;
  /** Runs a GraphQL operation through /graphql with the agent's cookies. */
  gql<T = Record<string, unknown>>(
    agent: Agent,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ data?: T; errors?: { message: string; extensions: { code: string; details?: unknown[] } }[] }>;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * `sql` with the foreign-key checks off for this one statement (session_replication_role, in a transaction of its
   * own): to plant a row pointing into another organization, as a bug in a write path would, which the composite
   * foreign keys (docs/deploy.md, "Running on Citus") otherwise refuse.
   */
  sqlUnchecked(text: string, params?: unknown[]): Promise<void>;
  /** Listens on a loopback port with the GraphQL WebSocket attached (live events); its base URL, `http://...`. */
  serve(): Promise<string>;
  close(): Promise<void>;
}

/** `app` on a loopback port, with its GraphQL WebSocket attached: its base URL and how to stop it. */
export async function serveApp(app: App): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(app.app);
  app.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Registered {
  agent: Agent;
  userId: string;
  organizationId: string;
  email: string;
  password: string;
}

export const PASSWORD = 'correct-horse-battery';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.test`;
}

/** Generous limits for functional tests; the rate-limit tests build an app with small ones. */
const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  RATE_LIMIT_AUTH: '100000',
  RATE_LIMIT_READ: '100000',
  RATE_LIMIT_WRITE: '100000',
  RATE_LIMIT_WEBHOOK: '100000',
  SEED_DEMO: 'false',
  ...(process.env.TEST_PRINCIPAL_CACHE ? { PRINCIPAL_CACHE: process.env.TEST_PRINCIPAL_CACHE } : {}),
};

/** The app's settings for a test: the generous limits above, then `env`. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ ...TEST_ENV, ...env });
}

/** A database of this test file's own, cloned from the migrated template, and the app over it. */
export async function createTestApp(
  env: Record<string, string> = {},
  /**
   * migrate: run the migrations the template lacks (a module that exists only in one test file); through: the URL
   * the app's pool connects to instead of the database's own (a pooler in front of it; LISTEN keeps the direct one).
   */
  options: {
    migrate?: boolean;
    through?: (url: string) => string;
    /** Another server than the run's (a test's own primary); the template is built there on first use. */
    server?: string;
    /** READ_DATABASE_URL: the read replica's URL for this database's URL (docs/deploy.md, "A read replica"). */
    readThrough?: (url: string) => string;
  } = {},
): Promise<TestApp> {
  const server = options.server ?? process.env.TEST_PG_SERVER_URL!;
  const database = `crm_t_${process.pid}_${randomUUID().slice(0, 8)}`;
  await ensureTemplate(server, process.env.TEST_PG_TEMPLATE!);
  const admin = new Client({ connectionString: withDatabase(server, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${database} template ${process.env.TEST_PG_TEMPLATE}`);
  await admin.end();

  const direct = withDatabase(server, database);
  const reads = options.readThrough ? { READ_DATABASE_URL: options.readThrough(direct) } : {};
  const config: Config = loadConfig({ ...TEST_ENV, ...env, ...reads, DATA_DIR: '/nonexistent-test-data-dir' });
  const orm = await openAppDatabase(options.through ? options.through(direct) : direct, {
    migrate: options.migrate ?? false,
    poolMax: 5,
    statementTimeoutMs: config.timeouts.statementMs,
    transactionPooler: config.transactionPooler,
    directUrl: options.through ? direct : undefined,
  });
  const deps: AppDeps = { config, orm, logger: createLogger(config.logLevel), services: createServices(config) };
  const app = await createApp(deps);
  let served: { url: string; close(): Promise<void> } | undefined;

  const t: TestApp = {
    http: app.app,
    orm,
    readReplica: app.readReplica,
    deps,
    databaseUrl: direct,
    agent: () => request.agent(app.app),
    async registerOrg(name = 'Org') {
      const agent = request.agent(app.app);
      const email = uniqueEmail('admin');
      const res = await agent.post('/api/auth/register').send({
        email,
        password: PASSWORD,
        organizationName: `${name} ${randomUUID().slice(0, 6)}`,
        firstName: 'Ada',
        lastName: 'Admin',
      });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      return {
        agent,
        userId: res.body.user.id,
        organizationId: res.body.user.organizationId,
        email,
        password: PASSWORD,
      };
    },
    async addMember(organizationId, role) {
      const email = uniqueEmail(role);
      const id = randomUUID();
      await t.sql(
        `insert into users (id, organization_id, email, password_hash, first_name, last_name, role, created_at, updated_at) values ($1, $2, $3, $4, 'Mem', 'Ber', $5, now(), now())`,
        [id, organizationId, email, await hashPassword(PASSWORD), role],
      );
      return { agent: await t.login(email, PASSWORD), userId: id, organizationId, email, password: PASSWORD };
    },
    async login(email, password) {
      const agent = request.agent(app.app);
      const res = await agent.post('/api/auth/login').send({ email, password });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
      return agent;
    },
    async gql(agent, query, variables) {
      const res = await agent.post('/graphql').set('content-type', 'application/json').send({ query, variables });
      return res.body;
    },
    async sql(text, params = []) {
      // As the tables' owner: tests change the schema (a failing constraint, a write counter) and read any row.
      const result = await withOwnerAccess(() => orm.em.execute(text.replace(/\$\d+/g, '?'), params as never[]));
      return result as never;
    },
    async sqlUnchecked(text, params = []) {
      await withOwnerAccess(() =>
        orm.em.fork().transactional(async (em) => {
          await em.execute(`set local session_replication_role = replica`);
          await em.execute(text.replace(/\$\d+/g, '?'), params as never[]);
        }),
      );
    },
    async serve() {
      served ??= await serveApp(app);
      return served.url;
    },
    async close() {
      await app.close();
      await served?.close();
      await orm.close(true);
      const a = new Client({ connectionString: withDatabase(server, 'postgres') });
      await a.connect();
      await a.query(`drop database if exists ${database} with (force)`);
      await a.end();
    },
  };
  return t;
}
