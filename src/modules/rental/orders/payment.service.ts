import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import { AppError, ErrorCode, FieldError } from '../../../lib/errors';
import { clock } from '../../../lib/clock';
import type { Principal } from '../../../http/principal';
import { Organization } from '../../accounts/organizations/organization.entity';
import { formatMoney } from '../../../lib/money';
import { checkDay } from '../../../lib/calendar-days';
import { organizationToday } from '../../../db/organization-day';
import { Invoice, InvoiceStatus } from './invoice.entity';
import { Payment } from './payment.entity';
import type { PaymentInput, PaymentListArgs } from './invoice.types';
import { InvoiceService, lockInvoice } from './invoice.service';

const LIST: ListSpec<Payment> = {
  searchFields: ['reference'],
  sortable: { paidOn: 'paidOn', amount: 'amount', createdAt: 'createdAt' },
  defaultSort: { field: 'createdAt', order: SortOrder.asc },
  dateField: 'createdAt',
};

/**
 * Payments against invoices. Each one locks its invoice row, so simultaneous payments are applied one
 * after the other against the current balance: together they can never exceed the total.
 */
export class PaymentService {
  constructor(private readonly invoices: InvoiceService) {}

  async list(em: EntityManager, invoiceId: string, args: PaymentListArgs): Promise<Page<Payment>> {
    const invoice = await this.invoices.get(em, invoiceId);
    return listPage(em, Payment, args, LIST, { invoice: invoice.id });
  }

  async record(em: EntityManager, principal: Principal, invoiceId: string, input: PaymentInput): Promise<Payment> {
    const { paidOn, amount } = await paymentFigures(em, principal, input);

    return em.transactional(async (tx) => {
      const invoice = await lockInvoice(tx, invoiceId);
      if (settle(invoice, amount)) this.invoices.emit(tx, invoice, 'invoice.paid', principal);
      const payment = new Payment(tx.getReference(Organization, principal.organizationId), invoice, {
        amount: formatMoney(amount),
        method: input.method,
        paidOn,
      });
      payment.reference = input.reference ?? null;
      tx.persist(payment);
      return payment;
    });
  }
}

/** A payment's day (default the organization's today, a real date) and amount (more than 0), or a 400. */
export async function paymentFigures(
  em: EntityManager,
  principal: Principal,
  input: Pick<PaymentInput, 'paidOn' | 'amount'>,
): Promise<{ paidOn: string; amount: Decimal }> {
  const paidOn = input.paidOn ?? (await organizationToday(em, principal.organizationId));
  const errors: FieldError[] = [];
  checkDay(paidOn, 'paidOn', errors);
  const amount = new Decimal(input.amount);
  if (amount.lte(0)) errors.push({ field: 'amount', message: 'amount must be more than 0' });
  if (errors.length) throw AppError.validation(errors);
  return { paidOn, amount };
}

/**
 * Applies `amount` to a locked invoice (a payment, or a deposit retained for it): a void invoice or more than the
 * balance is a 409; at balance 0 the invoice is paid (true: the caller emits invoice.paid in its transaction).
 */
export function settle(invoice: Invoice, amount: Decimal): boolean {
  if (invoice.storedStatus === InvoiceStatus.void) throw AppError.conflict(`Invoice ${invoice.invoiceNumber} is void`);
  const balance = new Decimal(invoice.balance);
  if (amount.gt(balance)) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `Overpayment refused: the balance of ${invoice.invoiceNumber} is ${formatMoney(balance)} ${invoice.currency}`,
      [{ field: 'amount', message: `must not exceed the balance ${formatMoney(balance)}` }],
    );
  }
  invoice.amountPaid = formatMoney(amount.plus(invoice.amountPaid));
  if (!new Decimal(invoice.amountPaid).eq(invoice.total)) return false;
  Object.assign(invoice, { storedStatus: InvoiceStatus.paid, paidAt: clock.now() });
  return true;
}
