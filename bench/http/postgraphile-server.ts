/**
 * PostGraphile 5 over the same tables, for `npm run bench http` (a devDependency, started only by the bench).
 * grafast and @dataplan/pg 1.1 are written for Node 22 (engines `>=22`) and use `Promise.withResolvers`; on
 * Node 20 its absence is swallowed inside @dataplan/pg's executor and every connection field answers
 * "Cannot read properties of undefined (reading 'items')" (graphile/crystal issue 2976's message): the
 * standard polyfill below is all it needs (docs/decisions.md).
 */
import { createServer } from 'node:http';

type WithResolvers = <T>() => { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void };
const P = Promise as unknown as { withResolvers?: WithResolvers };
P.withResolvers ??= <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
};

async function main() {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { postgraphile } = require('postgraphile');
  const { PostGraphileAmberPreset } = require('postgraphile/presets/amber');
  const { makePgService } = require('postgraphile/adaptors/pg');
  const { grafserv } = require('postgraphile/grafserv/node');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const pgl = postgraphile({
    extends: [PostGraphileAmberPreset],
    pgServices: [
      makePgService({ connectionString: process.env.DATABASE_URL, schemas: ['public'], poolConfig: { max: 10 } }),
    ],
    grafserv: { graphqlPath: '/graphql', graphiql: false },
  });
  const serv = pgl.createServ(grafserv);
  const server = createServer();
  serv.addTo(server);
  await pgl.getSchemaResult();
  server.listen(0, process.env.HOST, () => process.send?.({ ready: (server.address() as { port: number }).port }));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
