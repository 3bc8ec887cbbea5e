/**
 * The typed client as its users get it (issue 32 part 6): `npm pack` of clients/typescript (its prepack compiles
 * it), the tarball unpacked into a fresh strict TypeScript project beside exactly the dependencies the packed
 * package.json declares (linked from this repository's node_modules: offline) and @types/node, then compiled
 * without skipLibCheck. A good file compiles; every line of a bad file marked `// error` fails, and nothing else.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..');
const CLIENT = join(ROOT, 'clients/typescript');

const GOOD = `import { createCrmClient, LeadsDocument, MeDocument, type CrmClient } from '@rental-crm/client';

export async function use(): Promise<string> {
  const crm: CrmClient = createCrmClient({ baseUrl: 'http://localhost:3000', apiKey: 'k' });
  const leads = await crm.rest.GET('/api/leads', { params: { query: { search: 'x', sortOrder: 'asc' } } });
  const first: string | undefined = leads.data?.data[0]?.email ?? undefined;
  const one = await crm.rest.GET('/api/leads/{id}', { params: { path: { id: 'a' } } });
  const { me } = await crm.graphql(MeDocument);
  const { leads: page } = await crm.graphql(LeadsDocument, { status: 'new' });
  return [first, one.data?.leadName, me.user.email, page.pagination.totalItems].join();
}
`;

const BAD = `import { createCrmClient, LeadsDocument } from '@rental-crm/client';

export async function misuse(): Promise<void> {
  const crm = createCrmClient({ baseUrl: 'http://localhost:3000' });
  await crm.rest.GET('/api/no-such-path', { params: { query: { bogus: 1 } } }); // error
  await crm.rest.GET('/api/leads', { params: { query: { bogus: 1 } } }); // error
  await crm.rest.GET('/api/leads/{id}', { params: { path: { leadId: 'a' } } }); // error
  await crm.rest.POST('/api/leads', { body: { leadName: 7 } }); // error
  await crm.graphql(LeadsDocument, { status: 'no-such-status' }); // error
  createCrmClient({ baseUrl: 'http://localhost:3000', apiKey: 1 }); // error
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    lib: ['ES2022'],
    types: ['node'],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
  },
  files: ['good.ts', 'bad.ts'],
};

let project: string;
afterAll(() => rmSync(project, { recursive: true, force: true }));

it('installs from npm pack into a strict project: typed REST paths and parameters, GraphQL variables', () => {
  project = mkdtempSync(join(tmpdir(), 'crm-client-pack-'));
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', project], { cwd: CLIENT, encoding: 'utf8' }),
  ) as { filename: string }[];
  const installed = join(project, 'node_modules/@rental-crm/client');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', join(project, packed.filename), '-C', installed, '--strip-components=1']);

  // what `npm install <tarball>` would bring: the declared dependencies; and the project's own @types/node
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const name of [...Object.keys(manifest.dependencies), '@types/node']) {
    mkdirSync(dirname(join(project, 'node_modules', name)), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), join(project, 'node_modules', name), 'dir');
  }
  writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  writeFileSync(join(project, 'good.ts'), GOOD);
  writeFileSync(join(project, 'bad.ts'), BAD);

  const tsc = spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.', '--pretty', 'false'],
    {
      cwd: project,
      encoding: 'utf8',
    },
  );
  const errors = tsc.stdout.split('\n').filter((l) => / error TS\d+/.test(l));
  const wrongLines = BAD.split('\n').flatMap((line, i) => (line.endsWith('// error') ? [i + 1] : []));
  // nothing in the package's declarations nor in the good file; an error on each marked line of the bad one
  expect(errors.filter((e) => !e.startsWith('bad.ts('))).toEqual([]);
  expect([...new Set(errors.map((e) => Number(/^bad\.ts\((\d+),/.exec(e)?.[1])))]).toEqual(wrongLines);
}, 120_000);
