/** src/ai sits beside the modules (DESIGN.md): modules call it, it imports no module, GraphQL or database code. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..', 'src', 'ai');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));

it('imports nothing from src/modules, src/graphql or src/db', () => {
  const offending = files(root).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/from\s+'([^']+)'/g)]
      .map((m) => m[1])
      .filter(
        (spec) =>
          spec.startsWith('.') &&
          /(?:^|\/)(?:modules|graphql|db)(?:\/|$)/.test(
            relative(root, join(file, '..', spec))
              .replace(/\\/g, '/')
              .replace(/^(\.\.\/)+/, ''),
          ),
      )
      .map((spec) => `${relative(root, file)} -> ${spec}`),
  );
  expect(offending).toEqual([]);
});
