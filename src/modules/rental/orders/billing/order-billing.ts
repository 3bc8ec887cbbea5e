import type { EntityManager } from '@mikro-orm/postgresql';
import type { Customer } from '../../../crm/customers/customer.entity';
import type { InventoryItem } from '../../inventory/inventory-item.entity';
import { Invoice, InvoiceStatus } from '../invoice.entity';
import type { RentalOrder } from '../rental-order.entity';
import type { RentalOrderLine } from '../rental-order-line.entity';
import type { RentalSettings } from '../rental-settings.entity';
import {
  deliveryFees,
  depositFor,
  exemptOn,
  lineTaxRate,
  orderFigures,
  type DeliveryChoice,
  type DepositSettings,
  type OrderFigures,
} from './order-extras';

/** What the desk chooses per order (create and edit); absent: unchanged. */
export interface OrderChoices {
  waiverOptOut?: boolean | null;
  delivery?: boolean | null;
  pickup?: boolean | null;
  deliveryZone?: string | null;
}

const itemOf = (line: RentalOrderLine) => line.item.getEntity() as InventoryItem;

/**
 * The order's totals from its priced lines (each at its own tax rate; a line without one at the order's), its
 * waiver percent and its fees (order-extras.ts, orderFigures). Every re-pricing ends here (desk-support reprice).
 */
export function retotal(order: RentalOrder, lines: RentalOrderLine[]): void {
  const figures = orderFigures(
    lines.map((l) => ({ amount: l.amount, taxRate: l.taxRate ?? order.taxRate })),
    order,
  );
  Object.assign(order, figures);
}

/**
 * A customer "whose intelligence shows overdue invoices", read from the rental module's own invoices (the
 * intelligence module is listed after this one): a sent invoice with a balance past its due date on `today`
 * (invoice.entity.ts, invoiceStatusOn; a sent invoice with no balance is paid).
 */
export async function hasOverdueInvoices(tx: EntityManager, customerId: string, today: string): Promise<boolean> {
  return (
    (await tx.count(Invoice, { customer: customerId, storedStatus: InvoiceStatus.sent, dueDate: { $lt: today } })) > 0
  );
}

/** A priced line as billed: its amount and quantity, its item's tax and deposit terms, and a tax rate it keeps (else priced). */
export interface ChargedLine {
  amount: string;
  quantity: number;
  item: Pick<InventoryItem, 'taxRate' | 'category' | 'depositAmount'>;
  taxRate?: string | null;
}

/** The settings the charges read. */
export type ChargeSettings = DepositSettings &
  Pick<
    RentalSettings,
    'taxRate' | 'categoryTaxRates' | 'waiverPercent' | 'deliveryFee' | 'pickupFee' | 'deliveryZones'
  >;

/** What the lines cost with the charges beyond the rate: the order's figures, each line's tax rate, the deposit. */
export interface Charges extends OrderFigures {
  lineTaxRates: string[];
  waiverPercent: string;
  deposit: string;
  depositRaised: boolean;
}

/**
 * The one computation of the charges beyond the rate (docs/rental.md, "Charges beyond the rate"), for an order
 * (billOrder) and a quote version (quotes/quote-writer.ts) alike: each line's tax rate (kept, or the item's,
 * category's or organization's; 0 when `taxExempt`), the waiver and fees (`extras` kept, else from `choice` and the
 * settings), the figures and the deposit (raised when `overdue`).
 */
export function chargesOf(
  settings: ChargeSettings,
  lines: ChargedLine[],
  terms: {
    taxExempt: boolean;
    choice: DeliveryChoice & { waiverOptOut: boolean };
    extras?: { waiverPercent: string; deliveryFee: string; pickupFee: string };
    overdue: boolean;
  },
): Charges {
  const lineTaxRates = lines.map((l) => l.taxRate ?? lineTaxRate(l.item, settings, terms.taxExempt));
  const extras = terms.extras ?? {
    waiverPercent: terms.choice.waiverOptOut ? '0.000' : settings.waiverPercent,
    ...deliveryFees(settings, terms.choice),
  };
  const figures = orderFigures(
    lines.map((l, i) => ({ amount: l.amount, taxRate: lineTaxRates[i] })),
    extras,
  );
  const { deposit, raised } = depositFor(
    settings,
    lines.map((l) => ({ quantity: l.quantity, depositAmount: l.item.depositAmount })),
    figures.subtotal,
    terms.overdue,
  );
  return { ...figures, lineTaxRates, waiverPercent: extras.waiverPercent, deposit, depositRaised: raised };
}

/** The charges an order or a quote version stores (the line tax rates are written on the lines). */
export function orderCharges(charges: Charges): Omit<Charges, 'lineTaxRates'> {
  const { lineTaxRates: _onTheLines, ...stored } = charges;
  return stored;
}

/** The customer's exemption on `day` (its certificate kept), and the header tax rate it leaves. */
export function exemption(
  customer: Pick<Customer, 'taxExempt' | 'taxExemptCertificate' | 'taxExemptExpiresOn'>,
  day: string,
  taxRate: string,
) {
  const taxExempt = exemptOn(customer, day);
  return {
    taxExempt,
    taxExemptCertificate: taxExempt ? customer.taxExemptCertificate : null,
    taxRate: taxExempt ? '0.000' : taxRate,
  };
}

/**
 * The charges beyond the rate, after the lines are priced (docs/rental.md, "Charges beyond the rate"), computed by
 * chargesOf and written on the order: at reservation (`customer`: its tax exemption on the order date;
 * `newLines`: every line's tax rate; `choices`: the waiver and delivery), on an edit (`choices`, `newLines` when
 * the lines were replaced) and an extension (neither: the deposit and totals only). The waiver percent and the
 * fees are the settings' at the last booking or edit.
 */
export async function billOrder(
  tx: EntityManager,
  order: RentalOrder,
  lines: RentalOrderLine[],
  settings: RentalSettings,
  opts: { today: string; customer?: Customer; newLines?: boolean; choices?: OrderChoices },
): Promise<void> {
  if (opts.customer) Object.assign(order, exemption(opts.customer, order.orderDate, order.taxRate));
  const choices = opts.choices;
  if (choices) {
    for (const key of ['waiverOptOut', 'delivery', 'pickup'] as const)
      if (choices[key] !== undefined && choices[key] !== null) order[key] = choices[key];
    if (choices.deliveryZone !== undefined) order.deliveryZone = choices.deliveryZone?.trim() || null;
  }
  const charges = chargesOf(
    settings,
    lines.map((l) => ({
      amount: l.amount,
      quantity: l.quantity,
      item: itemOf(l),
      taxRate: opts.newLines ? null : (l.taxRate ?? order.taxRate),
    })),
    {
      taxExempt: order.taxExempt,
      choice: order,
      extras: choices ? undefined : order,
      overdue: await hasOverdueInvoices(tx, order.customer.id, opts.today),
    },
  );
  if (opts.newLines) lines.forEach((line, i) => (line.taxRate = charges.lineTaxRates[i]));
  Object.assign(order, orderCharges(charges));
}
