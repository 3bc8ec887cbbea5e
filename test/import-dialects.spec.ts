/**
 * CSV dialects against the import, over HTTP (docs/crm.md, "Format" and "Refusals"): a problem of a row is a row
 * error in the report, a problem of the file a 400 naming its line, never a 500 and never a partial write. Then a
 * seeded, bounded fuzz of dialects through REST and the GraphQL importCustomers mutation, dry run and import.
 */
import fc from 'fast-check';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { count } from './support/crm';

let t: TestApp;
let org: Registered;
beforeAll(async () => {
  t = await createTestApp({ IMPORT_MAX_BYTES: String(512 * 1024) });
  org = await t.registerOrg('Dialects');
});
afterAll(() => t.close());

function upload(agent: Registered['agent'], content: string | Buffer, dryRun = false) {
  return agent
    .post(`/api/customers/import${dryRun ? '?dryRun=true' : ''}`)
    .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'), {
      filename: 'customers.csv',
      contentType: 'text/csv',
    });
}

const IMPORT = `mutation($csv: String!, $dryRun: Boolean) {
  importCustomers(csv: $csv, dryRun: $dryRun) { dryRun totalRows created updated skipped failed errors { row field message } }
}`;

const stored = async (own: Registered) =>
  (
    await t.sql<{ name: string; email: string }>(
      'select name, email from contacts where organization_id = $1 order by email',
      [own.organizationId],
    )
  ).map((r) => [r.email, r.name]);

describe('CSV dialects: row problems are row errors, file problems a 400 naming the line', () => {
  it('a quote inside an unquoted cell is part of the text, as spreadsheets read it; so is a formula', async () => {
    const own = await t.registerOrg('Quotes');
    const csv = [
      'name,email',
      'ab"c,q@f.example',
      '=HYPERLINK("https://evil.example"),h1@f.example',
      '"=HYPERLINK(""https://evil.example"",""click"")",h2@f.example',
      '"a"b,closed@f.example',
      '@SUM(A1),at@f.example',
    ].join('\n');
    const res = await upload(own.agent, csv);
    expect([res.status, res.body]).toEqual([200, expect.objectContaining({ created: 5, failed: 0 })]);
    expect(await stored(own)).toEqual([
      ['at@f.example', '@SUM(A1)'],
      ['closed@f.example', '"a"b'],
      ['h1@f.example', '=HYPERLINK("https://evil.example")'],
      ['h2@f.example', '=HYPERLINK("https://evil.example","click")'],
      ['q@f.example', 'ab"c'],
    ]);
    const gql = await t.gql<{ importCustomers: { created: number } }>(own.agent, IMPORT, {
      csv: 'name,email\nx"y,gql@f.example\n',
    });
    expect([gql.errors, gql.data?.importCustomers.created]).toEqual([undefined, 1]);
  });

  it('CRLF, LF and CR mixed in one file each end a row; a tab is text; a row with more cells than the header is a row error', async () => {
    const own = await t.registerOrg('Endings');
    const csv =
      '\uFEFFname,email,city\r\nA,a@f.example,Austin\nB,b@f.example\rC\tD,c@f.example,,,\r\n' +
      'Jones, Bob,bob@f.example,Reno\n"multi\r\nline",m@f.example,Waco\r';
    const res = await upload(own.agent, csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalRows: 5, created: 4, failed: 1 }); // one row, two reasons
    expect(res.body.errors).toEqual([
      { row: 5, field: 'row', message: 'the row has 4 cells and the header 3: quote a cell that contains a comma' },
      { row: 5, field: 'email', message: 'email must be a valid email address' },
    ]);
    expect(await stored(own)).toEqual([
      ['a@f.example', 'A'],
      ['b@f.example', 'B'],
      ['c@f.example', 'C\tD'],
      ['m@f.example', 'multi\r\nline'],
    ]);
  });

  it('a quote open at the end of the file, a row too long to be a row, and bytes that are not UTF-8 are a 400 naming the line, writing nothing', async () => {
    const own = await t.registerOrg('FileErrors');
    const ok = 'name,email\r\nA,a@f.example\r\n\r\n';
    const cases: [string, string | Buffer, RegExp][] = [
      ['unclosed quote', `${ok}"Acme,acme@f.example\r\nB,b@f.example\r\n`, /^line 4: a quoted cell/],
      ['unclosed quote, LF', 'name,email\nA,a@f.example\nB,"b@f.example\nC,c@f.example', /^line 3: a quoted cell/],
      ['a row of 70,000 characters', `${ok}${'x'.repeat(70_000)},l@f.example\r\n`, /^line 4: the row is longer/],
      ['latin-1 on line 3', Buffer.from('name,email\nA,a@f.example\nJos\xe9,j@f.example\n', 'latin1'), /line 3\b/],
      ['UTF-16', Buffer.from('\ufeffname,email\nA,a@f.example\n', 'utf16le'), /line 1\b/],
      [
        'a character cut at the end',
        Buffer.concat([Buffer.from('name,email\nA,a@f.example\nZo'), Buffer.from([0xc3])]),
        /line 3\b/,
      ],
      ['NUL on line 2', 'name,email\nA\u0000,a@f.example\n', /line 2\b/],
      ['semicolons', 'name;email\nA;a@f.example\n', /separated by commas/],
    ];
    for (const [label, content, where] of cases) {
      const res = await upload(own.agent, content);
      expect([label, res.status]).toEqual([label, 400]);
      expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
      const said = [res.body.message, ...(res.body.details ?? []).map((d: { message: string }) => d.message)];
      expect([label, said.some((m) => where.test(m))]).toEqual([label, true]);
    }
    const gql = await t.gql(own.agent, IMPORT, { csv: `${ok}"Acme,acme@f.example\n` });
    expect(gql.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'file', message: expect.stringMatching(/^line 4:/) }],
    });
    expect(await count(t, 'contacts', own.organizationId)).toBe(0);
  });
});

