/**
 * One instance of the workflow machinery for `npm run bench workflows` (bench/workflows.bench.ts): a child process of
 * the benchmark with its own database pool, dispatcher loop and queue worker, as a second server would run them. Opens
 * BENCH_DATABASE_URL, says `ready` to its parent, and stops on `stop` (or SIGTERM).
 */
import 'reflect-metadata';
import { createServices, openAppDatabase } from '../src/composition';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/lib/logger';
import { workflowJob } from '../src/modules/workflows/workflow.jobs';

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEBHOOK_WORKER: 'false' });
  const orm = await openAppDatabase(process.env.BENCH_DATABASE_URL as string);
  const services = createServices(config);
  const shared = {} as never; // the workflow job uses none of the shared infrastructure
  const job = workflowJob.start({ orm, logger: createLogger('silent'), config, services, shared });
  const stop = async () => {
    await job.stop();
    await orm.close(true);
    process.exit(0);
  };
  process.on('message', (m) => void (m === 'stop' && stop()));
  process.on('SIGTERM', () => void stop());
  process.send?.('ready');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
