import Decimal from 'decimal.js';
import { addDays, daysInclusive } from '../lib/calendar-days';
import { formatMoney } from '../lib/money';
import { Invoice, InvoiceStatus } from '../modules/rental/orders/invoice.entity';
import { DEFAULT_PAYMENT_TERM_DAYS } from '../modules/rental/orders/invoice.types';
import { billCharges } from '../modules/rental/orders/invoice-lines';
import { ChargeStatus } from '../modules/rental/orders/order-charge.entity';
import { Payment, PaymentMethod } from '../modules/rental/orders/payment.entity';
import { RentalOrder, RentalOrderStatus } from '../modules/rental/orders/rental-order.entity';
import { at, DemoContext, place } from './demo-context';

interface Draft {
  order: RentalOrder;
  issueDate: string;
  voided?: boolean;
}

const METHODS = [
  PaymentMethod.card,
  PaymentMethod.card,
  PaymentMethod.bank_transfer,
  PaymentMethod.check,
  PaymentMethod.cash,
];

const unbilled = (ctx: DemoContext, order: RentalOrder) =>
  ctx.data.charges.filter((c) => c.order.id === order.id && c.status === ChargeStatus.approved && !c.invoice);

/**
 * Billing: an invoice for every completed order (issued the day after the return, due in 30 days) and
 * drafts for long rentals under way, numbered 1, 2, 3... by issue date like the invoice sequence does.
 * Most are paid (some in two payments), some partly paid, some sent and unpaid: overdue once past due.
 * Three orders had an invoice voided and issued again.
 */
export function seedBilling(ctx: DemoContext): void {
  const { rng, data } = ctx;
  const drafts: Draft[] = [];
  for (const order of data.orders) {
    if (order.status === RentalOrderStatus.completed) {
      const issueDate = addDays(order.returnDate, 1) > ctx.today ? ctx.today : addDays(order.returnDate, 1);
      if (drafts.filter((d) => d.voided).length < 3 && rng.chance(0.02))
        drafts.push({ order, issueDate, voided: true });
      drafts.push({ order, issueDate });
    } else if (order.status === RentalOrderStatus.pending && order.pickupDate <= ctx.today && order.rentalDays >= 14) {
      drafts.push({ order, issueDate: order.pickupDate });
    }
  }
  drafts.sort((a, b) =>
    a.issueDate === b.issueDate
      ? Number(Boolean(b.voided)) - Number(Boolean(a.voided))
      : a.issueDate < b.issueDate
        ? -1
        : 1,
  );

  let payments = 0;
  drafts.forEach((d, i) => {
    const number = i + 1;
    const invoice = new Invoice(ctx.org, d.order, d.order.customer.getEntity(), {
      number,
      issueDate: d.issueDate,
      dueDate: addDays(d.issueDate, DEFAULT_PAYMENT_TERM_DAYS),
    });
    // the order's approved charges go on its (last) invoice, as createInvoice bills them
    if (!d.voided) billCharges(invoice, d.order, unbilled(ctx, d.order));
    place(ctx, invoice, 'invoice', number, at(ctx, d.issueDate, 9));
    data.invoices.push(invoice);
    if (d.order.status === RentalOrderStatus.pending) return; // a draft for a rental under way
    const age = daysInclusive(d.issueDate, ctx.today) - 1;
    if (d.voided)
      return void Object.assign(invoice, { storedStatus: InvoiceStatus.void, voidedAt: at(ctx, d.issueDate, 15) });
    if (age <= 3 && rng.chance(0.5)) return; // not sent yet
    Object.assign(invoice, { storedStatus: InvoiceStatus.sent, sentAt: at(ctx, d.issueDate, 10) });
    const pastDue = age > DEFAULT_PAYMENT_TERM_DAYS;
    const r = rng.next();
    const paid = pastDue
      ? r < 0.88
        ? 'all'
        : r < 0.92
          ? 'part'
          : 'none'
      : r < 0.45
        ? 'all'
        : r < 0.6
          ? 'part'
          : 'none';
    if (paid === 'none' || age === 0) return;
    const total = new Decimal(invoice.total);
    const amounts =
      paid === 'part'
        ? [total.times(0.4)]
        : rng.chance(0.25)
          ? [total.times(0.5), total.minus(total.times(0.5).toDecimalPlaces(2))]
          : [total];
    let paidOn = d.issueDate;
    for (const amount of amounts) {
      paidOn = addDays(paidOn, rng.int(1, Math.max(1, Math.min(age, pastDue ? 40 : age))));
      if (paidOn > ctx.today) paidOn = ctx.today;
      const payment = new Payment(ctx.org, invoice, {
        amount: formatMoney(amount.toDecimalPlaces(2)),
        method: rng.pick(METHODS),
        paidOn,
      });
      payment.reference =
        payment.method === PaymentMethod.check
          ? `CHK ${rng.int(1000, 9999)}`
          : payment.method === PaymentMethod.cash
            ? null
            : `TX-${rng.int(100000, 999999)}`;
      place(ctx, payment, 'payment', payments++, at(ctx, paidOn, 14));
      invoice.amountPaid = formatMoney(new Decimal(invoice.amountPaid).plus(payment.amount));
    }
    if (new Decimal(invoice.amountPaid).eq(invoice.total))
      Object.assign(invoice, { storedStatus: InvoiceStatus.paid, paidAt: at(ctx, paidOn, 14) });
  });
}

/** After the flush (it references the organization): the invoice counter continues after the seeded numbers (invoice-number.ts). */
export async function seedInvoiceSequence(ctx: DemoContext): Promise<void> {
  const last = Math.max(0, ...ctx.data.invoices.map((i) => i.number));
  await ctx.em.execute(
    'insert into invoice_sequences (organization_id, last_number) values (?, ?)',
    [ctx.org.id, last],
    'run',
  );
}
