import type { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import { AppError, FieldError } from '../../../lib/errors';
import { clock } from '../../../lib/clock';
import type { Principal } from '../../../http/principal';
import { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Customer } from '../../crm/customers/customer.entity';
import { findOr404, referenced } from '../../../db/find-or-404';
import { checkDay, dayRange, daysInclusive } from '../../../lib/calendar-days';
import { organizationToday } from '../../../db/organization-day';
import { dayRangeFilter } from '../../../db/day-range';
import { MAX_RENTAL_DAYS } from '../inventory/quote.types';
import { RentalFulfillment, RentalOrder, RentalOrderStatus } from './rental-order.entity';
import type { MoveRecorder } from './desk-support';
import { RentalOrderLine } from './rental-order-line.entity';
import type { RentalOrderInput, RentalOrderListArgs } from './rental-order.types';
import type { RentalSettingsService } from './rental-settings.service';
import { lockAndCheck } from './booking';
import { overdueFilter } from './overdue';
import { priceLine } from './pricing';
import { activeRules, pricingContext } from '../inventory/pricing-rule.service';
import { addToLifetimeValue } from './lifetime-value';
import { billOrder } from './billing/order-billing';
import { auditCreditOverride, checkCredit } from './billing/credit';

const LIST: ListSpec<RentalOrder> = {
  searchFields: ['customer.contact.name', 'customer.contact.email'],
  // name and email: the customer's, as search (the spec's common sortBy fields)
  sortable: {
    orderDate: 'orderDate',
    pickupDate: 'pickupDate',
    returnDate: 'returnDate',
    total: 'total',
    status: 'status',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    name: 'customer.contact.name',
    email: 'customer.contact.email',
  },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
};

/** Rental orders (the spec's transactions): booking without overbooking, server-computed totals, final states. */
export class RentalOrderService {
  constructor(
    private readonly settings: RentalSettingsService,
    private readonly moves: MoveRecorder,
  ) {}

  /** `today`: the organization's (Context.today), for `overdue`. */
  list(em: EntityManager, args: RentalOrderListArgs, today: string): Promise<Page<RentalOrder>> {
    const where: Record<string, unknown> = dayRangeFilter('orderDate', args);
    if (args.overdue != null) Object.assign(where, overdueFilter(args.overdue, today));
    if (args.status) where.status = args.status;
    if (args.customerId) where.customer = args.customerId;
    if (args.ownerId)
      where.customer = { ...(args.customerId ? { id: args.customerId } : {}), contact: { owner: args.ownerId } };
    return listPage(em, RentalOrder, args, LIST, where as FilterQuery<RentalOrder>);
  }

  get(em: EntityManager, id: string): Promise<RentalOrder> {
    return findOr404(em, RentalOrder, id, 'Transaction');
  }

  async create(em: EntityManager, principal: Principal, input: RentalOrderInput): Promise<RentalOrder> {
    const range = dayRange({ startDate: input.pickupDate, endDate: input.returnDate }, MAX_RENTAL_DAYS, undefined, {
      start: 'pickupDate',
      end: 'returnDate',
    });
    const orderDate = input.orderDate ?? (await organizationToday(em, principal.organizationId));
    const errors: FieldError[] = [];
    checkDay(orderDate, 'orderDate', errors);
    const seen = new Set<string>();
    input.lines.forEach((l, i) => {
      if (seen.has(l.itemId))
        errors.push({
          field: `lines.${i}.itemId`,
          message: 'each item may appear on one line only; raise its quantity instead',
        });
      seen.add(l.itemId);
    });
    if (errors.length) throw AppError.validation(errors);
    const rentalDays = daysInclusive(range.startDate, range.endDate);

    const { order, override } = await em.transactional(async (tx) => {
      const customer = await referenced(tx, Customer, input.customerId, 'customerId');
      const items = await lockAndCheck(tx, principal.organizationId, input.lines, range);
      const settings = await this.settings.get(tx, principal.organizationId);
      const rules = await activeRules(tx);
      const priced = input.lines.map((l) => {
        const item = items.get(l.itemId);
        if (!item) throw new Error(`item ${l.itemId} was not locked`); // lockAndCheck answers 404 for a missing item
        return priceLine(item, l.quantity, rentalDays, pricingContext(rules, item, customer.id, range.startDate));
      });
      const org = tx.getReference(Organization, principal.organizationId);
      const order = new RentalOrder(org, customer, {
        orderDate,
        pickupDate: range.startDate,
        returnDate: range.endDate,
        rentalDays,
        currency: settings.currency,
        taxRate: settings.taxRate,
      });
      order.notes = input.notes ?? null;
      order.createdBy = tx.getReference(User, principal.userId, { wrapped: true });
      const lines = priced.map((line, position) => RentalOrderLine.priced(org, order, line, rentalDays, position));
      // charges beyond the rate and the credit check, after line pricing (docs/rental.md, "Charges beyond the rate")
      const today = await organizationToday(tx, principal.organizationId);
      await billOrder(tx, order, lines, settings, { today, customer, newLines: true, choices: input });
      const override = await checkCredit(tx, principal, order, input.creditOverrideReason);
      tx.persist(order);
      lines.forEach((line) => tx.persist(line));
      this.moves.emit(tx, principal, order, 'order.reserved', {
        lines: priced.map((l) => ({ itemId: l.item.id, quantity: l.quantity })),
      });
      return { order, override };
    });
    if (override) await auditCreditOverride(em, principal, order, 'createTransaction', override);
    return order;
  }

  /**
   * pending -> completed | cancelled, under a row lock so two moves never both happen; completing adds the total to
   * the customer's lifetime order value. Both only while nothing is out (check the units in instead, which
   * completes the order when the last one is back); cancelling frees every unit and emits order.cancelled.
   */
  transition(
    em: EntityManager,
    principal: Principal,
    id: string,
    to: RentalOrderStatus.completed | RentalOrderStatus.cancelled,
  ): Promise<RentalOrder> {
    return em.transactional(async (tx) => {
      const order = await findOr404(tx, RentalOrder, id, 'Transaction', { lock: true });
      if (order.status !== RentalOrderStatus.pending)
        throw AppError.conflict(
          `Transaction is already ${order.status}; completed and cancelled transactions are final`,
        );
      if (order.fulfillment !== RentalFulfillment.reserved)
        throw AppError.conflict(
          `Transaction is ${order.fulfillment.replace(/_/g, ' ')}: check its units in first (POST /api/transactions/:id/check-in)`,
        );
      order.status = to;
      if (to === RentalOrderStatus.completed) {
        order.completedAt = clock.now();
        order.fulfillment = RentalFulfillment.returned;
        await addToLifetimeValue(tx, principal.organizationId, order.customer.id, order.total);
      } else {
        order.cancelledAt = clock.now();
        order.fulfillment = RentalFulfillment.cancelled;
        this.moves.record(tx, principal, order, { kind: 'cancelled', event: 'order.cancelled', title: 'Cancelled' });
      }
      return order;
    });
  }
}
