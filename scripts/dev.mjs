#!/usr/bin/env node
/**
 * `npm run dev`: builds what changed, then keeps two processes running: `tsc -b --watch` recompiles a source as it
 * is saved (only what changed), and `node --watch` restarts the server when a compiled file it loaded changes.
 * Ctrl-C (or SIGTERM) stops both; the server shuts down cleanly as with `npm start`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
// The node flags of `npm start` (package.json), so that the server runs as it does there.
const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
const flags = /\bnode ((?:--\S+ )*)dist\/src\/main\.js/.exec(start)?.[1].split(' ').filter(Boolean) ?? [];

const built = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

console.log('dev: watching the sources (tsc -b --watch) and restarting the server on change (node --watch)');
const children = [
  spawn(process.execPath, [tsc, '-b', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], { stdio: 'inherit' }),
  spawn(process.execPath, ['--watch', ...flags, 'dist/src/main.js'], { stdio: 'inherit' }),
];
let running = children.length;
for (const child of children) {
  child.on('exit', () => {
    running -= 1;
    if (running === 0) process.exit(0);
    // One of them ended on its own: stop the other.
    for (const other of children) if (other.exitCode === null && other.signalCode === null) other.kill('SIGTERM');
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}
