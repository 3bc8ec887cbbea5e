/**
 * Rental documents (docs/rental.md, "Documents"; issue 30 part 3): the invoice and the rental agreement as PDFs with
 * the organization's branding, drawn by one renderer, byte-identical for the same record, rendered to PNG with
 * poppler's pdftoppm and read back with pdftotext; the branding settings and the logo's checks; the invoice's lines
 * (its rental lines and the approved charges billed on it) adding up to its total less its tax.
 * UPDATE_SCREENSHOTS=1 writes the invoice's first page to docs/images/invoice.png.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import Decimal from 'decimal.js';
import { newCustomer } from './support/crm';
import { bulkItem, order, unitItem } from './support/desk';
import { bytes, inkShare, pageAsPng, pageCount, pdfText, POPPLER, tinyPng } from './support/pdf-tools';
import { createTestApp, Registered, TestApp } from './support/test-app';
import type { RentalDocument } from '../src/modules/rental/documents/document-model';
import { renderPdf } from '../src/modules/rental/documents/pdf-renderer';
import { longDay } from '../src/modules/rental/documents/document-parts';
import { addDays, todayIn } from '../src/lib/calendar-days';

if (!POPPLER && process.env.CI) throw new Error('pdftoppm/pdftotext missing: .ci/run installs poppler-utils');
if (!POPPLER)
  console.warn(
    'test/rental-documents.spec.ts: PDF pages not rendered, no poppler-utils (apt-get install poppler-utils)',
  );
const withPoppler = POPPLER ? it : it.skip;

let t: TestApp;
let org: Registered;
let member: Registered;
let tx: Record<string, any>;
let invoice: Record<string, any>;
let quote: Record<string, any>;
const LOGO = tinyPng();

/** A binary answer as a Buffer (supertest buffers only text by default). */
function binary(agent: Registered['agent'], path: string) {
  return agent.get(path).buffer(true).parse(bytes);
}

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Hill Country Lifts');
  member = await t.addMember(org.organizationId, 'user');
  await org.agent.put('/api/settings/rental').send({ taxRate: '8.25', currency: 'USD' }).expect(200);
  await org.agent
    .put('/api/settings/organization')
    .send({
      name: 'Hill Country Lifts',
      address1: '4100 Industrial Blvd',
      city: 'Austin',
      state: 'TX',
      zipCode: '78744',
      phone: '+15125550142',
    })
    .expect(200);
  const customer = await newCustomer(org.agent, { name: 'Onion Creek Builders', email: 'office@onioncreek.example' });
  const lift = await unitItem(org, 'BL60', 2, '450.00');
  tx = await order(org, customer.id, [{ itemId: lift, quantity: 2 }], '2026-07-01', '2026-07-03');
  const lineId = tx.lines[0].id;
  await org.agent
    .post(`/api/transactions/${tx.id}/check-out`)
    .send({
      releasedTo: 'Sam Ortiz',
      checklistPassed: true,
      lines: [{ lineId, units: [{ assetTag: 'BL60-1', meterOut: '1240.5' }, { assetTag: 'BL60-2' }] }],
    })
    .expect(200);
  await org.agent
    .post(`/api/transactions/${tx.id}/check-in`)
    .send({
      returnedOn: '2026-07-03',
      returns: [
        {
          lineId,
          assetTag: 'BL60-1',
          condition: 'damaged',
          damageNotes: 'Cracked platform gate',
          damageCharge: '850.00',
        },
        { lineId, assetTag: 'BL60-2', condition: 'good' },
      ],
    })
    .expect(200);
}, 60_000);
afterAll(() => t.close());

