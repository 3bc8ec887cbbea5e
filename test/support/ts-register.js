/**
 * Lets a child `node` process run the TypeScript sources directly (as jest does, with @swc/core and the
 * project's .swcrc): `node -r ./test/support/ts-register.js scripts/worker.ts`. Used by the test that
 * kills a real worker process.
 */
const fs = require('node:fs');
const path = require('node:path');
const swc = require('@swc/core');

const options = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '.swcrc'), 'utf8'));
delete options.$schema;

require.extensions['.ts'] = function compile(module, filename) {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), { ...options, filename, swcrc: false });
  module._compile(code, filename);
};
