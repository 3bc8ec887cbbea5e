/**
 * docs/decisions.md, "Heavy packages on first use": the service does not load the NLP, date, language-model SDK, chart and PDF packages
 * or the migrator at start. Outside src/lib/on-first-use.ts (and the migration files, which only what migrates
 * loads) no file of src/ or rest-adapter/ imports them as values, and nothing imports a migrations folder except
 * on demand (`import('./migrations')`). Each check is also fed a planted import, so a check that cannot fail would
 * show here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..');
const DEFERRED = ['compromise', 'chrono-node', 'openai', 'vega', 'vega-lite', 'pdfkit', '@mikro-orm/migrations'];
const HELPER = 'src/lib/on-first-use.ts';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** The value imports (`import x from`, `import { x } from`, `require(`) of a deferred package in `text`. */
function deferredValueImports(text: string): string[] {
  const names = DEFERRED.map((d) => d.replace(/[/.-]/g, '\\$&')).join('|');
  const statics = [...text.matchAll(new RegExp(`^import\\s+(?!type\\b)[^;]*?from\\s+'(${names})'`, 'gm'))];
  const requires = [...text.matchAll(new RegExp(`require\\('(${names})'\\)`, 'g'))];
  return [...statics, ...requires].map((m) => m[1]);
}

/** Static imports of a migrations folder or of a file in one (`import('./migrations')`, on demand, is not one). */
const staticMigrationImports = (text: string): string[] =>
  [...text.matchAll(/^import\s+[^;]*?from\s+'(\.[^']*\/migrations(?:\/[^']*)?)'/gm)].map((m) => m[1]);

const sources = ['src', 'rest-adapter']
  .flatMap((d) => files(join(root, d)))
  .map((f) => relative(root, f))
  .filter((f) => f !== HELPER && !/\/migrations\//.test(f));

it('no file imports a deferred package as a value: only src/lib/on-first-use.ts loads them, on first use', () => {
  const found = sources.flatMap((f) =>
    deferredValueImports(readFileSync(join(root, f), 'utf8')).map((p) => `${f} imports ${p}`),
  );
  expect(found).toEqual([]);
  expect(deferredValueImports("import nlp from 'compromise';\n")).toEqual(['compromise']);
  expect(deferredValueImports("import {\n  parse,\n  View,\n} from 'vega';\n")).toEqual(['vega']);
  expect(deferredValueImports("import type { Migrator } from '@mikro-orm/migrations';\n")).toEqual([]);
});

it('no file outside a migrations folder imports one statically: the migrations load only when something migrates', () => {
  const found = sources.flatMap((f) =>
    staticMigrationImports(readFileSync(join(root, f), 'utf8')).map((p) => `${f} imports ${p}`),
  );
  expect(found).toEqual([]);
  expect(staticMigrationImports("import { platformMigrations } from './db/migrations';\n")).toEqual([
    './db/migrations',
  ]);
  expect(staticMigrationImports("import { M } from './migrations/Migration20270101000000_x';\n")).toHaveLength(1);
  expect(staticMigrationImports("  migrations: () => import('./migrations'),\n")).toEqual([]);
});