/** A cell of a fuzzed file: text pieces, some of them bytes that are not UTF-8. Most are plain, so most files import. */
const piece = (...options: string[]) => fc.constantFrom(...options).map((s): (string | Buffer)[] => [s]);
const cell: fc.Arbitrary<(string | Buffer)[]> = fc.oneof(
  { weight: 60, arbitrary: fc.string({ maxLength: 12 }).map((s) => [s]) },
  { weight: 10, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }).map((s) => [s.replaceAll('\u0000', '')]) },
  { weight: 15, arbitrary: fc.string({ maxLength: 12 }).map((s) => [`"${s.replaceAll('"', '""')}"`]) },
  { weight: 4, arbitrary: piece('"two\r\nlines"', '"two\nlines"', 'a"b', '"a"b', '"open', '""', '"') },
  { weight: 6, arbitrary: piece('=HYPERLINK("https://evil.example","x")', '=1+2', '-2', '@SUM(A1)', '+1415', '\t=x') },
  { weight: 3, arbitrary: fc.integer({ min: 200, max: 3000 }).map((n) => ['z'.repeat(n)]) },
  { weight: 1, arbitrary: piece('y'.repeat(70_000)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom([0xff], [0xc3], [0xed, 0xa0, 0x80], [0xe2, 0x82]).map((b) => [Buffer.from(b)]),
  },
);
/** A line: blank, or a name, an email (mostly valid and new) and 0-3 more cells (ragged). */
const line = (nth: number) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom<(string | Buffer)[][]>([], [['   ']], [[',,']]) },
    {
      weight: 8,
      arbitrary: fc
        .tuple(cell, fc.boolean(), fc.array(cell, { maxLength: 3 }))
        .map(([name, validEmail, more]) => [name, [validEmail ? `N${nth}@fuzz.example` : 'nope'], ...more]),
    },
  );
