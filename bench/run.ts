/**
 * `npm run bench [name]`: runs the benchmark scripts. Each prints its figures as ratios against a baseline
 * measured in the same run (never absolute targets in unit tests). Uses DATABASE_URL when set, else an
 * embedded PostgreSQL in a temporary folder.
 */
import 'reflect-metadata';
import type { Bench } from './bench.types';

const benches: Record<string, () => Promise<{ default: Bench }>> = {
  'api-overhead': () => import('./api-overhead.bench'),
  http: () => import('./http.bench'),
  webhooks: () => import('./webhooks.bench'),
  import: () => import('./import.bench'),
  availability: () => import('./availability.bench'),
  analytics: () => import('./analytics.bench'),
  ai: () => import('./ai.bench'),
  attacks: () => import('./attacks.bench'),
  demo: () => import('./demo.bench'),
  'ai-providers': () => import('./ai-providers.bench'),
  rental: () => import('./rental.bench'),
  workflows: () => import('./workflows.bench'),
  search: () => import('./search.bench'),
  export: () => import('./export.bench'),
  'idle-memory': () => import('./idle-memory.bench'),
  soak: () => import('./soak.bench'),
  // name: () => import('./<name>.bench'),
};

async function main() {
  const only = process.argv[2];
  const names = only ? [only] : Object.keys(benches);
  if (names.length === 0) console.log('no benchmarks registered yet');
  for (const name of names) {
    const load = benches[name];
    if (!load) throw new Error(`unknown benchmark ${name}; known: ${Object.keys(benches).join(', ')}`);
    console.log(`\n== ${name}`);
    await (await load()).default();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
