import 'reflect-metadata';
import { createServices } from './app-deps';
import { createApp } from './app';
import { DEMO, seedIfEmpty } from './db/seed';
import { startRuntime } from './runtime';

async function main() {
  const runtime = await startRuntime();
  const { config, logger, orm } = runtime;
  if (config.seedDemo && (await seedIfEmpty(orm))) {
    logger.info('empty database: seeded the demo organization');
  }
  const { app, close } = await createApp({ config, orm, logger, services: createServices(config) });
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
