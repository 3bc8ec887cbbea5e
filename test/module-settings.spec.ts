/**
 * Settings a module declares in its definition (src/config-settings.ts): documented in docs/configuration.md, read
 * with their defaults, and a bad value stops the service from being built, naming the variable.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/config';
import { createServices } from '../src/composition';
import { readSettings } from '../src/config-settings';
import { modules } from '../src/modules';

const SECRET = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/nonexistent-test-data-dir' };

it('every setting a module declares is a row of docs/configuration.md', () => {
  const doc = readFileSync(join(__dirname, '..', 'docs', 'configuration.md'), 'utf8');
  const names = modules.flatMap((m) => Object.values(m.settings ?? {}).map((s) => s.name));
  expect(names).toContain('STAGE_DRIFT_JOB');
  expect(names.filter((n) => !doc.includes(`\`${n}\``))).toEqual([]);
});

it('reads a module setting from the environment the config was loaded from, with its default when unset', () => {
  const sales = modules.find((m) => m.name === 'sales')!;
  expect(readSettings(sales.settings!, loadConfig(SECRET).environment)).toEqual({ stageDriftJob: true });
  expect(readSettings(sales.settings!, loadConfig({ ...SECRET, STAGE_DRIFT_JOB: 'off' }).environment)).toEqual({
    stageDriftJob: false,
  });
});

it('a bad value stops the services from being built, naming the variable', () => {
  expect(() => createServices(loadConfig({ ...SECRET, STAGE_DRIFT_JOB: 'sometimes' }))).toThrow(
    'STAGE_DRIFT_JOB must be true or false, got "sometimes"',
  );
});
