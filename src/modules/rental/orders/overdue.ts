import type { FilterQuery } from '@mikro-orm/core';
import pg from 'pg';
import { beforeOrganizationToday } from '../../../db/organization-day';
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

/**
 * `isOverdue` in SQL over an order's row `r` (an export's lines, rental-order.cells.ts): its JSON text, `true` or
 * `false`, on the organization's today as PostgreSQL takes it (`beforeOrganizationToday`); null where that today
 * could differ from JavaScript's (the row is then written in JavaScript).
 */
export function overdueSql(): string {
  const out = OUT_FULFILLMENTS.map((f) => pg.escapeLiteral(f)).join(', ');
  return (
    `case when r.status <> ${pg.escapeLiteral(RentalOrderStatus.pending)} or r.fulfillment not in (${out}) ` +
    `then 'false' else case ${beforeOrganizationToday('r.return_date', 'r.organization_id')} ` +
    `when true then 'true' when false then 'false' end end`
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