describe('branding', () => {
  it('starts empty, is set by an admin (tax id, terms, a PNG logo) and read by any member', async () => {
    const empty = await member.agent.get('/api/settings/branding').expect(200);
    expect(empty.body).toMatchObject({ name: 'Hill Country Lifts', taxId: null, logoUrl: null, invoiceTerms: null });
    await member.agent.patch('/api/settings/branding').send({ taxId: 'X' }).expect(403);
    const set = await org.agent
      .patch('/api/settings/branding')
      .send({
        taxId: '74-1234567',
        invoiceTerms: 'Net 30. A late fee of 1.5 % a month applies to overdue balances.',
        agreementTerms: 'Equipment is returned clean and undamaged by the return date.',
        logo: LOGO.toString('base64'),
      })
      .expect(200);
    expect(set.body).toMatchObject({
      taxId: '74-1234567',
      logoContentType: 'image/png',
      logoSize: LOGO.length,
      logoUrl: '/api/settings/branding/logo',
    });
    const logo = await binary(member.agent, '/api/settings/branding/logo').expect(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['content-disposition']).toBe('attachment; filename="logo.png"');
    expect(Buffer.compare(logo.body as Buffer, LOGO)).toBe(0);
  });

  it('refuses a logo that is not a PNG or JPEG by its bytes, too large, or not base64; nothing changes', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1').toString('base64');
    for (const [logo, message] of [
      [gif, 'logo must be a PNG or JPEG image'],
      [Buffer.concat([LOGO, Buffer.alloc(600 * 1024)]).toString('base64'), 'logo must be at most'],
      ['not*base64', 'logo must be a base64-encoded PNG or JPEG image'],
    ]) {
      const res = await org.agent.patch('/api/settings/branding').send({ logo, taxId: 'CHANGED' }).expect(400);
      expect(res.body.details[0]).toMatchObject({ field: 'logo' });
      expect(res.body.details[0].message).toContain(message);
    }
    expect((await org.agent.get('/api/settings/branding').expect(200)).body).toMatchObject({
      taxId: '74-1234567',
      logoSize: LOGO.length,
    });
  });
});

describe('the invoice', () => {
  it('bills the approved charges with the rental lines; its lines add up to its total less its tax', async () => {
    const charges = (await org.agent.get(`/api/transactions/${tx.id}/charges`).expect(200)).body;
    const damage = (Array.isArray(charges) ? charges : charges.data).find((c: any) => c.kind === 'damage');
    await org.agent.patch(`/api/transactions/${tx.id}/charges/${damage.id}`).send({ status: 'approved' }).expect(200);
    invoice = (
      await member.agent.post('/api/invoices').send({ transactionId: tx.id, issueDate: '2026-07-04' }).expect(201)
    ).body;
    // 2 lifts x 3 days x 450 = 2700, tax 8.25 % = 222.75; the damage (850) is billed on top, untaxed like the fees
    expect(invoice).toMatchObject({ subtotal: '2700.00', tax: '222.75', chargesTotal: '850.00', total: '3772.75' });
    const full = (await member.agent.get(`/api/invoices/${invoice.id}`).expect(200)).body;
    expect(full.lines.map((l: any) => [l.kind, l.quantity, l.unitPrice, l.amount])).toEqual([
      ['rental', 2, '1350.00', '2700.00'],
      ['damage', 1, '850.00', '850.00'],
    ]);
    expect(full.lines.reduce((s: Decimal, l: any) => s.plus(l.amount), new Decimal(0)).toFixed(2)).toBe(
      new Decimal(full.total).minus(full.tax).toFixed(2),
    );
    expect(full.pdfUrl).toBe(`/api/invoices/${invoice.id}/pdf`);
    const charge = (await org.agent.get(`/api/transactions/${tx.id}/charges`).expect(200)).body;
    expect((Array.isArray(charge) ? charge : charge.data).find((c: any) => c.id === damage.id).invoiceId).toBe(
      invoice.id,
    );
  });

  it('is a PDF to download, byte-identical each time for the same invoice', async () => {
    const a = await binary(member.agent, `/api/invoices/${invoice.id}/pdf`).expect(200);
    expect(a.headers['content-type']).toBe('application/pdf');
    expect(a.headers['content-disposition']).toBe('attachment; filename="INV-000001.pdf"');
    const pdf = a.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const b = await binary(org.agent, `/api/invoices/${invoice.id}/pdf`).expect(200);
    expect(Buffer.compare(pdf, b.body as Buffer)).toBe(0);
  });

  withPoppler('renders to a PNG with ink on it and reads back its branding, lines, charges and totals', async () => {
    const pdf = (await binary(member.agent, `/api/invoices/${invoice.id}/pdf`).expect(200)).body as Buffer;
    const png = pageAsPng(pdf, 1, 110);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    if (process.env.UPDATE_SCREENSHOTS) writeFileSync(join(__dirname, '..', 'docs', 'images', 'invoice.png'), png);
    expect(inkShare(pdf)).toBeGreaterThan(0.01);
    expect(pageCount(pdf)).toBe(1);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    for (const s of [
      'Hill Country Lifts',
      '4100 Industrial Blvd',
      'Austin, TX 78744',
      'Tax ID: 74-1234567',
      'Invoice',
      'INV-000001',
      'Due date Aug 3, 2026',
      'Onion Creek Builders',
      'Machine BL60 (BL60), 3 days',
      'CHARGES',
      'Cracked platform gate',
      '$850.00',
      'Subtotal $2,700.00',
      'Tax $222.75',
      'Total $3,772.75',
      'Balance due $3,772.75',
      'Net 30. A late fee of 1.5 % a month',
      'Page 1 of 1',
    ])
      expect(text).toContain(s);
  });

  it('gives its charges back to the order when voided: the invoice that replaces it bills them again', async () => {
    await member.agent.post(`/api/invoices/${invoice.id}/void`).expect(200);
    const again = (
      await member.agent.post('/api/invoices').send({ transactionId: tx.id, issueDate: '2026-07-04' }).expect(201)
    ).body;
    expect(again).toMatchObject({ number: 2, subtotal: '2700.00', total: '3772.75' });
    const voided = (await member.agent.get(`/api/invoices/${invoice.id}`).expect(200)).body;
    expect(voided.lines.map((l: any) => l.kind)).toEqual(['rental']);
    invoice = again;
  });
});

