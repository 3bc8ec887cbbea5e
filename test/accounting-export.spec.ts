/**
 * Accounting export (docs/rental.md, "Accounting export"; issue 30 part 7): a range's invoices (one row per line,
 * every approved charge billed on the invoice among them) or payments as the CSV QuickBooks Online or Xero imports,
 * in their documented columns; what an export took is marked per format and left out of the next export of the range
 * unless includeExported; the file can be downloaded again; two exports at once never take the same record.
 */
import { parse } from 'csv-parse/sync';
import Decimal from 'decimal.js';
import { newCustomer } from './support/crm';
import { bulkItem, order, unitItem } from './support/desk';
import { bytes } from './support/pdf-tools';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let member: Registered;
const invoices: Record<string, any>[] = [];

type Rows = Record<string, string>[];

function csvOf(res: { body: unknown; text?: string }): { header: string[]; rows: Rows } {
  const text = (res.body as Buffer).toString('utf8');
  const header = (parse(text, { to_line: 1 }) as string[][])[0];
  return { header, rows: parse(text, { columns: true }) as Rows };
}

function exportCsv(body: Record<string, unknown>, agent = org.agent) {
  return agent.post('/api/accounting/exports').send(body).buffer(true).parse(bytes);
}

const RANGE = { from: '2026-07-01', to: '2026-07-31' };

async function invoiceOf(tx: Record<string, any>, issueDate: string, send = true): Promise<Record<string, any>> {
  const inv = (await member.agent.post('/api/invoices').send({ transactionId: tx.id, issueDate }).expect(201)).body;
  if (send) await member.agent.post(`/api/invoices/${inv.id}/send`).expect(200);
  return inv;
}

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Books');
  member = await t.addMember(org.organizationId, 'user');
  await org.agent.put('/api/settings/rental').send({ taxRate: '8.25', currency: 'USD' }).expect(200);
  const builder = await newCustomer(org.agent, { name: 'Onion Creek Builders', email: 'ap@onioncreek.example' });
  const sly = await newCustomer(org.agent, { name: '=HYPERLINK("http://evil.example")' });
  const gen = await bulkItem(org, 'GEN', 10, '95.00');
  const lift = await unitItem(org, 'BL', 1, '450.00');

  // 1: a damaged lift, its charge approved and billed: rental 1350 + damage 850
  const damaged = await order(org, builder.id, [{ itemId: lift, quantity: 1 }], '2026-07-01', '2026-07-03');
  const lineId = damaged.lines[0].id;
  await org.agent
    .post(`/api/transactions/${damaged.id}/check-out`)
    .send({ releasedTo: 'Sam', checklistPassed: true, lines: [{ lineId, units: [{ assetTag: 'BL-1' }] }] })
    .expect(200);
  await org.agent
    .post(`/api/transactions/${damaged.id}/check-in`)
    .send({
      returnedOn: '2026-07-03',
      returns: [{ lineId, assetTag: 'BL-1', condition: 'damaged', damageNotes: 'Bent rail', damageCharge: '850.00' }],
    })
    .expect(200);
  const charges = (await org.agent.get(`/api/transactions/${damaged.id}/charges`).expect(200)).body;
  await org.agent
    .patch(`/api/transactions/${damaged.id}/charges/${charges[0].id}`)
    .send({ status: 'approved' })
    .expect(200);
  invoices.push(await invoiceOf(damaged, '2026-07-04'));
  // 2: two generators for 5 days (paid in two payments); 3: the sly customer's; 4: a draft; 5: void; 6: August
  invoices.push(
    await invoiceOf(
      await order(org, builder.id, [{ itemId: gen, quantity: 2 }], '2026-07-05', '2026-07-09'),
      '2026-07-10',
    ),
  );
  invoices.push(
    await invoiceOf(await order(org, sly.id, [{ itemId: gen, quantity: 1 }], '2026-07-11', '2026-07-11'), '2026-07-12'),
  );
  invoices.push(
    await invoiceOf(
      await order(org, builder.id, [{ itemId: gen, quantity: 1 }], '2026-07-13', '2026-07-13'),
      '2026-07-14',
      false,
    ),
  );
  const voided = await invoiceOf(
    await order(org, builder.id, [{ itemId: gen, quantity: 1 }], '2026-07-15', '2026-07-15'),
    '2026-07-16',
  );
  await member.agent.post(`/api/invoices/${voided.id}/void`).expect(200);
  invoices.push(
    await invoiceOf(
      await order(org, builder.id, [{ itemId: gen, quantity: 1 }], '2026-08-01', '2026-08-01'),
      '2026-08-02',
    ),
  );
  await member.agent
    .post(`/api/invoices/${invoices[1].id}/payments`)
    .send({ amount: '500.00', method: 'check', paidOn: '2026-07-20', reference: '10442' })
    .expect(201);
  await member.agent
    .post(`/api/invoices/${invoices[1].id}/payments`)
    .send({ amount: '528.38', method: 'card', paidOn: '2026-07-28' })
    .expect(201);
  await member.agent
    .post(`/api/invoices/${invoices[0].id}/payments`)
    .send({ amount: '100.00', method: 'cash', paidOn: '2026-08-03' })
    .expect(201);
}, 60_000);
afterAll(() => t.close());

