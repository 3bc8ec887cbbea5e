/**
 * The service as BENCH_WORKERS processes sharing one port (node:cluster), as several instances behind a balancer
 * would run on one machine (docs/deploy.md, "Scaling out"): one process per core. The primary only forks and
 * answers the bench's `stats` request with the workers' statements and RSS added up (its own RSS included).
 */
import cluster, { Worker } from 'node:cluster';
import { join } from 'node:path';

type Stats = { id: number; statements: number; rss: number };

const workers: Worker[] = [];
// instrument.js, preloaded here too, would answer for this process alone: the primary answers for all of them
process.removeAllListeners('message');
cluster.setupPrimary({ exec: join(__dirname, '..', '..', 'src', 'main.js') });
for (let i = 0; i < Number(process.env.BENCH_WORKERS); i++)
  workers.push(cluster.fork({ MIGRATE_ON_START: i === 0 ? 'true' : 'false' }));
cluster.on('exit', (_w, code) => {
  if (code) process.exit(code);
});

let next = 0;
function ask(worker: Worker): Promise<Stats> {
  const id = next++;
  return new Promise((resolve) => {
    const answer = (m: Stats) => {
      if (m?.id !== id) return;
      worker.off('message', answer);
      resolve(m);
    };
    worker.on('message', answer);
    worker.send({ stats: id });
  });
}

process.on('message', async (m: { stats?: number }) => {
  if (m?.stats === undefined) return;
  const all = await Promise.all(workers.map(ask));
  const sum = (f: (s: Stats) => number) => all.reduce((n, s) => n + f(s), 0);
  process.send?.({
    id: m.stats,
    statements: sum((s) => s.statements),
    rss: sum((s) => s.rss) + process.memoryUsage().rss,
  });
});
process.on('SIGTERM', () => {
  for (const w of workers) w.kill('SIGTERM');
  process.exit(0);
});
