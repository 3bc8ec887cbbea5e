/**
 * `npm run worker`: the outbound webhook delivery worker alone (docs/events.md). Run any number of them,
 * beside API servers started with WEBHOOK_WORKER=false (or not): they share the queue in PostgreSQL.
 * Uses DATABASE_URL, else the embedded PostgreSQL of the data folder (a running server's, when there is one).
 */
import 'reflect-metadata';
import { WebhookWorker } from '../src/events/webhook-worker';
import { sharedDeps } from '../src/composition';
import { startRuntime, stopOnSignal } from '../src/runtime';

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
  stopOnSignal(runtime, 'webhook worker stopping after the round in progress', () => worker.stop());
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