describe('QuickBooks Online', () => {
  let first: Buffer;

  it('exports the sent invoices of the range, one row per line, each invoice’s lines adding up to its total', async () => {
    const res = await exportCsv({ format: 'quickbooks', kind: 'invoices', ...RANGE }).expect(201);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="quickbooks-invoices-2026-07-01_2026-07-31.csv"',
    );
    first = res.body as Buffer;
    const { header, rows } = csvOf(res);
    expect(header).toEqual([
      'InvoiceNo',
      'Customer',
      'InvoiceDate',
      'DueDate',
      'Terms',
      'Memo',
      'Item(Product/Service)',
      'ItemDescription',
      'ItemQuantity',
      'ItemRate',
      'ItemAmount',
      'ItemTaxCode',
      'ItemTaxAmount',
      'Currency',
      'Service Date',
    ]);
    // the draft, the void invoice and August's are not in it
    expect([...new Set(rows.map((r) => r.InvoiceNo))]).toEqual(invoices.slice(0, 3).map((i) => i.invoiceNumber));
    expect(rows.filter((r) => r.InvoiceNo === invoices[0].invoiceNumber)).toEqual([
      expect.objectContaining({
        Customer: 'Onion Creek Builders',
        InvoiceDate: '07/04/2026',
        DueDate: '08/03/2026',
        Terms: 'Net 30',
        'Item(Product/Service)': 'Equipment rental',
        ItemQuantity: '1',
        ItemRate: '1350.00',
        ItemAmount: '1350.00',
        ItemTaxCode: 'TAX',
        ItemTaxAmount: '111.38', // 1350 x 8.25 % = 111.375, half-up; the charge below is not taxed
        Currency: 'USD',
        'Service Date': '07/01/2026',
      }),
      expect.objectContaining({
        'Item(Product/Service)': 'Damage charge',
        ItemQuantity: '1',
        ItemRate: '850.00',
        ItemAmount: '850.00',
        ItemTaxCode: 'NON',
        ItemTaxAmount: '0.00',
      }),
    ]);
    expect(rows[0].ItemDescription).toContain('Machine BL (BL), 3 days');
    expect(rows[1].ItemDescription).toContain('Bent rail');
    for (const inv of invoices.slice(0, 3)) {
      const lines = rows.filter((r) => r.InvoiceNo === inv.invoiceNumber);
      const sum = (k: string) => lines.reduce((s, r) => s.plus(r[k]), new Decimal(0)).toFixed(2);
      expect([sum('ItemAmount'), sum('ItemTaxAmount')]).toEqual([
        new Decimal(inv.total).minus(inv.tax).toFixed(2),
        inv.tax,
      ]);
      for (const r of lines) expect(new Decimal(r.ItemRate).times(r.ItemQuantity).toFixed(2)).toBe(r.ItemAmount);
    }
    // 1350 + 111.38 tax, and the charge billed on the invoice on top of that
    expect(invoices[0]).toMatchObject({ subtotal: '1350.00', tax: '111.38', chargesTotal: '850.00', total: '2311.38' });
    // a customer name a spreadsheet would run as a formula is written as text
    expect(rows.find((r) => r.InvoiceNo === invoices[2].invoiceNumber)!.Customer).toBe(
      '\'=HYPERLINK("http://evil.example")',
    );
  });

  it('leaves out what it exported the next time, unless includeExported; the file downloads again as it was', async () => {
    const again = await exportCsv({ format: 'quickbooks', kind: 'invoices', ...RANGE }).expect(201);
    expect(csvOf(again).rows).toEqual([]);
    const all = await exportCsv({ format: 'quickbooks', kind: 'invoices', ...RANGE, includeExported: true }).expect(
      201,
    );
    expect((all.body as Buffer).equals(first)).toBe(true);
    const list = (await org.agent.get('/api/accounting/exports').expect(200)).body;
    expect(list.data.map((e: any) => [e.kind, e.recordCount, e.rowCount, e.includeExported])).toEqual([
      ['invoices', 3, 4, true],
      ['invoices', 0, 0, false],
      ['invoices', 3, 4, false],
    ]);
    const oldest = list.data[2];
    expect(oldest).toMatchObject({
      format: 'quickbooks',
      from: '2026-07-01',
      to: '2026-07-31',
      dateFormat: 'MDY',
      remaining: 0,
    });
    const file = await org.agent.get(`/api/accounting/exports/${oldest.id}/file`).buffer(true).parse(bytes).expect(200);
    expect((file.body as Buffer).equals(first)).toBe(true);
  });

  it('exports payments as a bank-transactions upload: Date, Description, Amount', async () => {
    const { header, rows } = csvOf(await exportCsv({ format: 'quickbooks', kind: 'payments', ...RANGE }).expect(201));
    expect(header).toEqual(['Date', 'Description', 'Amount']);
    expect(rows).toEqual([
      {
        Date: '07/20/2026',
        Description: `Payment ${invoices[1].invoiceNumber} Onion Creek Builders (check 10442)`,
        Amount: '500.00',
      },
      {
        Date: '07/28/2026',
        Description: `Payment ${invoices[1].invoiceNumber} Onion Creek Builders (card)`,
        Amount: '528.38',
      },
    ]);
    expect(csvOf(await exportCsv({ format: 'quickbooks', kind: 'payments', ...RANGE }).expect(201)).rows).toEqual([]);
  });
});

