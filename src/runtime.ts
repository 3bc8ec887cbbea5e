import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Config, loadConfig } from './config';
import { openAppDatabase } from './composition';
import { setCountTtl } from './db/read-path';
import { startEmbeddedPostgres } from './db/embedded';
import { createLogger, Logger } from './lib/logger';

export interface Runtime {
  config: Config;
  logger: Logger;
  orm: MikroORM;
  stop(): Promise<void>;
}

/** Config, logger and a migrated database: DATABASE_URL when set, else the embedded server under the data folder. */
export async function startRuntime(): Promise<Runtime> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, undefined, config.logFormat);
  let url = config.databaseUrl;
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  if (!url) {
    const dir = join(config.dataDir, 'pg');
    logger.info({ dir, port: config.embeddedPgPort }, 'DATABASE_URL not set: starting embedded PostgreSQL');
    embedded = await startEmbeddedPostgres(dir, config.embeddedPgPort, (line) => logger.debug({ pg: line }));
    url = embedded.url;
  }
  setCountTtl(config.countTtlMs);
  const orm = await openAppDatabase(url, {
    migrate: config.migrateOnStart,
    log: (message) => logger.info({ orm: stripVTControlCharacters(message) }),
    driverLog: (level, message) => logger[level]({ db: message }),
    statementTimeoutMs: config.timeouts.statementMs,
    rowSecurity: config.rowSecurity,
    transactionPooler: config.transactionPooler,
    directUrl: config.directDatabaseUrl,
  });
  return {
    config,
    logger,
    orm,
    stop: async () => {
      await orm.close();
      await embedded?.stop();
    },
  };
}

/**
 * A worker process's end (scripts/worker.ts, scripts/export-worker.ts): on the first SIGINT or SIGTERM, says
 * `stopping`, stops the worker, then the runtime, and exits 0.
 */
export function stopOnSignal(runtime: Runtime, stopping: string, stopWorker: () => Promise<void>): void {
  let stopped = false;
  const shutdown = async (signal: string) => {
    if (stopped) return;
    stopped = true;
    runtime.logger.info({ signal }, stopping);
    await stopWorker();
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
