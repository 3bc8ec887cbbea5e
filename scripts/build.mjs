#!/usr/bin/env node
/**
 * `npm run build` (and so `npm start`, `npm run seed`, ...): compiles only what changed since the last build with
 * `tsc -b` (its .tsbuildinfo sits in dist/, so a fresh clone or a removed dist/ builds everything), and says what
 * it is doing: a line before, a line when it is skipped or done (docs/decisions.md, "Builds").
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const BUILD_INFO = 'dist/tsconfig.build.tsbuildinfo';
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// What tsc -b knows of the last build: unchanged when it found nothing to compile (it may still touch the file).
const buildInfo = () => {
  try {
    return readFileSync(BUILD_INFO, 'utf8');
  } catch {
    return '';
  }
};

const before = buildInfo();
console.log(
  before
    ? 'build: compiling what changed since the last build (tsc -b)...'
    : 'build: first build, compiling everything (tsc -b; about a minute, later builds compile only what changed)...',
);
const started = Date.now();
const { status } = spawnSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], { stdio: 'inherit' });
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (status !== 0) {
  console.error(`build: failed after ${seconds} s (the errors above)`);
  process.exit(status ?? 1);
}
console.log(buildInfo() === before ? `build: nothing changed, skipped (${seconds} s)` : `build: done in ${seconds} s`);