describe('the rental agreement', () => {
  withPoppler('shows the lines, dates, units checked out, terms and signature lines', async () => {
    const res = await binary(member.agent, `/api/transactions/${tx.id}/agreement.pdf`).expect(200);
    const number = `RA-${tx.id.slice(0, 8).toUpperCase()}`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    const pdf = res.body as Buffer;
    expect(inkShare(pdf)).toBeGreaterThan(0.01);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    for (const s of [
      'Rental agreement',
      number,
      'Pickup Jul 1, 2026',
      'Return by Jul 3, 2026',
      'Machine BL60 (BL60)',
      '3 days: 3 days at 450.00',
      'Units checked out',
      'BL60-1 (Machine BL60): released to Sam Ortiz',
      'meter 1240.5',
      'Equipment is returned clean and undamaged',
      'Renter: signature and date',
      'For Hill Country Lifts: signature and date',
    ])
      expect(text).toContain(s);
    const gql = await member.agent
      .post('/graphql')
      .send({
        query: `{ transaction(id: "${tx.id}") { pdfUrl } transactionAgreementPdf(id: "${tx.id}") { fileName contentType size base64 } }`,
      })
      .expect(200);
    expect(gql.body.data.transaction.pdfUrl).toBe(`/api/transactions/${tx.id}/agreement.pdf`);
    expect(Buffer.from(gql.body.data.transactionAgreementPdf.base64, 'base64').equals(pdf)).toBe(true);
  });

  withPoppler(
    'runs over pages with the table header repeated, numbered "Page n of N"',
    async () => {
      const customer = await newCustomer(org.agent, { name: 'Big Event Co' });
      const items: string[] = [];
      for (let i = 0; i < 32; i++)
        items.push(
          (
            await org.agent
              .post('/api/inventory')
              .send({ name: `Light tower ${i}`, itemNumber: `LT-${i}`, dailyRate: '35.00', quantityOwned: 3 })
              .expect(201)
          ).body.id,
        );
      const big = await order(
        org,
        customer.id,
        items.map((itemId) => ({ itemId, quantity: 1 })),
        '2026-08-01',
        '2026-08-02',
      );
      const pdf = (await binary(member.agent, `/api/transactions/${big.id}/agreement.pdf`).expect(200)).body as Buffer;
      const pages = pageCount(pdf);
      expect(pages).toBeGreaterThan(1);
      const last = pdfText(pdf).split('\f')[pages - 1];
      expect(last).toContain('Description');
      expect(last).toContain(`Page ${pages} of ${pages}`);
      expect(inkShare(pdf, pages)).toBeGreaterThan(0.005);
    },
    60_000,
  );
});

