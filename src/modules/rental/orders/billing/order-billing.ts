import type { EntityManager } from '@mikro-orm/postgresql';
import type { Customer } from '../../../crm/customers/customer.entity';
import type { InventoryItem } from '../../inventory/inventory-item.entity';
import { Invoice, InvoiceStatus } from '../invoice.entity';
import type { RentalOrder } from '../rental-order.entity';
import type { RentalOrderLine } from '../rental-order-line.entity';
import type { RentalSettings } from '../rental-settings.entity';
import { deliveryFees, depositFor, exemptOn, lineTaxRate, orderFigures } from './order-extras';

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

/**
 * The charges beyond the rate, after the lines are priced (docs/rental.md, "Charges beyond the rate"): at
 * reservation (`customer`: its tax exemption on the order date; `newLines`: every line's tax rate; `choices`: the
 * waiver and delivery), on an edit (`choices`, `newLines` when the lines were replaced) and an extension (neither:
 * the deposit and totals only). The waiver percent and the fees are the settings' at the last booking or edit.
 */
export async function billOrder(
  tx: EntityManager,
  order: RentalOrder,
  lines: RentalOrderLine[],
  settings: RentalSettings,
  opts: { today: string; customer?: Customer; newLines?: boolean; choices?: OrderChoices },
): Promise<void> {
  if (opts.customer) {
    order.taxExempt = exemptOn(opts.customer, order.orderDate);
    order.taxExemptCertificate = order.taxExempt ? opts.customer.taxExemptCertificate : null;
    if (order.taxExempt) order.taxRate = '0.000';
  }
  if (opts.newLines) for (const line of lines) line.taxRate = lineTaxRate(itemOf(line), settings, order.taxExempt);
  const choices = opts.choices;
  if (choices) {
    for (const key of ['waiverOptOut', 'delivery', 'pickup'] as const)
      if (choices[key] !== undefined && choices[key] !== null) order[key] = choices[key];
    if (choices.deliveryZone !== undefined) order.deliveryZone = choices.deliveryZone?.trim() || null;
    order.waiverPercent = order.waiverOptOut ? '0.000' : settings.waiverPercent;
    Object.assign(order, deliveryFees(settings, order));
  }
  retotal(order, lines);
  const overdue = await hasOverdueInvoices(tx, order.customer.id, opts.today);
  const { deposit, raised } = depositFor(
    settings,
    lines.map((l) => ({ quantity: l.quantity, depositAmount: itemOf(l).depositAmount })),
    order.subtotal,
    overdue,
  );
  Object.assign(order, { deposit, depositRaised: raised });
}
