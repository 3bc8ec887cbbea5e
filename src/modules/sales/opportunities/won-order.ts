import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, FieldError } from '../../../lib/errors';
import type { Principal } from '../../../http/principal';
import { Customer } from '../../crm/customers/customer.entity';
import type { RentalOrder } from '../../rental/orders/rental-order.entity';
import type { RentalOrderService } from '../../rental/orders/rental-order.service';
import type { Opportunity } from './opportunity.entity';
import type { OpportunityLine } from './opportunity-line.entity';

export interface RentalDates {
  pickupDate?: string;
  returnDate?: string;
}

/**
 * What a won stage move calls, inside its transaction, to turn the opportunity into a rental order.
 * Returns null when there is nothing to rent (no inventory lines). Any error rolls the whole move back.
 */
export interface OrderFromOpportunity {
  createOrderFromOpportunity(
    tx: EntityManager,
    principal: Principal,
    opportunity: Opportunity,
    lines: OpportunityLine[],
    dates: RentalDates,
  ): Promise<RentalOrder | null>;
}

/**
 * The rental operations implementation: a pending order for the opportunity's customer (or the customer
 * of its contact) with one order line per inventory item (quantities of repeated items added up), booked
 * and priced by the rental order service exactly as POST /api/transactions would (availability checked,
 * catalog rates and tax; the opportunity's prices were the estimate). Free-text lines are not rented.
 */
export class RentalOrderFromOpportunity implements OrderFromOpportunity {
  constructor(private readonly orders: RentalOrderService) {}

  async createOrderFromOpportunity(
    tx: EntityManager,
    principal: Principal,
    opp: Opportunity,
    lines: OpportunityLine[],
    dates: RentalDates,
  ): Promise<RentalOrder | null> {
    const quantities = new Map<string, number>();
    for (const l of lines) if (l.item) quantities.set(l.item.id, (quantities.get(l.item.id) ?? 0) + l.quantity);
    if (!quantities.size) return null;

    const customerId =
      opp.customer?.id ?? (opp.contact ? (await tx.findOne(Customer, { contact: opp.contact.id }))?.id : undefined);
    if (!customerId) {
      throw new AppError(
        ErrorCode.CONFLICT,
        'Winning an opportunity with inventory lines creates a rental order, which needs a customer: set the opportunity’s customerId first',
        [{ field: 'customerId', message: 'required to create the rental order' }],
      );
    }
    const missing: FieldError[] = (['pickupDate', 'returnDate'] as const)
      .filter((f) => !dates[f])
      .map((f) => ({ field: f, message: `${f} is required to win an opportunity with inventory lines` }));
    const { pickupDate, returnDate } = dates;
    if (missing.length || !pickupDate || !returnDate) throw AppError.validation(missing); // missing names each absent date

    return this.orders.create(tx, principal, {
      customerId,
      pickupDate,
      returnDate,
      lines: [...quantities].map(([itemId, quantity]) => ({ itemId, quantity })),
      notes: `From opportunity "${opp.name}" (${opp.id})`,
    });
  }
}
