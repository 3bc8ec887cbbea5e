import type { DocumentAmount, DocumentLine, RentalDocument } from './document-model';
import { drawLineTable } from './pdf-table';
import { BOTTOM, GREY, INK, LEFT, money, RIGHT, WIDTH } from './pdf-style';
import { onFirstUse } from '../../../lib/on-first-use';

const pdfkit = onFirstUse('pdfkit');

/**
 * Draws a RentalDocument (document-model.ts) as a PDF with pdfkit (docs/rental.md, "Documents"). Deterministic: the
 * creation and modification dates (and so the file ID, which pdfkit derives from them) are the document's day, the
 * fonts are the standard Helvetica (not embedded), and nothing reads the clock: the same model gives the same bytes.
 */
export function renderPdf(doc: RentalDocument): Promise<Buffer> {
  const day = new Date(`${doc.issuedOn}T00:00:00Z`);
  const PDFDocument = pdfkit();
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: LEFT,
    bufferPages: true,
    info: {
      Title: `${doc.title} ${doc.number}`,
      Author: doc.brand.name,
      Subject: doc.title,
      Creator: 'Rental CRM',
      Producer: 'Rental CRM (PDFKit)',
      CreationDate: day,
      ModDate: day,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  header(pdf, doc);
  parties(pdf, doc);
  drawLineTable(pdf, doc.lines, extraRows(doc), doc.currency);
  totals(pdf, doc.totals, doc.currency);
  if (doc.deposit) deposit(pdf, doc.deposit, doc.currency);
  for (const s of doc.sections ?? []) block(pdf, s.title, s.rows.join('\n'));
  if (doc.notes) block(pdf, 'Notes', doc.notes);
  if (doc.terms) block(pdf, 'Terms', doc.terms);
  if (doc.signatures?.length) signatures(pdf, doc.signatures);
  footer(pdf, doc);
  pdf.end();
  return done;
}

/** The charges, then the optional fee slots, as rows of the line table. */
function extraRows(doc: RentalDocument): DocumentLine[] {
  const fees = [doc.deliveryFee, doc.damageWaiver]
    .filter((f): f is DocumentAmount => !!f)
    .map((f) => ({ description: f.label, detail: f.note, quantity: 1, unitPrice: f.amount, amount: f.amount }));
  return [...doc.charges, ...fees];
}

function header(pdf: PDFKit.PDFDocument, doc: RentalDocument): void {
  const top = pdf.page.margins.top;
  let y = top;
  if (doc.brand.logo) {
    pdf.image(doc.brand.logo, LEFT, y, { fit: [150, 60] });
    y += 66;
  }
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(doc.brand.name, LEFT, y, { width: 280 });
  pdf.font('Helvetica').fontSize(9).fillColor(GREY);
  const lines = [...doc.brand.addressLines, doc.brand.contact.join('  ·  ')].filter(Boolean);
  if (doc.brand.taxId) lines.push(`Tax ID: ${doc.brand.taxId}`);
  pdf.text(lines.join('\n'), LEFT, pdf.y + 2, { width: 280 });
  const leftBottom = pdf.y;

  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(22).text(doc.title, 330, top, { width: 232, align: 'right' });
  pdf.font('Helvetica').fontSize(11).text(doc.number, 330, pdf.y, { width: 232, align: 'right' });
  let fy = pdf.y + 8;
  for (const f of doc.facts) {
    pdf.font('Helvetica').fontSize(9).fillColor(GREY).text(f.label, 330, fy, { width: 110 });
    pdf.fillColor(INK).text(f.value, 440, fy, { width: 122, align: 'right' });
    fy = pdf.y + 2;
  }
  pdf.y = Math.max(leftBottom, fy) + 18;
  pdf.moveTo(LEFT, pdf.y).lineTo(RIGHT, pdf.y).lineWidth(0.5).strokeColor('#cccccc').stroke();
  pdf.y += 12;
}

function parties(pdf: PDFKit.PDFDocument, doc: RentalDocument): void {
  const y = pdf.y;
  let bottom = y;
  doc.parties.forEach((p, i) => {
    const x = LEFT + i * 260;
    pdf.font('Helvetica-Bold').fontSize(8).fillColor(GREY).text(p.label.toUpperCase(), x, y, { width: 250 });
    pdf
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(p.name, x, pdf.y + 2, { width: 250 });
    pdf.font('Helvetica').fontSize(9).text(p.lines.filter(Boolean).join('\n'), x, pdf.y, { width: 250 });
    bottom = Math.max(bottom, pdf.y);
  });
  pdf.y = bottom + 16;
}

function totals(pdf: PDFKit.PDFDocument, rows: DocumentAmount[], currency: string): void {
  ensureRoom(pdf, rows.length * 16 + 10);
  let y = pdf.y + 6;
  rows.forEach((t, i) => {
    const last = i === rows.length - 1;
    pdf
      .font(last ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(last ? 11 : 9.5)
      .fillColor(INK);
    pdf.text(t.label, 330, y, { width: 130, align: 'right' });
    pdf.text(money(t.amount, currency), 462, y, { width: 100, align: 'right' });
    y = pdf.y + 4;
  });
  pdf.y = y + 6;
}

function deposit(pdf: PDFKit.PDFDocument, d: DocumentAmount, currency: string): void {
  ensureRoom(pdf, 40);
  const y = pdf.y;
  pdf
    .rect(330, y, WIDTH - 280, d.note ? 34 : 22)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  pdf
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .fillColor(INK)
    .text(d.label, 338, y + 7, { width: 120 });
  pdf.text(money(d.amount, currency), 462, y + 7, { width: 92, align: 'right' });
  if (d.note)
    pdf
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(d.note, 338, y + 20, { width: 216 });
  pdf.y = y + (d.note ? 34 : 22) + 12;
}

function block(pdf: PDFKit.PDFDocument, title: string, text: string): void {
  ensureRoom(pdf, 40);
  pdf
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(INK)
    .text(title, LEFT, pdf.y + 4, { width: WIDTH });
  pdf
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(GREY)
    .text(text, LEFT, pdf.y + 2, { width: WIDTH });
  pdf.y += 8;
}

function signatures(pdf: PDFKit.PDFDocument, labels: string[]): void {
  ensureRoom(pdf, 60);
  const y = pdf.y + 30;
  labels.forEach((label, i) => {
    const x = LEFT + i * 260;
    pdf
      .moveTo(x, y)
      .lineTo(x + 230, y)
      .lineWidth(0.5)
      .strokeColor(INK)
      .stroke();
    pdf
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(`${label}: signature and date`, x, y + 4, { width: 230 });
  });
  pdf.y = y + 24;
}

function footer(pdf: PDFKit.PDFDocument, doc: RentalDocument): void {
  const range = pdf.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    const text = `${doc.brand.name}  ·  ${doc.title} ${doc.number}  ·  Page ${i + 1} of ${range.count}`;
    // below the bottom margin: keep pdfkit from starting a page for it
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(GREY)
      .text(text, LEFT, BOTTOM + 20, { width: WIDTH, align: 'center' });
    pdf.page.margins.bottom = margin;
  }
}

/** A new page when fewer than `height` points are left above the bottom margin. */
export function ensureRoom(pdf: PDFKit.PDFDocument, height: number): void {
  if (pdf.y + height > BOTTOM) pdf.addPage();
}
