/**
 * Every file and doc heading named in code comments and docs exists (issue 25 part 4): a path, a document with a
 * quoted heading or a document with an anchor is how a reader finds the next hop, and a name that went stale
 * sends them nowhere. The checker is also fed planted references, so it is shown to fail.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { brokenReferences, referencesIn, Tree } from './support/references';

const root = join(__dirname, '..');
const SKIP = new Set(['node_modules', '.git', 'dist', 'coverage']);
const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    SKIP.has(e.name) || e.name.startsWith('.')
      ? []
      : e.isDirectory()
        ? walk(join(dir, e.name))
        : [relative(root, join(dir, e.name)).replace(/\\/g, '/')],
  );
const files = walk(root);
/** The design card and the stack notes: project documents kept beside the repository, with the interface spec. */
const OUTSIDE = ['DESIGN.md', 'STACK.md'];
const names = new Set([...files.map((f) => basename(f)), ...OUTSIDE]);
const listed = new Set(files);
const texts = new Map<string, string>();
const disk: Tree = {
  exists: (p) => listed.has(p) || (p.startsWith('node_modules/') && existsSync(join(root, p))),
  named: (n) => names.has(n),
  read: (p) => texts.get(p) ?? texts.set(p, readFileSync(join(root, p), 'utf8')).get(p)!,
};

/** What is read: the code (its comments name files and headings) and the docs. */
const scanned = files.filter(
  (f) =>
    /^(src|rest-adapter|test|bench|scripts|clients\/typescript\/src)\/.*\.ts$/.test(f) ||
    /^docs\/.*\.md$/.test(f) ||
    f === 'README.md',
);

it('reads the code and the docs', () => {
  expect(scanned).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'src/lib/errors.ts']));
  expect(scanned.length).toBeGreaterThan(700);
});

it('every file, heading and anchor named in code comments and docs exists', () => {
  const refs = scanned.flatMap((f) => referencesIn(f, disk.read(f)));
  expect(refs.length).toBeGreaterThan(1000);
  // each kind is found (a pattern that stopped matching would pass everything)
  expect(refs.filter((r) => r.heading).length).toBeGreaterThan(150);
  expect(refs.filter((r) => r.anchor).length).toBeGreaterThan(20);
  expect(brokenReferences(disk, refs)).toEqual([]);
});

describe('the checker', () => {
  const planted: Tree = {
    exists: (p) => ['src/lib/errors.ts', 'docs/ai.md', 'src/graphql/context.ts'].includes(p),
    named: (n) => ['errors.ts', 'context.ts', 'ai.md'].includes(n),
    read: () => '# AI features\n## Lead scoring 0-7\n```md\n## Not a heading\n```\n',
  };
  const check = (from: string, text: string) => brokenReferences(planted, referencesIn(from, text));

  it('passes what exists: a path from the root or from src/, a bare name, a heading or its start, an anchor', () => {
    expect(
      check(
        'src/x.ts',
        '// src/lib/errors.ts, graphql/context.ts, errors.ts; docs/ai.md, "Lead scoring"\n// ai.md#lead-scoring-0-7',
      ),
    ).toEqual([]);
  });

  it('fails on a file that does not exist, by path or by bare name', () => {
    expect(check('src/x.ts', '/** rest-adapter/errors.ts and routes.ts */')).toEqual([
      'src/x.ts:1 names rest-adapter/errors.ts, which does not exist',
      'src/x.ts:1 names routes.ts, which does not exist',
    ]);
  });

  it('fails on a heading or an anchor the document does not have, also a heading wrapped over comment lines', () => {
    expect(check('src/x.ts', '/**\n * docs/ai.md,\n * "Not a\n * heading" and docs/ai.md#lead-scoring\n */')).toEqual([
      'src/x.ts:2 cites docs/ai.md, "Not a * heading": no such heading',
      'src/x.ts:4 cites docs/ai.md#lead-scoring: no such heading',
    ]);
  });

  it('leaves placeholders, globs, prose and code examples in docs alone', () => {
    expect(
      check(
        'docs/a.md',
        'src/modules/<module>/<m>.module.ts, *.entity.ts, Node.js, e.g.\n```ts\n// src/nope.ts\n```\n',
      ),
    ).toEqual([]);
  });
});
