import Decimal from 'decimal.js';
import { formatMoney } from '../lib/money';
import { InvoiceStatus, invoiceStatusOn } from '../modules/rental/orders/invoice.entity';
import { Payment, PaymentKind, PaymentMethod } from '../modules/rental/orders/payment.entity';
import { RentalFulfillment, RentalOrder, RentalOrderStatus } from '../modules/rental/orders/rental-order.entity';
import { DepositPolicy } from '../modules/rental/orders/rental-settings.entity';
import { at, DemoContext, place } from './demo-context';

/** The demo's charges policy (docs/rental.md, section 4e): a 20 % deposit, raised by half for late payers, a 10 % waiver, zones. */
export const CHARGES_SETTINGS = {
  depositPolicy: DepositPolicy.percent,
  depositPercent: '20.000',
  depositOverdueRaisePercent: '50.000',
  waiverPercent: '10.000',
  deliveryFee: '95.00',
  pickupFee: '95.00',
  deliveryZones: [
    { name: 'Central Austin', deliveryFee: '85.00', pickupFee: '85.00' },
    { name: 'Round Rock', deliveryFee: '140.00', pickupFee: '140.00' },
    { name: 'San Marcos', deliveryFee: '165.00', pickupFee: '165.00' },
  ],
  categoryTaxRates: [],
};

const DEPOSIT_SHARE = new Decimal('0.20');

/**
 * Deposits and credit, as the desk would have left them (docs/rental.md, section 4e): every order out today holds a
 * 20 % deposit collected at pickup (card); the last twenty returned orders had theirs collected at pickup and refunded
 * on the return day. The customer with the most overdue invoices is on hold, the five biggest accounts have a credit
 * limit of twice their lifetime value (rounded up to 5,000), and one customer (a school district) is tax-exempt.
 * Runs after billing: it changes no invoice.
 */
export function seedDepositsAndCredit(ctx: DemoContext): void {
  const { data } = ctx;
  let n = 0;
  const pay = (order: RentalOrder, kind: PaymentKind, amount: string, paidOn: string) => {
    const payment = new Payment(ctx.org, null, { amount, method: PaymentMethod.card, paidOn, order, kind });
    payment.reference = `DEP-${String(n + 1).padStart(4, '0')}`;
    place(ctx, payment, 'deposit-payment', n++, at(ctx, paidOn, kind === PaymentKind.deposit ? 8 : 16));
  };
  const deposit = (order: RentalOrder) => {
    order.deposit = formatMoney(new Decimal(order.subtotal).times(DEPOSIT_SHARE));
    order.depositCollected = order.deposit;
    pay(order, PaymentKind.deposit, order.deposit, order.pickupDate);
  };
  const out = data.orders.filter(
    (o) => o.status === RentalOrderStatus.pending && o.fulfillment !== RentalFulfillment.reserved,
  );
  out.forEach(deposit);
  const returned = data.orders
    .filter((o) => o.status === RentalOrderStatus.completed && o.returnDate <= ctx.today)
    .sort((a, b) => (a.returnDate < b.returnDate ? 1 : -1))
    .slice(0, 20);
  for (const order of returned) {
    deposit(order);
    order.depositRefunded = order.deposit;
    pay(order, PaymentKind.deposit_refund, order.deposit, order.returnDate);
  }

  const overdue = new Map<string, number>();
  for (const invoice of data.invoices)
    if (invoiceStatusOn(invoice, ctx.today) === InvoiceStatus.overdue)
      overdue.set(invoice.customer.id, (overdue.get(invoice.customer.id) ?? 0) + 1);
  const [heldId, count] = [...overdue].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] ?? [];
  const held = data.customers.find((c) => c.id === heldId);
  if (held)
    Object.assign(held, {
      accountHold: true,
      accountHoldReason: `${count} invoices past due; collections call scheduled`,
    });
  const biggest = [...data.customers]
    .filter((c) => c !== held)
    .sort((a, b) => new Decimal(b.lifetimeOrderValue).comparedTo(a.lifetimeOrderValue))
    .slice(0, 5);
  for (const c of biggest)
    c.creditLimit = formatMoney(new Decimal(c.lifetimeOrderValue).times(2).dividedBy(5000).ceil().times(5000));
  const exempt = data.customers.find((c) => c !== held && !biggest.includes(c));
  if (exempt)
    Object.assign(exempt, {
      taxExempt: true,
      taxExemptCertificate: 'TX-01-339-2026',
      taxExemptExpiresOn: `${Number(ctx.today.slice(0, 4)) + 1}-12-31`,
    });
}
