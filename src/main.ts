import 'reflect-metadata';
import { createApp } from './app';
import { createServices, scheduledTasks, sharedDeps, startExportWorker } from './composition';
import { Scheduler } from './jobs/scheduler';
import { seedIfEmpty } from './demo-seed';
import { startBanner } from './start-banner';
import { startRuntime } from './runtime';
import { ConfigError, productionWarnings } from './production-checks';
import { modules } from './modules';
import type { ModuleJob } from './modules/module';
import { ensureSuperAdmin, superAdminFromEnv } from './modules/accounts/admin/super-admin-bootstrap';

async function main() {
  const runtime = await startRuntime();
  const { config, logger, orm } = runtime;
  for (const warning of productionWarnings(process.env)) logger.warn(warning);
  if (config.seedDemo && (await seedIfEmpty(orm))) {
    logger.info('empty database: seeded the demo organization');
  }
  const superAdmin = superAdminFromEnv(process.env);
  if (superAdmin) {
    const { user, created } = await ensureSuperAdmin(orm, superAdmin);
    logger.info(
      { email: user.email },
      created ? 'created the super admin from SUPER_ADMIN_EMAIL' : 'super admin from SUPER_ADMIN_EMAIL is up to date',
    );
  }
  const shared = sharedDeps(config, logger);
  const services = createServices(config, shared);
  const deps = { config, orm, logger, services };
  const { app, attach, close } = await createApp(deps);
  // Scheduled work (stage drift, retention, pruning): once per cluster through pg-boss, unless SCHEDULER=false here.
  const scheduler = config.scheduler
    ? await Scheduler.start(orm.config.getClientUrl(), scheduledTasks(deps), logger)
    : undefined;
  // The modules' long-running loops (the webhook delivery worker), each switched by its own setting.
  const jobs = modules
    .flatMap((m) => (m.jobs ?? []) as ModuleJob<unknown>[])
    .filter((job) => job.enabled(config))
    .map((job) => job.start({ orm, logger, config, services, shared }));
  // List exports run as jobs (docs/jobs.md): the worker needs the served schema, so it starts here (EXPORT_WORKER).
  const exportWorker = await startExportWorker(deps);
  const server = app.listen(config.port, () => {
    for (const line of startBanner(config)) logger.info(line);
  });
  attach(server); // GraphQL subscriptions: graphql-ws on the WebSocket upgrades of /graphql

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close();
    server.closeAllConnections();
    await close();
    for (const job of jobs) await job.stop();
    await exportWorker?.stop();
    await scheduler?.stop();
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
