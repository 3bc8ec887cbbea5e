import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode } from '../../../lib/errors';
import { findOr404 } from '../../../db/find-or-404';
import { formatMoney } from '../../../lib/money';
import { InventoryUnit } from '../inventory/inventory-unit.entity';
import { ChargeKind, ChargeStatus, OrderCharge } from './order-charge.entity';
import { RentalOrder } from './rental-order.entity';
import type { OrderChargeUpdateInput } from './order-charge.types';

export interface DraftCharge {
  kind: ChargeKind;
  description: string;
  /** Decimal string; absent: 0.00, to be priced. */
  amount?: string | null;
  days?: number | null;
  quantity?: number | null;
  unit?: InventoryUnit | null;
}

/** Adds a draft charge to an order inside the caller's transaction (check-in damage, the overdue job's late days). */
export function addDraftCharge(tx: EntityManager, order: RentalOrder, charge: DraftCharge): OrderCharge {
  const row = new OrderCharge(order, {
    kind: charge.kind,
    description: charge.description.slice(0, 500),
    amount: formatMoney(charge.amount ?? '0'),
  });
  row.days = charge.days ?? null;
  row.quantity = charge.quantity ?? null;
  if (charge.unit) row.unit = tx.getReference(InventoryUnit, charge.unit.id, { wrapped: true });
  tx.persist(row);
  return row;
}

/** An order's charges: listed, and a draft priced, approved or voided (approved and void are final). */
export class OrderChargeService {
  async list(em: EntityManager, orderId: string): Promise<OrderCharge[]> {
    const order = await findOr404(em, RentalOrder, orderId, 'Transaction');
    return em.find(OrderCharge, { order: order.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  update(em: EntityManager, orderId: string, id: string, input: OrderChargeUpdateInput): Promise<OrderCharge> {
    return em.transactional(async (tx) => {
      const charge = await findOr404(tx, OrderCharge, id, 'Charge', { lock: true });
      if (charge.order.id !== orderId) throw AppError.notFound('Charge');
      if (charge.status !== ChargeStatus.draft)
        throw new AppError(ErrorCode.CONFLICT, `The charge is ${charge.status}; only a draft changes`, [
          { field: 'status', message: `${charge.status} is final` },
        ]);
      if (input.amount !== undefined && input.amount !== null) charge.amount = formatMoney(input.amount);
      if (input.description !== undefined && input.description !== null) charge.description = input.description;
      if (input.status !== undefined && input.status !== null) charge.status = input.status;
      return charge;
    });
  }
}
