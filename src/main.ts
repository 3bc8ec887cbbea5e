import 'reflect-metadata';
import { createServices } from './app-deps';
import { createApp } from './app';
import { DEMO, seedIfEmpty } from './demo-seed';
import { startRuntime } from './runtime';
import { ensureSuperAdmin, superAdminFromEnv } from './modules/accounts/admin/super-admin-bootstrap';
import { WebhookWorker } from './events/webhook-worker';
import { StageDriftJob } from './modules/sales/opportunities/drift.job';

async function main() {
  const runtime = await startRuntime();
  const { config, logger, orm } = runtime;
  if (config.seedDemo && (await seedIfEmpty(orm))) {
    logger.info('empty database: seeded the demo organization');
  }
  const superAdmin = superAdminFromEnv(process.env);
  if (superAdmin) {
    const { user, created } = await ensureSuperAdmin(orm, superAdmin);
    logger.info({ email: user.email }, created ? 'created the super admin from SUPER_ADMIN_EMAIL' : 'super admin from SUPER_ADMIN_EMAIL is up to date');
  }
  const { app, close } = await createApp({ config, orm, logger, services: createServices(config) });
  // Outbound webhooks: in this process unless WEBHOOK_WORKER=false (then run `npm run worker`).
  const webhookWorker = config.webhooks.worker ? WebhookWorker.fromConfig(orm, config, logger) : undefined;
  webhookWorker?.start();
  // Stale deals raise follow-up tasks, hourly (docs/sales.md); STAGE_DRIFT_JOB=false turns it off here.
  const driftJob = config.stageDriftJob ? StageDriftJob.startIn(orm, logger) : undefined;
  const server = app.listen(config.port, () => {
    logger.info(`CRM API on http://localhost:${config.port}  (GraphQL: /graphql, REST: /api, OpenAPI: /api/openapi.json)`);
    if (config.seedDemo) logger.info(`demo logins: ${DEMO.admin.email} / ${DEMO.admin.password} (admin), ${DEMO.user.email} / ${DEMO.user.password} (user)`);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close();
    server.closeAllConnections();
    await close();
    driftJob?.stop();
    await webhookWorker?.stop();
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
