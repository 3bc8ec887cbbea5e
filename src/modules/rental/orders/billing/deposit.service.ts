import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode } from '../../../../lib/errors';
import { formatMoney } from '../../../../lib/money';
import { findOr404 } from '../../../../db/find-or-404';
import type { Principal } from '../../../../http/principal';
import { Organization } from '../../../accounts/organizations/organization.entity';
import { Invoice, InvoiceStatus } from '../invoice.entity';
import { type InvoiceService, lockInvoice } from '../invoice.service';
import { Payment, PaymentKind } from '../payment.entity';
import { paymentFigures, settle } from '../payment.service';
import { RentalOrder, RentalOrderStatus } from '../rental-order.entity';
import { DEPOSIT_KINDS, DepositPaymentInput } from './deposit.types';

const tooMuch = (what: string, limit: string) =>
  new AppError(ErrorCode.CONFLICT, `The amount is more than the ${what} (${limit})`, [
    { field: 'amount', message: `must not exceed the ${what} ${limit}` },
  ]);

/**
 * An order's deposit money (docs/rental.md, "Deposits"): collected (up to what is due), refunded or retained (up to
 * what is held); a retention pays the order's live invoice (as a payment of it). Each one locks the order row, then
 * the invoice, so simultaneous deposit payments are applied one after the other.
 */
export class DepositService {
  constructor(private readonly invoices: InvoiceService) {}

  async list(em: EntityManager, orderId: string): Promise<Payment[]> {
    const order = await findOr404(em, RentalOrder, orderId, 'Transaction');
    return em.find(
      Payment,
      { order: order.id, kind: { $in: DEPOSIT_KINDS } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
  }

  async record(em: EntityManager, principal: Principal, orderId: string, input: DepositPaymentInput): Promise<Payment> {
    const { paidOn, amount } = await paymentFigures(em, principal, input);

    return em.transactional(async (tx) => {
      const order = await findOr404(tx, RentalOrder, orderId, 'Transaction', { lock: true });
      let invoice: Invoice | null = null;
      if (input.kind === PaymentKind.deposit) {
        if (order.status === RentalOrderStatus.cancelled)
          throw AppError.conflict('The transaction is cancelled: no deposit is collected');
        if (amount.gt(order.depositDue)) throw tooMuch('deposit due', order.depositDue);
        order.depositCollected = formatMoney(amount.plus(order.depositCollected));
      } else {
        if (amount.gt(order.depositHeld)) throw tooMuch('deposit held', order.depositHeld);
        if (input.kind === PaymentKind.deposit_retention) {
          invoice = await this.liveInvoice(tx, order);
          if (settle(invoice, amount)) this.invoices.emit(tx, invoice, 'invoice.paid', principal);
          order.depositRetained = formatMoney(amount.plus(order.depositRetained));
        } else order.depositRefunded = formatMoney(amount.plus(order.depositRefunded));
      }
      const payment = new Payment(tx.getReference(Organization, principal.organizationId), invoice, {
        amount: formatMoney(amount),
        method: input.method,
        paidOn,
        order,
        kind: input.kind,
      });
      payment.reference = input.reference ?? null;
      tx.persist(payment);
      return payment;
    });
  }

  /** The order's live (not void) invoice, locked: a retention pays it; none is a 409. */
  private async liveInvoice(tx: EntityManager, order: RentalOrder): Promise<Invoice> {
    const live = await tx.findOne(Invoice, { order: order.id, storedStatus: { $ne: InvoiceStatus.void } });
    if (!live)
      throw new AppError(ErrorCode.CONFLICT, 'The transaction has no invoice: invoice it first, then retain', [
        { field: 'kind', message: 'deposit_retention pays the transaction’s invoice' },
      ]);
    return lockInvoice(tx, live.id);
  }
}
