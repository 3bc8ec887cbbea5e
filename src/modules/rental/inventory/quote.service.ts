import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/errors';
import { referenced } from '../../../db/find-or-404';
import { InventoryItem, InventoryStatus } from './inventory-item.entity';
import type { AvailabilityService } from './availability.service';
import { priceRental, PricingContext } from './quote-engine';
import { activeRules, pricingContext } from './pricing-rule.service';
import { Customer } from '../../crm/customers/customer.entity';
import { MAX_RENTAL_DAYS, Quote, QuoteInput, QuotePeriod } from './quote.types';
import { dayRange, daysInclusive } from '../../../lib/calendar-days';

/** Prices a rental of an item (the quote engine) and says whether the units are free for it. Nothing is stored. */
export class QuoteService {
  constructor(private readonly availability: AvailabilityService) {}

  /** The quote engine's cheapest price of `quantity` units of an item for `days` days, by its rates and `context`. */
  price(item: InventoryItem, days: number, quantity: number, context?: PricingContext) {
    return priceRental(
      days,
      quantity,
      { daily: item.dailyRate, weekly: item.weeklyRate, monthly: item.monthlyRate },
      context,
    );
  }

  async quote(em: EntityManager, organizationId: string, input: QuoteInput): Promise<Quote> {
    const item = await referenced(em, InventoryItem, input.itemId, 'itemId');
    if (item.status === InventoryStatus.retired)
      throw AppError.conflict(`Inventory item ${item.itemNumber} is retired and cannot be rented`);
    const customer = input.customerId ? await referenced(em, Customer, input.customerId, 'customerId') : null;
    const range = dayRange(input, MAX_RENTAL_DAYS);
    const context = pricingContext(await activeRules(em), item, customer?.id ?? null, range.startDate);
    const days = daysInclusive(range.startDate, range.endDate);
    const { rentalDays, ...price } = this.price(item, days, input.quantity, context);
    const availableUnits =
      (await this.availability.minAvailable(em, organizationId, [item.id], range)).get(item.id) ?? 0;
    return {
      itemId: item.id,
      itemNumber: item.itemNumber,
      itemName: item.name,
      customerId: customer?.id ?? null,
      ...range,
      rentalDays,
      ...price,
      lines: price.lines.map((l) => ({ ...l, period: l.period as QuotePeriod })),
      availableUnits,
      available: availableUnits >= input.quantity,
    };
  }
}