describe('the quote', () => {
  const day = (n: number) => addDays(todayIn('UTC'), n);
  const usd = (amount: string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  let number: string;

  beforeAll(async () => {
    await org.agent
      .patch('/api/settings/branding')
      .send({ quoteTerms: 'Prices hold until the validity date. Fuel is billed at cost.' })
      .expect(200);
    const customer = await newCustomer(org.agent, { name: 'Barton Springs Events' });
    const gen = await bulkItem(org, 'GEN', 3, '75.00');
    const scissor = await unitItem(org, 'SL26', 1, '120.00');
    const unitId = (await org.agent.get('/api/inventory-units').query({ itemId: scissor })).body.data[0].id;
    const created = await member.agent
      .post('/api/rental-quotes')
      .send({
        customerId: customer.id,
        pickupDate: day(20),
        returnDate: day(22),
        deliveryMethod: 'delivery',
        deliveryAddress: '1200 Site Rd, Austin TX',
        notes: 'Gate code 4412',
        lines: [
          { itemId: gen, quantity: 2 },
          { itemId: scissor, unitId, quantity: 1 },
        ],
      })
      .expect(201);
    quote = (
      await member.agent
        .patch(`/api/rental-quotes/${created.body.id}`)
        .send({ returnDate: day(23) })
        .expect(200)
    ).body;
    number = `Q-${quote.id.slice(0, 8).toUpperCase()}`;
  });

  it('is a PDF of the current version to download, byte-identical each time; ?version= prints an older one', async () => {
    expect(quote).toMatchObject({ version: 2, pdfUrl: `/api/rental-quotes/${quote.id}/pdf` });
    const a = await binary(member.agent, quote.pdfUrl).expect(200);
    expect(a.headers['content-type']).toBe('application/pdf');
    expect(a.headers['content-disposition']).toBe(`attachment; filename="${number}-v2.pdf"`);
    const b = await binary(org.agent, quote.pdfUrl).expect(200);
    expect(Buffer.compare(a.body as Buffer, b.body as Buffer)).toBe(0);
    const v1 = await binary(member.agent, `${quote.pdfUrl}?version=1`).expect(200);
    expect(v1.headers['content-disposition']).toBe(`attachment; filename="${number}-v1.pdf"`);
    expect(Buffer.compare(a.body as Buffer, v1.body as Buffer)).not.toBe(0);
    const missing = await member.agent.get(`${quote.pdfUrl}?version=3`).expect(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    const gql = await member.agent
      .post('/graphql')
      .send({ query: `{ rentalQuotePdf(id: "${quote.id}") { fileName base64 } }` })
      .expect(200);
    expect(gql.body.data.rentalQuotePdf.fileName).toBe(`${number}-v2.pdf`);
    expect(Buffer.from(gql.body.data.rentalQuotePdf.base64, 'base64').equals(a.body as Buffer)).toBe(true);
  });

  it('is linked from the public acceptance page and served by its signed token alone (404 for a forged one)', async () => {
    const { token } = (await member.agent.post(`/api/rental-quotes/${quote.id}/link`).expect(200)).body;
    const page = await request(t.http).get(`/quote-acceptance/${token}`).expect(200);
    expect(page.text).toContain(`<a href="/quote-acceptance/${token}/pdf">Download this quote as a PDF</a>`);
    const pub = await request(t.http).get(`/quote-acceptance/${token}/pdf`).buffer(true).parse(bytes).expect(200);
    expect(pub.headers['content-type']).toBe('application/pdf');
    expect(pub.headers['content-disposition']).toBe(`attachment; filename="${number}-v2.pdf"`);
    expect(pub.headers['cache-control']).toBe('no-store');
    const own = await binary(member.agent, quote.pdfUrl).expect(200);
    expect(Buffer.compare(pub.body as Buffer, own.body as Buffer)).toBe(0);
    const forged = await request(t.http)
      .get(`/quote-acceptance/${token.slice(0, -2)}xx/pdf`)
      .expect(404);
    expect(forged.text).toContain('This quote link is not valid');
  });

  withPoppler('renders with ink and reads back its customer, lines, validity, delivery, totals and terms', async () => {
    const pdf = (await binary(member.agent, quote.pdfUrl).expect(200)).body as Buffer;
    expect(inkShare(pdf)).toBeGreaterThan(0.01);
    const v = quote.current;
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    for (const s of [
      'Hill Country Lifts',
      'Quote',
      number,
      'Version 2',
      `Valid until ${longDay(v.validUntil)}`,
      `Pickup ${longDay(day(20))}`,
      `Return by ${longDay(day(23))}`,
      'Rental days 4',
      'Delivery to 1200 Site Rd',
      'PREPARED FOR',
      'Barton Springs Events',
      'Bulk GEN (GEN)',
      '4 days: 4 days at 75.00',
      'Machine SL26 (unit SL26-1)',
      '4 days: 4 days at 120.00',
      `Subtotal ${usd(v.subtotal)}`,
      `Tax ${usd(v.tax)}`,
      `Total ${usd(v.total)}`,
      'Gate code 4412',
      'Prices hold until the validity date.',
    ])
      expect(text).toContain(s);
    expect(v).toMatchObject({ subtotal: '1080.00', tax: '89.10', total: '1169.10' });
    const old = pdfText((await binary(member.agent, `${quote.pdfUrl}?version=1`).expect(200)).body as Buffer);
    expect(old.replace(/\s+/g, ' ')).toContain('Version 1');
  });
});

it('is 404 for another organization’s invoice, transaction and quote, and JSON for an unknown id', async () => {
  const other = await t.registerOrg('Elsewhere');
  expect(quote.id).toMatch(/^[0-9a-f-]{36}$/); // declared after the quote's describe: the quote exists
  const res = await request(t.http).get(`/api/invoices/${invoice.id}/pdf`);
  expect(res.status).toBe(401);
  for (const path of [
    `/api/invoices/${invoice.id}/pdf`,
    `/api/transactions/${tx.id}/agreement.pdf`,
    `/api/rental-quotes/${quote.id}/pdf`,
    `/api/rental-quotes/${quote.id}/pdf?version=1`,
  ]) {
    const r = await other.agent.get(path).expect(404);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    expect(r.body.code).toBe('NOT_FOUND');
  }
  await other.agent.get('/api/settings/branding/logo').expect(404);
});

describe('the renderer', () => {
  /** What deposits, waivers, fees and per-line tax will fill (document-model.ts): drawn when present. */
  const withSlots: RentalDocument = {
    title: 'Quote',
    number: 'Q-000007',
    issuedOn: '2026-07-01',
    currency: 'USD',
    brand: { name: 'Slot Rentals', addressLines: ['1 Yard Rd'], contact: [], taxId: null },
    facts: [{ label: 'Valid until', value: 'Jul 15, 2026' }],
    parties: [{ label: 'Prepared for', name: 'Onion Creek Builders', lines: [] }],
    lines: [{ description: 'Excavator', quantity: 1, unitPrice: '1450.00', amount: '1450.00', tax: '119.63' }],
    charges: [],
    deliveryFee: { label: 'Delivery and pickup', amount: '150.00' },
    damageWaiver: { label: 'Damage waiver (10 %)', amount: '145.00' },
    deposit: { label: 'Deposit due', amount: '500.00', note: 'Refunded on an undamaged return' },
    totals: [{ label: 'Total', amount: '1864.63' }],
  };

  withPoppler(
    'draws the optional slots (delivery fee, damage waiver, deposit, per-line tax) and the same bytes twice',
    async () => {
      const [a, b] = [await renderPdf(withSlots), await renderPdf(withSlots)];
      expect(a.equals(b)).toBe(true);
      const text = pdfText(a).replace(/\s+/g, ' ');
      for (const s of [
        'Description Qty Rate Tax Amount',
        'Excavator 1 $1,450.00 $119.63 $1,450.00',
        'Delivery and pickup 1 $150.00 $150.00',
        'Damage waiver (10 %) 1 $145.00 $145.00',
        'Deposit due $500.00',
        'Refunded on an undamaged return',
        'Total $1,864.63',
      ])
        expect(text).toContain(s);
      const plain = pdfText(
        await renderPdf({
          ...withSlots,
          deliveryFee: null,
          damageWaiver: null,
          deposit: null,
          lines: [{ ...withSlots.lines[0], tax: null }],
        }),
      );
      for (const s of ['Tax', 'Delivery', 'waiver', 'Deposit']) expect(plain).not.toContain(s);
    },
  );
});
