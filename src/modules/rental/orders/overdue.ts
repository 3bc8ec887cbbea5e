import type { FilterQuery } from '@mikro-orm/core';
import { RentalFulfillment, RentalOrder, RentalOrderStatus } from './rental-order.entity';

/** Fulfillments with units out: an order in one of them past its return date is overdue. */
export const OUT_FULFILLMENTS = [
  RentalFulfillment.partially_out,
  RentalFulfillment.out,
  RentalFulfillment.partially_returned,
];

/**
 * Overdue (docs/rental.md, "Overdue and late charges"): pending, units out and not all back, and its return date
 * before the organization's today (the return day is a rental day: the units may come back during it).
 */
export function isOverdue(order: Pick<RentalOrder, 'status' | 'fulfillment' | 'returnDate'>, today: string): boolean {
  return (
    order.status === RentalOrderStatus.pending &&
    OUT_FULFILLMENTS.includes(order.fulfillment) &&
    order.returnDate < today
  );
}

/** The list filter `overdue`: true, the overdue orders; false, every other one. */
export function overdueFilter(overdue: boolean, today: string): FilterQuery<RentalOrder> {
  const late = {
    status: RentalOrderStatus.pending,
    fulfillment: { $in: OUT_FULFILLMENTS },
    returnDate: { $lt: today },
  };
  return overdue ? late : { $not: late };
}
