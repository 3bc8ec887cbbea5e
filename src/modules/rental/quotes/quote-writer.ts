import type { EntityManager } from '@mikro-orm/postgresql';
import { referenced } from '../../../db/find-or-404';
import type { Principal } from '../../../http/principal';
import { addDays, checkDay, dayRange, daysInclusive } from '../../../lib/calendar-days';
import { AppError, FieldError } from '../../../lib/errors';
import { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { InventoryItem, InventoryStatus } from '../inventory/inventory-item.entity';
import { InventoryUnit } from '../inventory/inventory-unit.entity';
import { MAX_RENTAL_DAYS } from '../inventory/quote.types';
import { activeRules, pricingContext } from '../inventory/pricing-rule.service';
import type { PricingRuleData } from '../inventory/pricing-rules';
import {
  chargesOf,
  exemption,
  hasOverdueInvoices,
  orderCharges,
  type ChargeSettings,
} from '../orders/billing/order-billing';
import { priceLine } from '../orders/pricing';
import type { RentalSettingsService } from '../orders/rental-settings.service';
import { contentHash } from './quote-content';
import { RentalQuoteLine } from './rental-quote-line.entity';
import { DeliveryMethod, RentalQuoteVersion } from './rental-quote-version.entity';
import type { RentalQuote } from './rental-quote.entity';
import { DEFAULT_VALIDITY_DAYS, type RentalQuoteLineInput } from './rental-quote.types';

/** Everything a version says, complete (a new version is the current one with the changed fields replaced). */
export interface QuoteTerms {
  pickupDate: string;
  returnDate: string;
  validUntil?: string | null;
  deliveryMethod?: DeliveryMethod | null;
  deliveryAddress?: string | null;
  notes?: string | null;
  lines: RentalQuoteLineInput[];
  /** The charges chosen, as for an order (absent: no waiver opt-out, no delivery or pickup, the flat fees). */
  waiverOptOut?: boolean | null;
  delivery?: boolean | null;
  pickup?: boolean | null;
  deliveryZone?: string | null;
}

/** What prices a version as the order it would book: the settings, the pricing rules, the customer's overdue invoices. */
export interface QuotePricing {
  settings: ChargeSettings & { currency: string };
  rules: readonly PricingRuleData[];
  /** The customer has an overdue invoice on `today` (raises the deposit). */
  overdue: boolean;
  /** The organization's day the version is written: the customer's tax exemption is read on it. */
  today: string;
}

/** 400 for every problem of the terms at once: days, validity (not before today), delivery address, repeated lines. */
function checkTerms(terms: QuoteTerms, today: string): { rentalDays: number; validUntil: string } {
  const range = dayRange({ startDate: terms.pickupDate, endDate: terms.returnDate }, MAX_RENTAL_DAYS, undefined, {
    start: 'pickupDate',
    end: 'returnDate',
  });
  const errors: FieldError[] = [];
  const validUntil = terms.validUntil ?? addDays(today, DEFAULT_VALIDITY_DAYS);
  if (checkDay(validUntil, 'validUntil', errors) && validUntil < today)
    errors.push({ field: 'validUntil', message: `validUntil must not be before today (${today})` });
  if (terms.deliveryMethod === DeliveryMethod.delivery && !terms.deliveryAddress?.trim())
    errors.push({ field: 'deliveryAddress', message: 'deliveryAddress is required for a delivery' });
  const seen = new Set<string>();
  terms.lines.forEach((l, i) => {
    const key = l.unitId ? `unit:${l.unitId}` : `item:${l.itemId}`;
    if (seen.has(key))
      errors.push({
        field: `lines.${i}.${l.unitId ? 'unitId' : 'itemId'}`,
        message: l.unitId ? 'each unit may appear on one line only' : 'each item may appear on one bulk line only',
      });
    seen.add(key);
    if (l.unitId && l.quantity !== 1)
      errors.push({ field: `lines.${i}.quantity`, message: 'a line naming a unit has quantity 1' });
  });
  if (errors.length) throw AppError.validation(errors);
  return { rentalDays: daysInclusive(range.startDate, range.endDate), validUntil };
}

/** The items and named units of the lines: 404 naming the field for one not of this organization, 409 for a retired item. */
async function lineRecords(tx: EntityManager, lines: RentalQuoteLineInput[]) {
  const out: { item: InventoryItem; unit: InventoryUnit | null }[] = [];
  for (const [i, l] of lines.entries()) {
    const item = await referenced(tx, InventoryItem, l.itemId, `lines.${i}.itemId`);
    const unit = l.unitId ? await referenced(tx, InventoryUnit, l.unitId, `lines.${i}.unitId`) : null;
    if (unit && unit.item.id !== item.id)
      throw AppError.validation([{ field: `lines.${i}.unitId`, message: `not a unit of ${item.itemNumber}` }]);
    if (item.status === InventoryStatus.retired)
      throw AppError.conflict(`Inventory item ${item.itemNumber} is retired and cannot be quoted`);
    out.push({ item, unit });
  }
  return out;
}

/** A version's lines as priced: the item (and named unit) of each line and its quantity. */
export interface QuotedLine {
  item: InventoryItem;
  unit: InventoryUnit | null;
  quantity: number;
}

/**
 * Version `number` of a quote, priced exactly as the order it would book (RentalOrderService.create): each line by
 * `priceLine` with the customer's pricing rules from the pickup day, then the charges beyond the rate by the order's
 * own `chargesOf` (tax per line, the customer's exemption on `today`, waiver, fees, deposit). With its content hash,
 * made the quote's current version. Builds the entities only (the demo builds its quotes with it too);
 * `writeVersion` checks and persists.
 */
export function buildVersion(
  org: Organization,
  quote: RentalQuote,
  terms: Omit<QuoteTerms, 'lines'> & { validUntil: string; rentalDays: number },
  lines: QuotedLine[],
  pricing: QuotePricing,
  number: number,
): { version: RentalQuoteVersion; lines: RentalQuoteLine[] } {
  const { rentalDays } = terms;
  const { settings } = pricing;
  const customer = quote.customer.getEntity();
  const { taxExempt, taxRate } = exemption(customer, pricing.today, settings.taxRate);
  const version = new RentalQuoteVersion(org, quote, {
    version: number,
    pickupDate: terms.pickupDate,
    returnDate: terms.returnDate,
    rentalDays,
    validUntil: terms.validUntil,
    deliveryMethod: terms.deliveryMethod ?? DeliveryMethod.pickup,
    deliveryAddress: terms.deliveryAddress?.trim() || null,
    notes: terms.notes ?? null,
    currency: settings.currency,
    taxRate,
  });
  Object.assign(version, {
    taxExempt,
    waiverOptOut: terms.waiverOptOut ?? false,
    delivery: terms.delivery ?? false,
    pickup: terms.pickup ?? false,
    deliveryZone: terms.deliveryZone?.trim() || null,
  });
  const priced = lines.map((l) =>
    priceLine(l.item, l.quantity, rentalDays, pricingContext(pricing.rules, l.item, customer.id, terms.pickupDate)),
  );
  const charges = chargesOf(
    settings,
    priced.map((p) => ({ amount: p.price.total, quantity: p.quantity, item: p.item })),
    { taxExempt: version.taxExempt, choice: version, overdue: pricing.overdue },
  );
  Object.assign(version, orderCharges(charges));
  const rows = priced.map((p, position) => {
    const row = new RentalQuoteLine(org, version, p, { position, days: rentalDays, unit: lines[position].unit });
    row.taxRate = charges.lineTaxRates[position];
    return row;
  });
  version.contentHash = contentHash(quote.customer.id, version, rows);
  Object.assign(quote, { version: number, validUntil: terms.validUntil, total: version.total });
  return { version, lines: rows };
}

/** Checks the terms (400, 404 naming the field, 409 for a retired item), then writes version `number` in the caller's transaction. */
export async function writeVersion(
  tx: EntityManager,
  deps: { settings: RentalSettingsService; principal: Principal; today: string },
  quote: RentalQuote,
  terms: QuoteTerms,
  number: number,
): Promise<RentalQuoteVersion> {
  const checked = checkTerms(terms, deps.today);
  const records = await lineRecords(tx, terms.lines);
  const pricing: QuotePricing = {
    settings: await deps.settings.get(tx, deps.principal.organizationId),
    rules: await activeRules(tx),
    overdue: await hasOverdueInvoices(tx, quote.customer.id, deps.today),
    today: deps.today,
  };
  await tx.populate(quote, ['customer']);
  const org = tx.getReference(Organization, deps.principal.organizationId);
  const lines = records.map((r, i) => ({ ...r, quantity: terms.lines[i].quantity }));
  const { version, lines: rows } = buildVersion(org, quote, { ...terms, ...checked }, lines, pricing, number);
  version.createdBy = tx.getReference(User, deps.principal.userId, { wrapped: true });
  tx.persist([quote, version, ...rows]);
  return version;
}