const file = fc
  .tuple(
    fc.boolean(),
    fc.constantFrom('name,email', 'Customer Name,E-mail,City,Zip', 'name,email,', 'name,email', 'name\temail'),
    fc.integer({ min: 0, max: 12 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => line(i)))),
    fc.array(fc.constantFrom('\n', '\r\n', '\r'), { minLength: 13, maxLength: 13 }),
    fc.boolean(),
  )
  .map(([bom, header, lines, endings, endsWithBreak]) => {
    const pieces: (string | Buffer)[] = [bom ? '\uFEFF' : '', header];
    lines.forEach((cells, i) => {
      pieces.push(endings[i]);
      cells.forEach((c, j) => pieces.push(...(j ? [','] : []), ...c));
    });
    if (endsWithBreak) pieces.push(endings[12]);
    return Buffer.concat(pieces.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p, 'utf8'))));
  });

/** Emails unique to each case, so a case's own rows are new and its counts are checkable. */
let run = 0;
const personalise = (bytes: Buffer) =>
  Buffer.from(bytes.toString('latin1').replaceAll('@fuzz.', `@c${++run}.fuzz.`), 'latin1');

type Report = { totalRows: number; created: number; updated: number; skipped: number; failed: number };
const counts = (r: Report) => [r.totalRows, r.created, r.updated, r.skipped, r.failed];
const stores = async () => [
  await count(t, 'contacts', org.organizationId),
  await count(t, 'customers', org.organizationId),
];

/** One case: the dry run and the import agree, a report adds up, a refusal is documented and writes nothing. */
async function check(
  outcomes: { dryRun: boolean; status: number; code?: string; report?: Report }[],
  before: number[],
) {
  const after = await stores();
  const [dry, real] = outcomes;
  for (const o of outcomes) {
    expect(o.status).toBeLessThan(500);
    if (o.report) {
      const { totalRows, created, updated, skipped, failed } = o.report;
      expect(created + updated + skipped + failed).toBe(totalRows);
    } else expect(['BAD_REQUEST', 'VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE']).toContain(o.code);
  }
  expect([dry.status, dry.code]).toEqual([real.status, real.code]);
  if (dry.report && real.report) expect(counts(dry.report)).toEqual(counts(real.report));
  const created = real.report?.created ?? 0;
  expect(after).toEqual([before[0] + created, before[1] + created]); // a refusal and a dry run write nothing
}

describe('a seeded fuzz of CSV dialects: a report or a documented 4xx, never a 500, nothing written by a refusal', () => {
  const options = { seed: 20_240_624, numRuns: 40, endOnFailure: true };

  it('POST /api/customers/import, dry run then import', async () => {
    await fc.assert(
      fc.asyncProperty(file, async (raw) => {
        const bytes = personalise(raw);
        const before = await stores();
        const outcomes = [];
        for (const dryRun of [true, false]) {
          const res = await upload(org.agent, bytes, dryRun);
          outcomes.push({
            dryRun,
            status: res.status,
            code: res.body.code,
            report: res.status === 200 ? res.body : undefined,
          });
        }
        await check(outcomes, before);
      }),
      options,
    );
  }, 120_000);

  it('the importCustomers mutation, dry run then import', async () => {
    await fc.assert(
      fc.asyncProperty(file, async (raw) => {
        const csv = personalise(raw).toString('utf8'); // GraphQL carries text: a byte that is not UTF-8 becomes U+FFFD
        const before = await stores();
        const outcomes = [];
        for (const dryRun of [true, false]) {
          const res = await org.agent.post('/graphql').send({ query: IMPORT, variables: { csv, dryRun } });
          const error = res.body.errors?.[0];
          outcomes.push({
            dryRun,
            status: error?.extensions?.code === 'INTERNAL_SERVER_ERROR' ? 500 : res.status,
            code: error?.extensions?.code,
            report: res.body.data?.importCustomers ?? undefined,
          });
        }
        await check(outcomes, before);
      }),
      options,
    );
  }, 120_000);
});
