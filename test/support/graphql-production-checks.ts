/**
 * graphql-js chooses its `instanceOf` when it is loaded: outside NODE_ENV=production it double-checks every failed
 * `instanceof` for a second copy of graphql, which is most of the library's time when the app is built and a
 * request is validated. Tests load it as production loads it, so they run the code the service runs
 * (docs/testing.md, "Per-file cost"); NODE_ENV stays `test` for everything else.
 */
const nodeEnv = process.env.NODE_ENV;
process.env.NODE_ENV = 'production';
require('graphql');
process.env.NODE_ENV = nodeEnv;
