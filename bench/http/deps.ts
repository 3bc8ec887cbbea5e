/**
 * The dependencies only `npm run bench http` needs (PostGraphile and its stack, which asks for a newer Node than
 * the project's) live in bench/http/package.json, not in the project's: `npm install` never fetches them, and
 * this benchmark installs them (`npm ci` from bench/http/package-lock.json) the first time it runs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The repository's root (the folder of the project's package.json), from bench/http or dist/bench/http. */
export const ROOT = (() => {
  let dir = __dirname;
  while (!isProjectRoot(dir)) {
    if (dirname(dir) === dir) throw new Error(`no project package.json above ${__dirname}`);
    dir = dirname(dir);
  }
  return dir;
})();

function isProjectRoot(dir: string): boolean {
  const file = join(dir, 'package.json');
  return existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === 'rental-crm';
}

/** The source folder bench/http, where its package.json and node_modules are. */
export const BENCH_HTTP_DIR = join(ROOT, 'bench', 'http');

/** `require` resolving from bench/http/node_modules (PostGraphile, its pg). */
export const benchRequire = createRequire(join(BENCH_HTTP_DIR, 'package.json'));

/** Installs bench/http's dependencies when they are missing (once; later runs find them). */
export function ensureBenchDependencies(): void {
  try {
    benchRequire.resolve('postgraphile');
    return;
  } catch {
    // not installed yet
  }
  console.log('bench http: installing its own dependencies (PostGraphile) into bench/http/node_modules, once...');
  // --loglevel=error: PostGraphile's stack declares engines node >= 22 and warns on Node 20; it runs on Node 20
  // with the polyfill of postgraphile-server.ts (docs/decisions.md)
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: BENCH_HTTP_DIR,
    stdio: 'inherit',
  });
}
