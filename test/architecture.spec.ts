/**
 * docs/architecture.md, "Layers", held by the code: the layer table is read from the page and every import of src/
 * and rest-adapter/ (read by the TypeScript compiler, type imports included) is checked against it, with the rules
 * between modules and about circles. Each rule is also fed a planted violation, so a check that cannot fail
 * would show here.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modules } from '../src/modules';
import { ImportGraph, readImportGraph } from './support/import-graph';
import {
  importCircles,
  LayerRow,
  layerViolations,
  moduleOrderViolations,
  parseLayerTable,
  runtimeModuleViolations,
} from './support/layers';

const root = join(__dirname, '..');
const page = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
const table = parseLayerTable(page);
const graph = readImportGraph(root, ['src', 'rest-adapter']);
const order = modules.map((m) => m.name);

/** A graph of a few files, each importing the given files (value imports unless `type:` prefixes them). */
const planted = (edges: Record<string, string[]>): ImportGraph =>
  Object.fromEntries(
    Object.entries(edges).map(([file, tos]) => [
      file,
      tos.map((t) => (t.startsWith('type:') ? { to: t.slice(5), typeOnly: true } : { to: t, typeOnly: false })),
    ]),
  );

/** A file of the row's layer: its first file, or a file in its first folder. */
const fileIn = (row: LayerRow) => (row.paths[0].endsWith('/') ? `${row.paths[0]}planted.ts` : row.paths[0]);

describe('the import graph', () => {
  it('is the whole tree, read by the compiler', () => {
    expect(Object.keys(graph).length).toBeGreaterThan(500);
    expect(graph['src/app.ts'].map((e) => e.to)).toContain('src/composition.ts');
    // `import type` is erased; a value import is not
    const service = graph['src/modules/communications/inbound/inbound.service.ts'];
    expect(service.find((e) => e.to.endsWith('activities/activity.service.ts'))?.typeOnly).toBe(true);
    expect(service.find((e) => e.to.endsWith('activities/activity.entity.ts'))?.typeOnly).toBe(false);
  });
});

describe('docs/architecture.md, "Layers"', () => {
  it('names every layer once, from composition down to lib, and each layer only imports layers below it', () => {
    const names = table.map((r) => r.layer);
    expect(new Set(names).size).toBe(names.length);
    expect([names[0], names[names.length - 1]]).toEqual(['composition', 'lib']);
    const above = table
      .slice(1)
      .flatMap((r) =>
        r.mayImport.filter((n) => names.indexOf(n) < names.indexOf(r.layer)).map((n) => `${r.layer} may import ${n}`),
      );
    expect(above).toEqual([]);
  });

  it('holds: every file is in a layer and imports only the layers its row allows', () => {
    expect(layerViolations(graph, table)).toEqual([]);
  });

  it.each(table.filter((r) => r.mayImport.length < table.length - 1).map((r) => [r.layer, r] as const))(
    'fails when a file of %s imports a layer its row does not name',
    (_name, row) => {
      const forbidden = table.filter((r) => r.layer !== row.layer && !row.mayImport.includes(r.layer));
      for (const target of forbidden) {
        const from = fileIn(row);
        const to = fileIn(target);
        expect(layerViolations(planted({ [from]: [`type:${to}`] }), table)).toEqual([
          `${from} (${row.layer}) -> ${to} (${target.layer})`,
        ]);
      }
      expect(forbidden.length).toBeGreaterThan(0);
    },
  );

  it('fails for a file in no layer', () => {
    expect(layerViolations(planted({ 'src/stray/helper.ts': ['src/lib/ids.ts'] }), table)).toEqual([
      'src/stray/helper.ts is in no layer',
    ]);
  });

  it('refuses a table row that names a layer it does not have', () => {
    const bad = page.replace('| db, config, observability, lib |', '| db, confg, observability, lib |');
    expect(bad).not.toBe(page);
    expect(() => parseLayerTable(bad)).toThrow('unknown layers: confg');
  });
});

describe('between modules', () => {
  it('a module imports only modules listed above it, and every module folder is listed', () => {
    expect(moduleOrderViolations(graph, order)).toEqual([]);
  });

  it('fails on a module importing one listed below it, even for types, and on an unlisted folder', () => {
    const g = planted({
      'src/modules/crm/a.ts': ['type:src/modules/sales/b.ts', 'src/modules/accounts/c.entity.ts'],
      'src/modules/stray/d.ts': [],
    });
    expect(moduleOrderViolations(g, order)).toEqual([
      'src/modules/stray/ is not a listed module',
      'src/modules/crm/a.ts -> src/modules/sales/b.ts',
    ]);
  });

  it('at run time, a module reaches another only through its entities: calls go through services in `needs`', () => {
    expect(runtimeModuleViolations(graph)).toEqual([]);
  });

  it('fails on a value import of another module’s service, not on its entity or a type', () => {
    const g = planted({
      'src/modules/sales/a.ts': [
        'src/modules/rental/orders/quote.service.ts',
        'src/modules/rental/orders/order.entity.ts',
        'type:src/modules/rental/orders/order.types.ts',
      ],
    });
    expect(runtimeModuleViolations(g)).toEqual([
      'src/modules/sales/a.ts -> src/modules/rental/orders/quote.service.ts',
    ]);
  });
});

describe('import circles', () => {
  it('none, except the two sides of an entity relation', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('fails on a circle of other files, type imports included; entities holding each other pass', () => {
    const g = planted({
      'src/db/a.ts': ['type:src/db/b.ts'],
      'src/db/b.ts': ['src/db/c.ts'],
      'src/db/c.ts': ['src/db/a.ts'],
      'src/db/x.entity.ts': ['src/db/y.entity.ts'],
      'src/db/y.entity.ts': ['src/db/x.entity.ts'],
    });
    expect(importCircles(g)).toEqual([['src/db/a.ts', 'src/db/b.ts', 'src/db/c.ts']]);
  });
});

describe('docs/architecture.md, "Modules"', () => {
  it('has a row for every module of src/modules/index.ts, in its order', () => {
    const section = page.slice(page.indexOf('## Modules'), page.indexOf('### The module contract'));
    const rows = section
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| module '))
      .map((l) => l.split('|')[1].trim());
    expect(rows).toEqual(order);
  });
});

it('fences the read path: outside src/db/read-path, code imports only its index.ts (tests of a part may import it)', () => {
  // Self-contained (its own file walk and imports): the rules above may change around it.
  const { readdirSync, readFileSync } = require('node:fs') as typeof import('node:fs');
  const { dirname, join, relative, resolve } = require('node:path') as typeof import('node:path');
  const root = join(__dirname, '..');
  const fence = join(root, 'src', 'db', 'read-path');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    );
  const sources = ['src', 'rest-adapter', 'scripts', 'bench'].flatMap((d) => files(join(root, d)));
  const crossing = (file: string): string[] =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from|import\(|require\()\s*'(\.[^']*)'/g)]
      .map((m) => resolve(dirname(file), m[1]))
      .filter((target) => target.startsWith(`${fence}/`) && target !== join(fence, 'index'))
      .map((target) => `${relative(root, file)} -> ${relative(root, target)}`);
  expect(sources.filter((f) => !f.startsWith(`${fence}/`)).flatMap(crossing)).toEqual([]);
  expect(crossing(join(root, 'test', 'compiled-statement.spec.ts'))).not.toEqual([]); // the check sees imports
});
