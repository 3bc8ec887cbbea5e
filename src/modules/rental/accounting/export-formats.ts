import { InvoiceLineKind } from '../orders/invoice-line.types';
import { PaymentMethod } from '../orders/payment.entity';
import { AccountingDateFormat, AccountingExportKind, AccountingFormat } from './accounting-export.entity';
import { ExportInvoice, ExportPayment, fileDay, safeText } from './export-records';

/** What the bookkeeper's import maps each line to (docs/rental.md, "Accounting export"). */
export const PRODUCT_OF_KIND: Record<InvoiceLineKind, string> = {
  [InvoiceLineKind.rental]: 'Equipment rental',
  [InvoiceLineKind.waiver]: 'Damage waiver',
  [InvoiceLineKind.delivery]: 'Delivery',
  [InvoiceLineKind.pickup]: 'Pickup',
  [InvoiceLineKind.damage]: 'Damage charge',
  [InvoiceLineKind.late]: 'Late return charge',
  [InvoiceLineKind.fuel]: 'Fuel charge',
  [InvoiceLineKind.cleaning]: 'Cleaning charge',
  [InvoiceLineKind.other]: 'Other charge',
};

/** The settings of a file beside its records. */
export interface FileOptions {
  dateFormat: AccountingDateFormat;
  /** Xero: the revenue account code of every line (Xero's default chart: 200 Sales). */
  accountCode: string;
  /** The tax code or rate name of a taxed line (QuickBooks: TAX; Xero: the tax rate's display name). */
  taxCode: string;
  /** The tax code or rate name of an untaxed line (QuickBooks: NON; Xero: Tax Exempt). */
  noTaxCode: string;
}

type Row = (string | number)[];

export interface InvoiceFormat {
  columns: string[];
  invoiceRows(invoice: ExportInvoice, o: FileOptions): Row[];
}

export interface PaymentFormat {
  columns: string[];
  paymentRow(payment: ExportPayment, o: FileOptions): Row;
}

const netDays = (inv: ExportInvoice) => Math.round((Date.parse(inv.dueDate) - Date.parse(inv.issueDate)) / 86_400_000);

const paymentText = (p: ExportPayment) =>
  safeText(`Payment ${p.invoiceNumber} ${p.customerName} (${p.method}${p.reference ? ` ${p.reference}` : ''})`);

/**
 * The columns of each service's documented import (sources in docs/rental.md, "Accounting export"): QuickBooks
 * Online's invoice import and its bank-transactions upload (3 columns), Xero's sales invoice template and its bank
 * statement template. Money is a plain decimal with two places (no symbol, no thousands separator).
 */
export const FILE_FORMATS: Record<
  AccountingFormat,
  { [AccountingExportKind.invoices]: InvoiceFormat; [AccountingExportKind.payments]: PaymentFormat }
> = {
  [AccountingFormat.quickbooks]: {
    [AccountingExportKind.invoices]: {
      columns: [
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
      ],
      invoiceRows: (inv, o) =>
        inv.lines.map((l) => [
          inv.number,
          safeText(inv.customer.name),
          fileDay(inv.issueDate, o.dateFormat),
          fileDay(inv.dueDate, o.dateFormat),
          `Net ${netDays(inv)}`,
          `Rental ${inv.pickupDate} to ${inv.returnDate}`,
          PRODUCT_OF_KIND[l.kind],
          safeText(l.description),
          l.quantity,
          l.unitPrice,
          l.amount,
          l.taxable ? o.taxCode : o.noTaxCode,
          l.lineTax,
          inv.currency,
          fileDay(inv.pickupDate, o.dateFormat),
        ]),
    },
    [AccountingExportKind.payments]: {
      columns: ['Date', 'Description', 'Amount'],
      paymentRow: (p, o) => [fileDay(p.paidOn, o.dateFormat), paymentText(p), p.amount],
    },
  },
  [AccountingFormat.xero]: {
    [AccountingExportKind.invoices]: {
      columns: [
        '*ContactName',
        'EmailAddress',
        'POAddressLine1',
        'POAddressLine2',
        'POAddressLine3',
        'POAddressLine4',
        'POCity',
        'PORegion',
        'POPostalCode',
        'POCountry',
        '*InvoiceNumber',
        'Reference',
        '*InvoiceDate',
        '*DueDate',
        'InventoryItemCode',
        '*Description',
        '*Quantity',
        '*UnitAmount',
        'Discount',
        '*AccountCode',
        '*TaxType',
        'TaxAmount',
        'TrackingName1',
        'TrackingOption1',
        'TrackingName2',
        'TrackingOption2',
        'Currency',
        'BrandingTheme',
      ],
      invoiceRows: (inv, o) =>
        inv.lines.map((l) => [
          safeText(inv.customer.name),
          inv.customer.email ?? '',
          safeText(inv.customer.street),
          '',
          '',
          '',
          safeText(inv.customer.city),
          safeText(inv.customer.region),
          safeText(inv.customer.postalCode),
          '',
          inv.number,
          `Rental ${inv.pickupDate} to ${inv.returnDate}`,
          fileDay(inv.issueDate, o.dateFormat),
          fileDay(inv.dueDate, o.dateFormat),
          '',
          safeText(`${PRODUCT_OF_KIND[l.kind]}: ${l.description}`),
          l.quantity,
          l.unitPrice,
          '',
          o.accountCode,
          l.taxable ? o.taxCode : o.noTaxCode,
          l.lineTax,
          '',
          '',
          '',
          '',
          inv.currency,
          '',
        ]),
    },
    [AccountingExportKind.payments]: {
      columns: ['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Cheque Number'],
      paymentRow: (p, o) => [
        fileDay(p.paidOn, o.dateFormat),
        p.amount,
        safeText(p.customerName),
        paymentText(p),
        p.invoiceNumber,
        p.method === PaymentMethod.check ? safeText(p.reference) : '',
      ],
    },
  },
};

/** Defaults of the options a request leaves out, per format. */
export const DEFAULTS: Record<AccountingFormat, FileOptions> = {
  [AccountingFormat.quickbooks]: {
    dateFormat: AccountingDateFormat.MDY,
    accountCode: '',
    taxCode: 'TAX',
    noTaxCode: 'NON',
  },
  [AccountingFormat.xero]: {
    dateFormat: AccountingDateFormat.DMY,
    accountCode: '200',
    taxCode: 'Tax on Sales',
    noTaxCode: 'Tax Exempt',
  },
};
