/**
 * The layering of docs/architecture.md, checked on the import graph (madge, type imports included):
 * no import circle but an entity pair's bidirectional relation; the layers below the modules import no
 * module; a module imports only modules listed above it in src/modules/index.ts; only the composition
 * root knows the module list's fold.
 */
import 'reflect-metadata';
import madge from 'madge';
import { modules } from '../src/modules';

let graph: Record<string, string[]>;
let runtimeGraph: Record<string, string[]>;
let circles: string[][];

beforeAll(async () => {
  const result = await madge(['src', 'rest-adapter'], {
    baseDir: `${__dirname}/..`,
    fileExtensions: ['ts'],
    tsConfig: `${__dirname}/../tsconfig.json`,
    detectiveOptions: { ts: { skipTypeImports: false } },
  });
  graph = result.obj();
  circles = result.circular();
  const runtime = await madge(['src'], {
    baseDir: `${__dirname}/..`,
    fileExtensions: ['ts'],
    tsConfig: `${__dirname}/../tsconfig.json`,
    detectiveOptions: { ts: { skipTypeImports: true } },
  });
  runtimeGraph = runtime.obj();
}, 60_000);

const moduleOf = (file: string): string | undefined => /^src\/modules\/([^/]+)\//.exec(file)?.[1];

it('sees the whole tree', () => {
  expect(Object.keys(graph).length).toBeGreaterThan(200);
});

it('has no import circle except the two sides of an entity relation', () => {
  expect(circles.filter((c) => !c.every((f) => f.endsWith('.entity.ts')))).toEqual([]);
});

it('keeps lib, db, events, mail, http, jobs and observability free of modules, and lib, db and events free of the GraphQL layer', () => {
  const offending = Object.entries(graph).flatMap(([file, deps]) => {
    const layer = /^src\/(lib|db|events|mail|http|jobs|observability)\//.exec(file)?.[1];
    if (!layer) return [];
    return deps
      .filter(
        (d) =>
          d.startsWith('src/modules/') || (['lib', 'db', 'events'].includes(layer) && d.startsWith('src/graphql/')),
      )
      .map((d) => `${file} -> ${d}`);
  });
  expect(offending).toEqual([]);
});

it('lets a module import only the modules listed above it', () => {
  const order = modules.map((m) => m.name);
  const folders = new Set(
    Object.keys(graph)
      .map(moduleOf)
      .filter((m): m is string => m !== undefined),
  );
  expect([...folders].filter((f) => !order.includes(f as never))).toEqual([]); // every folder is a listed module
  const offending = Object.entries(graph).flatMap(([file, deps]) => {
    const from = moduleOf(file);
    if (!from) return [];
    return deps
      .filter((d) => {
        const to = moduleOf(d);
        return to !== undefined && to !== from && order.indexOf(to as never) > order.indexOf(from as never);
      })
      .map((d) => `${file} -> ${d}`);
  });
  expect(offending).toEqual([]);
});

it('lets only the composition root fold the module list', () => {
  const root = ['src/main.ts', 'src/app.ts', 'src/composition.ts', 'src/runtime.ts'];
  const users = Object.entries(graph).filter(
    ([file, deps]) => !root.includes(file) && deps.some((d) => d === 'src/composition.ts' || d === 'src/app.ts'),
  );
  expect(users.map(([file]) => file)).toEqual([]);
});

it('at run time, reaches another module only through its entities: calls go through services passed in `needs`', () => {
  const offending = Object.entries(runtimeGraph).flatMap(([file, deps]) =>
    deps
      .filter((d) => moduleOf(file) && moduleOf(d) && moduleOf(d) !== moduleOf(file) && !d.endsWith('.entity.ts'))
      .map((d) => `${file} -> ${d}`),
  );
  expect(offending).toEqual([]);
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
  expect(crossing(join(root, 'test', 'compiled-statement.test.ts'))).not.toEqual([]); // the check sees imports
});
