/**
 * CSV and SVG (docs/analytics.md, "CSV and charts"): every analytics row answers JSON, CSV (`?format=csv` or
 * `Accept: text/csv`) or an SVG chart (`?format=svg` or `Accept: image/svg+xml`); errors stay JSON.
 */
import { analyticsReports } from '../src/modules/analytics/analytics.routes';
import { csvCell } from '../src/lib/csv-cell';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { customer, item, order } from './support/analytics';

let t: TestApp;
let org: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Formats');
  const evil = await item(org.agent, 'Evil', '=HYPERLINK("http://x.example","click")', '100.00', 1);
  const plain = await item(org.agent, 'Plain', 'Lifts, large', '50.00', 1);
  const c = await customer(org.agent, '@Mention "quoted"');
  await order(org.agent, c.id, '2026-10-05', '2026-10-05', '2026-10-06', [
    [evil, 1],
    [plain, 1],
  ]);
});
afterAll(() => t.close());

const OCT = 'startDate=2026-10-01&endDate=2026-10-31';

it('escapes cells a spreadsheet would run as formulas, and quotes per RFC 4180; plain numbers stay numbers', () => {
  expect(['=1+2', '+1', '-cmd', '@SUM(A1)', '\tx', '-12.50', '42', 'a,b', 'say "hi"', null, 3.5].map(csvCell)).toEqual([
    "'=1+2",
    "'+1",
    "'-cmd",
    "'@SUM(A1)",
    "'\tx",
    '-12.50',
    '42',
    '"a,b"',
    '"say ""hi"""',
    '',
    '3.5',
  ]);
});

it('?format=csv: the report table with a header row, formula cells escaped, as a download', async () => {
  const res = await org.agent.get(`/api/analytics/revenue/by-category?${OCT}&format=csv`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe('attachment; filename="revenueByCategory-2026-10-01_2026-10-31.csv"');
  expect(res.text.split('\r\n')).toEqual([
    'key,label,booked,earned,previousBooked,previousEarned,bookedChange.changePercent',
    `"'=HYPERLINK(""http://x.example"",""click"")","'=HYPERLINK(""http://x.example"",""click"")",200.00,0.00,0.00,0.00,`,
    '"Lifts, large","Lifts, large",100.00,0.00,0.00,0.00,',
    '',
  ]);
});

it('Accept: text/csv works too, and a customer name beginning with @ is escaped', async () => {
  const res = await org.agent.get(`/api/analytics/customers/top?${OCT}`).set('Accept', 'text/csv');
  expect(res.status).toBe(200);
  expect(res.text.split('\r\n')[1]).toMatch(
    /^[0-9a-f-]{36},"'@Mention ""quoted""",300\.00,0\.00,1,1,0\.00,2026-10-05,2026-10-05$/,
  );
});

it('?format=svg: a standalone SVG chart rendered on the server', async () => {
  const res = await org.agent.get(`/api/analytics/revenue?${OCT}&period=week&format=svg`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  const svg = res.body instanceof Buffer ? res.body.toString('utf8') : res.text;
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toContain('Revenue');
  expect(svg).toContain('2026-W41');
  expect(svg).toContain('2026-10-01..2026-10-31');
  expect((svg.match(/<path/g) ?? []).length).toBeGreaterThan(4);
});

it('every report renders as CSV and as SVG (and Accept: image/svg+xml picks SVG)', async () => {
  for (const r of analyticsReports) {
    const csv = await org.agent.get(`${r.path}?format=csv`);
    expect([r.path, csv.status, csv.text.split('\r\n')[0]]).toEqual([r.path, 200, r.format.columns.join(',')]);
    const svg = await org.agent
      .get(r.path)
      .set('Accept', 'image/svg+xml')
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      });
    expect([r.path, svg.status, String(svg.body).slice(0, 4)]).toEqual([r.path, 200, '<svg']);
  }
}, 60_000);

it('errors stay the JSON error body; an unknown format is a 400; JSON stays the default', async () => {
  const bad = await org.agent.get(`/api/analytics/revenue?startDate=2026-10-31&endDate=2026-10-01&format=csv`);
  expect([bad.status, bad.headers['content-type']?.startsWith('application/json'), bad.body.code]).toEqual([
    400,
    true,
    'VALIDATION_ERROR',
  ]);
  const anonymous = await t.agent().get('/api/analytics/revenue?format=svg');
  expect([anonymous.status, anonymous.body.code]).toEqual([401, 'UNAUTHENTICATED']);
  const unknown = await org.agent.get('/api/analytics/revenue?format=xlsx');
  expect([unknown.status, unknown.body.details]).toEqual([
    400,
    [{ field: 'format', message: 'format must be one of json, csv, svg' }],
  ]);
  const json = await org.agent.get('/api/analytics/revenue').set('Accept', '*/*');
  expect(json.headers['content-type']).toMatch(/^application\/json/);
});
