import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFlags } from '../bench/http/servers';

/** The API runs with the same node flags wherever it starts: `npm start`, the Docker image, the HTTP benchmark. */
it('the Docker image starts the API with the node flags of npm start', () => {
  const dockerfile = readFileSync(join(__dirname, '..', 'Dockerfile'), 'utf8');
  const cmd = /^CMD (\[.*\])\s*$/m.exec(dockerfile);
  expect(cmd).not.toBeNull();
  const argv = JSON.parse(cmd![1]) as string[];
  expect(argv[0]).toBe('node');
  expect(argv.at(-1)).toBe('dist/src/main.js');
  expect(argv.slice(1, -1)).toEqual(startFlags());
  expect(startFlags()).toContain('--max-semi-space-size=32');
  expect(startFlags()).toContain('--expose-gc'); // src/lib/young-collections.ts
});
