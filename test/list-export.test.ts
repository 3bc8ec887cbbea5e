import { parse } from 'csv-parse/sync';
import { routes } from '../src/composition';
import { populateOrganization } from './support/fixtures';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let a: Registered;
beforeAll(async () => {
  t = await createTestApp();
  a = await t.registerOrg('Exports A');
  await populateOrganization(t, a);
}, 120_000);
afterAll(() => t.close());

const exportRows = routes.filter((r) => r.export);

it.each(exportRows.map((r) => [r.path]))('%s', async (path) => {
  const res = await a.agent.get(path).buffer(true).parse((res, cb) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (c: string) => (text += c));
    res.on('end', () => cb(null, text));
  });
  console.log(path, res.status, res.headers['content-type'], String(res.body).slice(0, 400));
  expect(res.status).toBe(200);
  parse(res.body as string);
});
