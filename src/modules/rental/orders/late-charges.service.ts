import type { EntityManager } from '@mikro-orm/postgresql';
import { findOr404 } from '../../../db/find-or-404';
import { RentalOrder } from './rental-order.entity';
import type { RentalSettingsService } from './rental-settings.service';
import { computeLateCharges, latePolicy } from './order-charges';
import { daysLate, lateChargesTotal } from './late-charges';
import { isOverdue } from './overdue';
import type { TransactionLateCharges } from './late-charges.types';

/** The late charges an order owes on the organization's today (docs/rental.md, "Overdue and late charges"). */
export class LateChargeService {
  constructor(private readonly settings: RentalSettingsService) {}

  async preview(em: EntityManager, organizationId: string, id: string, today: string): Promise<TransactionLateCharges> {
    return this.forOrder(em, organizationId, await findOr404(em, RentalOrder, id, 'Transaction'), today);
  }

  async forOrder(
    em: EntityManager,
    organizationId: string,
    order: RentalOrder,
    today: string,
  ): Promise<TransactionLateCharges> {
    const policy = latePolicy(await this.settings.get(em, organizationId));
    const lines = await computeLateCharges(em, order, today, policy);
    return {
      transactionId: order.id,
      asOf: today,
      returnDate: order.returnDate,
      overdue: isOverdue(order, today),
      daysLate: isOverdue(order, today) ? daysLate(order.returnDate, today) : 0,
      enabled: policy.enabled,
      graceDays: policy.graceDays,
      lines,
      total: lateChargesTotal(lines),
    };
  }
}