describe('Xero', () => {
  it('marks per format: the same invoices go to Xero in its template, DMY dates, account code and tax type', async () => {
    const { header, rows } = csvOf(
      await exportCsv({ format: 'xero', kind: 'invoices', ...RANGE, accountCode: '4000' }).expect(201),
    );
    expect(header.filter((h) => h.startsWith('*'))).toEqual([
      '*ContactName',
      '*InvoiceNumber',
      '*InvoiceDate',
      '*DueDate',
      '*Description',
      '*Quantity',
      '*UnitAmount',
      '*AccountCode',
      '*TaxType',
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatchObject({
      '*ContactName': 'Onion Creek Builders',
      EmailAddress: 'ap@onioncreek.example',
      '*InvoiceNumber': invoices[0].invoiceNumber,
      '*InvoiceDate': '04/07/2026',
      '*DueDate': '03/08/2026',
      '*Quantity': '1',
      '*UnitAmount': '850.00',
      '*AccountCode': '4000',
      '*TaxType': 'Tax Exempt',
      TaxAmount: '0.00',
      Currency: 'USD',
    });
    expect(rows[1]['*Description']).toMatch(/^Damage charge: .*Bent rail/);
  });

  it('exports payments as a bank statement, the invoice number as the reference', async () => {
    const { header, rows } = csvOf(
      await exportCsv({
        format: 'xero',
        kind: 'payments',
        from: '2026-07-01',
        to: '2026-08-31',
        dateFormat: 'ISO',
      }).expect(201),
    );
    expect(header).toEqual(['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Cheque Number']);
    expect(rows.map((r) => [r['*Date'], r['*Amount'], r.Reference, r['Cheque Number']])).toEqual([
      ['2026-07-20', '500.00', invoices[1].invoiceNumber, '10442'],
      ['2026-07-28', '528.38', invoices[1].invoiceNumber, ''],
      ['2026-08-03', '100.00', invoices[0].invoiceNumber, ''],
    ]);
  });
});

it('never gives one record to two exports made at the same time', async () => {
  const range = { from: '2026-07-01', to: '2026-08-31' };
  const results = await Promise.all(
    [0, 1, 2].map(() => exportCsv({ format: 'xero', kind: 'invoices', ...range, dateFormat: 'ISO' }).expect(201)),
  );
  const taken = results.flatMap((r) => [...new Set(csvOf(r).rows.map((row) => row['*InvoiceNumber']))]);
  // only August's invoice was left for Xero: exactly one of the three took it
  expect(taken).toEqual([invoices[4].invoiceNumber]);
});

it('is for admins, and refuses a range backwards, over a year, or an unknown format (nothing is written)', async () => {
  await exportCsv({ format: 'xero', kind: 'invoices', ...RANGE }, member.agent).expect(403);
  await member.agent.get('/api/accounting/exports').expect(403);
  const before = (await org.agent.get('/api/accounting/exports').expect(200)).body.pagination.totalItems;
  for (const [body, field] of [
    [{ format: 'xero', kind: 'invoices', from: '2026-07-31', to: '2026-07-01' }, 'to'],
    [{ format: 'xero', kind: 'invoices', from: '2026-01-01', to: '2027-01-02' }, 'to'],
    [{ format: 'sage', kind: 'invoices', ...RANGE }, 'format'],
    [{ format: 'xero', kind: 'invoices', from: '2026-02-30', to: '2026-03-01' }, 'from'],
  ] as const) {
    const res = await org.agent.post('/api/accounting/exports').send(body).expect(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.stringify(res.body)).toContain(field);
  }
  expect((await org.agent.get('/api/accounting/exports').expect(200)).body.pagination.totalItems).toBe(before);
});
