/**
 * docs/performance.md, "What the idle service is made of": what the service holds for its whole life is held without
 * what it never reads again. The REST table's documents are parsed once at start and kept: without graphql-js's
 * Token and Location objects (5 MB of the idle heap with them).
 */
import { parse, visit, type ASTNode } from 'graphql';
import { buildExecutableSchema, compileRoutes } from '../src/composition';

/** The nodes of `document` that carry a source location. */
function located(document: ASTNode): number {
  let count = 0;
  visit(document, {
    enter(node) {
      if (node.loc) count++;
    },
  });
  return count;
}

it('every REST row is compiled to a document without source locations', async () => {
  const routes = compileRoutes(await buildExecutableSchema());
  expect(routes.length).toBeGreaterThan(100);
  expect(routes.filter((r) => located(r.document) > 0).map((r) => `${r.row.method} ${r.row.path}`)).toEqual([]);
  // the check can fail: a document parsed as graphql-js parses by default carries them
  expect(located(parse('query { me { id } }'))).toBeGreaterThan(0);
});
