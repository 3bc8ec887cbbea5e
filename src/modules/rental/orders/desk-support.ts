import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import { AppError } from '../../../lib/errors';
import { clock } from '../../../lib/clock';
import { daysInclusive } from '../../../lib/calendar-days';
import { formatMoney } from '../../../lib/money';
import { findOr404 } from '../../../db/find-or-404';
import type { EventEmitter } from '../../../events/event-emitter';
import type { EventKind } from '../../../events/event-kinds';
import type { Principal } from '../../../http/principal';
import { User } from '../../accounts/users/user.entity';
import { InventoryItem } from '../inventory/inventory-item.entity';
import { RentalFulfillment, RentalOrder, RentalOrderStatus } from './rental-order.entity';
import { RentalOrderLine } from './rental-order-line.entity';
import { RentalOrderMove } from './rental-order-move.entity';
import { RentalReturn, ReturnKind } from './rental-return.entity';
import { bookedContext, linePrice } from './pricing';
import { retotal } from './billing/order-billing';
import type { RentalOrderChange } from './rental-desk.types';

/** The order row locked for the rest of the transaction (every move on an order starts here), pending only. */
export async function lockPendingOrder(tx: EntityManager, id: string, action: string): Promise<RentalOrder> {
  const order = await findOr404(tx, RentalOrder, id, 'Transaction', { lock: true });
  if (order.status !== RentalOrderStatus.pending)
    throw AppError.conflict(`Transaction is ${order.status} (${order.fulfillment}); it cannot be ${action}`);
  return order;
}

export function linesOf(tx: EntityManager, order: RentalOrder): Promise<RentalOrderLine[]> {
  return tx.find(RentalOrderLine, { order: order.id }, { orderBy: { position: 'asc' }, populate: ['item'] });
}

/** The line named by a body field, or 404 naming the field (a line of another order is not found). */
export function lineById(lines: RentalOrderLine[], lineId: string, field: string): RentalOrderLine {
  const line = lines.find((l) => l.id === lineId);
  if (!line)
    throw new AppError(AppError.notFound().code, `${field} does not name a line of this transaction`, [
      { field, message: 'not found' },
    ]);
  return line;
}

/** The detailed state from the lines: nothing out, some lines out, all out, some back, all back. */
export function fulfillmentOf(lines: RentalOrderLine[]): RentalFulfillment {
  const out = lines.filter((l) => l.quantityOut > 0).length;
  const returned = lines.reduce((n, l) => n + l.quantityReturned, 0);
  const all = lines.reduce((n, l) => n + l.quantity, 0);
  if (out === 0) return RentalFulfillment.reserved;
  if (returned === all && out === lines.length) return RentalFulfillment.returned;
  if (returned > 0) return RentalFulfillment.partially_returned;
  return out === lines.length ? RentalFulfillment.out : RentalFulfillment.partially_out;
}

/**
 * Re-prices every line with the quote engine for what it kept and what came back early (docs/rental.md,
 * "Re-pricing"), then the order's subtotal, waiver, tax (each line's rate) and total (billing/order-billing.ts,
 * retotal). Answers the total before.
 */
export async function reprice(tx: EntityManager, order: RentalOrder, lines: RentalOrderLine[]): Promise<string> {
  const before = order.total;
  const returns = await tx.find(RentalReturn, { order: order.id, kind: ReturnKind.return });
  for (const line of lines) {
    line.days = order.rentalDays;
    const back = returns
      .filter((r) => r.line.id === line.id)
      .map((r) => ({ quantity: r.quantity, days: returnDays(order, r.returnedOn) }));
    // with the rules the line was priced with, never today's (docs/rental.md, "Pricing rules")
    const rules = bookedContext(order.pickupDate, line.pricingRules);
    const { price, amount } = linePrice(line.item.getEntity() as InventoryItem, line, back, rules);
    const { billedDays, lines: breakdown, unitPrice, discounts, minimum } = price;
    Object.assign(line, { billedDays, breakdown, unitPrice, amount, discounts, minimum });
  }
  retotal(order, lines);
  return before;
}

/** Days billed for units returned on `day`: pickup through that day, at least 1, at most the rental. */
export function returnDays(order: RentalOrder, day: string): number {
  const end = day > order.returnDate ? order.returnDate : day < order.pickupDate ? order.pickupDate : day;
  return daysInclusive(order.pickupDate, end);
}

export function change(order: RentalOrder, previousTotal: string): RentalOrderChange {
  return {
    transaction: order,
    previousTotal,
    total: order.total,
    difference: formatMoney(new Decimal(order.total).minus(previousTotal)),
  };
}

/** Who made a move: a member (a principal), or the service itself (userId null: the overdue job). */
export type MoveActor = Pick<Principal, 'organizationId'> & { userId: string | null };

/** Records a move: the outbox event and the order's history line (the customer's timeline). */
export class MoveRecorder {
  constructor(private readonly events: EventEmitter) {}

  record(
    tx: EntityManager,
    principal: MoveActor,
    order: RentalOrder,
    move: { kind: string; event: EventKind; title: string; detail?: string; data?: Record<string, unknown> },
  ): void {
    const row = new RentalOrderMove();
    Object.assign(row, {
      organization: order.organization,
      order: tx.getReference(RentalOrder, order.id, { wrapped: true }),
      customerId: order.customer.id,
      kind: move.kind,
      occurredAt: clock.now(),
      title: move.title,
      detail: move.detail ?? null,
      user: principal.userId ? tx.getReference(User, principal.userId, { wrapped: true }) : null,
    });
    tx.persist(row);
    this.emit(tx, principal, order, move.event, move.data);
  }

  /** The outbox event of a move: the order's state after it, and what the move adds. */
  emit(
    tx: EntityManager,
    principal: MoveActor,
    order: RentalOrder,
    event: EventKind,
    data?: Record<string, unknown>,
  ): void {
    this.events.emit(tx, principal.organizationId, event, {
      id: order.id,
      customerId: order.customer.id,
      status: order.status,
      fulfillment: order.fulfillment,
      pickupDate: order.pickupDate,
      returnDate: order.returnDate,
      total: order.total,
      changedBy: principal.userId,
      ...data,
    });
  }
}
