/**
 * `npm run export-worker`: the list exports asked as jobs (docs/jobs.md, "Exports as jobs"), worked in a process of
 * their own that serves no HTTP, beside API servers started with EXPORT_WORKER=false: a million-row export's memory
 * is then not the API's. Run any number of them: they share the `list-export` queue in PostgreSQL. Started with
 * `--optimize-for-size --expose-gc` (package.json; the image runs it so, docs/deploy.md): V8 keeps its heap small, and
 * the lines the database writes ask for their scavenges with the young generation held at its size
 * (src/lib/young-collections.ts), which holds a 1,000,000-row export's whole process under 150 MB: 144 MB for the
 * rental orders, the longest lines (docs/performance.md, "The young generation held").
 * Uses DATABASE_URL, else the embedded PostgreSQL of the data folder (a running server's, when there is one).
 */
import 'reflect-metadata';
import { createServices, runExportWorker, sharedDeps } from '../src/composition';
import { startRuntime, stopOnSignal } from '../src/runtime';

async function main() {
  const runtime = await startRuntime();
  const { config, logger, orm } = runtime;
  const services = createServices(config, sharedDeps(config, logger));
  const worker = await runExportWorker({ config, orm, logger, services });
  logger.info('list-export worker started');
  // an export still running after 10 s is rolled back, and pg-boss hands its job to another worker (docs/jobs.md)
  stopOnSignal(runtime, 'list-export worker stopping', () => worker.stop());
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
