import type { DocumentLine } from './document-model';
import { BOTTOM, GREY, INK, LEFT, money, SHADE, WIDTH } from './pdf-style';

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell(line: DocumentLine, currency: string): string;
}

function columns(taxed: boolean): Column[] {
  const money_ = (k: 'unitPrice' | 'amount' | 'tax') => (l: DocumentLine, c: string) =>
    l[k] === undefined || l[k] === null ? '' : money(l[k], c);
  const fixed: Column[] = [
    { title: 'Qty', width: 40, align: 'right', cell: (l) => String(l.quantity) },
    { title: 'Rate', width: 80, align: 'right', cell: money_('unitPrice') },
    ...(taxed ? [{ title: 'Tax', width: 70, align: 'right' as const, cell: money_('tax') }] : []),
    { title: 'Amount', width: 85, align: 'right', cell: money_('amount') },
  ];
  const rest = fixed.reduce((s, c) => s + c.width, 0);
  return [{ title: 'Description', width: WIDTH - rest, align: 'left', cell: (l) => l.description }, ...fixed];
}

function headerRow(pdf: PDFKit.PDFDocument, cols: Column[]): void {
  const y = pdf.y;
  pdf.rect(LEFT, y, WIDTH, 18).fill(SHADE);
  let x = LEFT;
  pdf.font('Helvetica-Bold').fontSize(8.5).fillColor(INK);
  for (const c of cols) {
    pdf.text(c.title, x + 4, y + 5, { width: c.width - 8, align: c.align, lineBreak: false });
    x += c.width;
  }
  pdf.y = y + 22;
}

function subheading(pdf: PDFKit.PDFDocument, title: string): void {
  pdf
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(GREY)
    .text(title.toUpperCase(), LEFT + 4, pdf.y + 2, { width: WIDTH });
  pdf.y += 2;
}

/** Height of a row: the description (wrapped) and its detail line. */
function rowHeight(pdf: PDFKit.PDFDocument, line: DocumentLine, width: number): number {
  pdf.font('Helvetica').fontSize(9);
  let h = pdf.heightOfString(line.description, { width });
  if (line.detail) h += pdf.fontSize(7.5).heightOfString(line.detail, { width });
  return h + 8;
}

function row(pdf: PDFKit.PDFDocument, cols: Column[], line: DocumentLine, currency: string): void {
  const descWidth = cols[0].width - 8;
  const h = rowHeight(pdf, line, descWidth);
  if (pdf.y + h > BOTTOM) {
    pdf.addPage();
    headerRow(pdf, cols);
  }
  const y = pdf.y;
  let x = LEFT;
  for (const c of cols) {
    pdf
      .font('Helvetica')
      .fontSize(9)
      .fillColor(INK)
      .text(c.cell(line, currency), x + 4, y + 3, {
        width: c.width - 8,
        align: c.align,
      });
    x += c.width;
  }
  if (line.detail)
    pdf
      .fontSize(7.5)
      .fillColor(GREY)
      .text(line.detail, LEFT + 4, y + 3 + pdf.fontSize(9).currentLineHeight(), { width: descWidth });
  pdf.y = y + h;
  pdf
    .moveTo(LEFT, pdf.y)
    .lineTo(LEFT + WIDTH, pdf.y)
    .lineWidth(0.3)
    .strokeColor('#dddddd')
    .stroke();
}

/** The lines, then (under "Charges") the charges and fees, with a header row repeated on each new page. */
export function drawLineTable(
  pdf: PDFKit.PDFDocument,
  lines: DocumentLine[],
  extra: DocumentLine[],
  currency: string,
): void {
  const cols = columns([...lines, ...extra].some((l) => l.tax !== undefined && l.tax !== null));
  headerRow(pdf, cols);
  for (const l of lines) row(pdf, cols, l, currency);
  if (extra.length) {
    subheading(pdf, 'Charges');
    for (const l of extra) row(pdf, cols, l, currency);
  }
  pdf.y += 4;
}
