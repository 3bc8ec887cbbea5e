import { createTestApp, Registered, TestApp } from './support/test-app';

const IMPORT = `mutation($csv: String!, $dryRun: Boolean) {
  importCustomers(csv: $csv, dryRun: $dryRun) { dryRun totalRows created updated skipped failed errors { row field message } columns { field header } ignoredColumns }
}`;
const CSV = 'Customer Name,Email,Phone,Fax\nAcme Lifts,ops@acme.example,+14155550100,x\nBad Row,not-an-email,,\n';

let t: TestApp;
let org: Registered;
beforeAll(async () => {
  t = await createTestApp({ IMPORT_MAX_BYTES: '2000' });
  org = await t.registerOrg('GqlImport');
});
afterAll(() => t.close());

const customerCount = async () =>
  Number(
    (
      await t.sql<{ n: string }>('select count(*) as n from customers where organization_id = $1', [org.organizationId])
    )[0].n,
  );

describe('importCustomers (GraphQL)', () => {
  it('a dry run reports what would happen and writes nothing', async () => {
    const res = await t.gql<{ importCustomers: Record<string, unknown> }>(org.agent, IMPORT, {
      csv: CSV,
      dryRun: true,
    });
    expect(res.data?.importCustomers).toMatchObject({
      dryRun: true,
      totalRows: 2,
      created: 1,
      failed: 1,
      ignoredColumns: ['Fax'],
    });
    expect(await customerCount()).toBe(0);
  });

  it('imports the valid rows, reports every rejected one, and shares the REST import’s rules', async () => {
    const res = await t.gql<{
      importCustomers: {
        created: number;
        errors: { row: number; field: string }[];
        columns: { field: string; header: string }[];
      };
    }>(org.agent, IMPORT, { csv: CSV });
    const report = res.data!.importCustomers;
    expect(report.created).toBe(1);
    expect(report.errors).toEqual([{ row: 3, field: 'email', message: expect.any(String) }]);
    expect(report.columns).toContainEqual({ field: 'email', header: 'Email' });
    expect(await customerCount()).toBe(1);
    const again = await t.gql<{ importCustomers: { created: number; skipped: number } }>(org.agent, IMPORT, {
      csv: CSV,
    });
    expect(again.data?.importCustomers).toMatchObject({ created: 0, skipped: 1 });
  });

  it('refuses text over the size limit, a file without a usable header, and anonymous callers', async () => {
    const big = await t.gql(org.agent, IMPORT, { csv: `name,email\n${'a,b@example.com\n'.repeat(200)}` });
    expect(big.errors?.[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
    const noHeader = await t.gql(org.agent, IMPORT, { csv: 'foo,bar\n1,2\n' });
    expect(noHeader.errors?.[0].extensions.code).toBe('VALIDATION_ERROR');
    const anon = await t.gql(t.agent(), IMPORT, { csv: CSV });
    expect(anon.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
