/**
 * `npm run worker`: the outbound webhook delivery worker alone (docs/events.md). Run any number of them,
 * beside API servers started with WEBHOOK_WORKER=false (or not): they share the queue in PostgreSQL.
 * Uses DATABASE_URL, else the embedded PostgreSQL of the data folder (a running server's, when there is one).
 */
import 'reflect-metadata';
import { WebhookWorker } from '../src/events/webhook-worker';
import { sharedDeps } from '../src/composition';
import { startRuntime } from '../src/runtime';

async function main() {
  const runtime = await startRuntime();
  const shared = sharedDeps(runtime.config);
  const worker = new WebhookWorker(
    runtime.orm,
    runtime.config.webhooks,
    runtime.logger,
    shared.cipher,
    shared.resolveHost,
  );
  worker.start();
  runtime.logger.info({ workerId: worker.id }, 'webhook worker started');
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.logger.info({ signal }, 'webhook worker stopping after the round in progress');
    await worker.stop();
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
