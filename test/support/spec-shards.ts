/**
 * Grouped test files (docs/testing.md, "Shards"). Loading the app's packages into a fresh module registry costs
 * each jest test file about two CPU-seconds, paid again by every file; most files need nothing of their own from a
 * registry. Those are named `*.spec.ts`, and the files in test/shards/ run them: each shard requires its share of
 * the specs, each spec inside a describe named after its file, so that its hooks and tests keep their own scope
 * and one registry serves them all. A spec still builds its own app and database; only the loaded code is shared.
 *
 * A file stays `*.test.ts`, alone in its registry, when it replaces modules (jest.mock), sets process.env, or is a
 * long sweep that fills a worker by itself. `npx jest test/contacts.spec.ts` runs one spec alone (jest.config.js).
 */
import { readdirSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

const TEST_ROOT = join(__dirname, '..');
const SHARD_DIR = join(TEST_ROOT, 'shards');

/** Every spec under test/, outside test/support and test/shards, sorted by path. */
export function specFiles(dir = TEST_ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return path === SHARD_DIR || e.name === 'support' ? [] : specFiles(path);
      return e.name.endsWith('.spec.ts') ? [path] : [];
    })
    .sort();
}

/** The shard runners in test/shards, sorted: their number and order decide each spec's shard. */
export function shardFiles(): string[] {
  return readdirSync(SHARD_DIR)
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => join(SHARD_DIR, f));
}

/**
 * Specs dealt to `count` shards, largest first to the lightest shard (by file size, a stand-in for run time), so
 * that the shards come out about even and a new spec lands in one without a list to edit.
 */
export function dealSpecs(specs: string[], count: number): string[][] {
  const shards = Array.from({ length: count }, () => ({ weight: 0, specs: [] as string[] }));
  const bySize = specs.map((path) => ({ path, size: statSync(path).size })).sort((a, b) => b.size - a.size);
  for (const spec of bySize) {
    const lightest = shards.reduce((min, s) => (s.weight < min.weight ? s : min));
    lightest.weight += spec.size;
    lightest.specs.push(spec.path);
  }
  return shards.map((s) => s.specs.sort());
}

/** Called by a shard runner with its own file name: registers its specs, each in a describe of its path. */
export function runShard(runner: string): void {
  const runners = shardFiles();
  const index = runners.indexOf(runner);
  if (index < 0) throw new Error(`${basename(runner)} is not a shard runner in test/shards`);
  for (const spec of dealSpecs(specFiles(), runners.length)[index]) {
    describe(relative(join(TEST_ROOT, '..'), spec), () => {
      require(spec);
    });
  }
}
