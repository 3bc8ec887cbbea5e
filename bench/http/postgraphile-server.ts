/**
 * PostGraphile 5 over the same tables, for `npm run bench http` (a dependency of bench/http/package.json, not of
 * the project: bench/http/deps.ts installs it on the bench's first run).
 * grafast and @dataplan/pg 1.1 are written for Node 22 (engines `>=22`) and use `Promise.withResolvers`; on
 * Node 20 its absence is swallowed inside @dataplan/pg's executor and every connection field answers
 * "Cannot read properties of undefined (reading 'items')" (graphile/crystal issue 2976's message): the
 * standard polyfill below is all it needs (docs/decisions.md).
 */
import { createServer } from 'node:http';
import { benchRequire } from './deps';

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
  const { postgraphile } = benchRequire('postgraphile');
  const { PostGraphileAmberPreset } = benchRequire('postgraphile/presets/amber');
  const { makePgService } = benchRequire('postgraphile/adaptors/pg');
  const { grafserv } = benchRequire('postgraphile/grafserv/node');
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
