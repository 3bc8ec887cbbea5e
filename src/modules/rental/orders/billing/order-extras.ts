import Decimal from 'decimal.js';
import { AppError, FieldError } from '../../../../lib/errors';
import { formatMoney } from '../../../../lib/money';
import { DepositPolicy, RentalSettings } from '../rental-settings.entity';

/*
 * Charges beyond the rate (docs/rental.md, "Charges beyond the rate"), as pure functions over decimal strings:
 * taxes per line, the damage waiver, delivery and pickup fees, the deposit. Every amount is rounded half-up to
 * cents once, where it is named (a waiver, a tax group, a deposit), and the total is the exact sum of those parts.
 */

/** Half-up to cents: the one rounding of every amount below. */
const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const percentOf = (amount: Decimal.Value, percent: Decimal.Value) =>
  cents(new Decimal(amount).times(percent).dividedBy(100));

export interface TaxedAmount {
  amount: string;
  /** Percent. */
  taxRate: string;
}

export interface OrderFigures {
  subtotal: string;
  damageWaiver: string;
  deliveryFee: string;
  pickupFee: string;
  tax: string;
  total: string;
}

/**
 * subtotal = Σ line amounts; damageWaiver = subtotal x waiverPercent / 100; tax = Σ over the lines' distinct
 * rates of (Σ amounts at that rate x rate / 100), each rounded (so one rate for every line gives exactly the
 * order-level tax of before); the waiver and the fees are not taxed; total = subtotal + waiver + fees + tax.
 */
export function orderFigures(
  lines: TaxedAmount[],
  extras: { waiverPercent: string; deliveryFee: string; pickupFee: string },
): OrderFigures {
  const subtotal = lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));
  const byRate = new Map<string, Decimal>();
  for (const l of lines) {
    const rate = new Decimal(l.taxRate).toFixed(3);
    byRate.set(rate, (byRate.get(rate) ?? new Decimal(0)).plus(l.amount));
  }
  const tax = [...byRate].reduce((s, [rate, taxable]) => s.plus(percentOf(taxable, rate)), new Decimal(0));
  const damageWaiver = percentOf(subtotal, extras.waiverPercent);
  const total = subtotal.plus(damageWaiver).plus(extras.deliveryFee).plus(extras.pickupFee).plus(tax);
  return {
    subtotal: formatMoney(subtotal),
    damageWaiver: formatMoney(damageWaiver),
    deliveryFee: formatMoney(extras.deliveryFee),
    pickupFee: formatMoney(extras.pickupFee),
    tax: formatMoney(tax),
    total: formatMoney(total),
  };
}

/** A line's tax rate: 0 for a tax-exempt order, else the item's own, its category's, or the organization's. */
export function lineTaxRate(
  item: { taxRate: string | null; category: string | null },
  settings: Pick<RentalSettings, 'taxRate' | 'categoryTaxRates'>,
  exempt: boolean,
): string {
  if (exempt) return '0.000';
  const category = settings.categoryTaxRates.find((c) => c.category === item.category);
  return new Decimal(item.taxRate ?? category?.taxRate ?? settings.taxRate).toFixed(3);
}

/** Whether an exemption holds on `day`: exempt, with a certificate valid that day (no expiry, or not yet passed). */
export function exemptOn(
  customer: { taxExempt: boolean; taxExemptCertificate: string | null; taxExemptExpiresOn: string | null },
  day: string,
): boolean {
  return (
    customer.taxExempt &&
    !!customer.taxExemptCertificate &&
    (customer.taxExemptExpiresOn === null || customer.taxExemptExpiresOn >= day)
  );
}

export type DepositSettings = Pick<
  RentalSettings,
  'depositPolicy' | 'depositAmount' | 'depositPercent' | 'depositOverdueRaisePercent'
>;

/**
 * The deposit by the organization's policy: none 0; fixed depositAmount; percent of the subtotal; per_item Σ
 * quantity x the item's depositAmount. Raised by depositOverdueRaisePercent (rounded) when the customer has an
 * overdue invoice; a deposit of 0 stays 0.
 */
export function depositFor(
  settings: DepositSettings,
  lines: { quantity: number; depositAmount: string | null }[],
  subtotal: string,
  overdue: boolean,
): { deposit: string; raised: boolean } {
  let base = new Decimal(0);
  if (settings.depositPolicy === DepositPolicy.fixed) base = new Decimal(settings.depositAmount ?? 0);
  if (settings.depositPolicy === DepositPolicy.percent) base = percentOf(subtotal, settings.depositPercent ?? 0);
  if (settings.depositPolicy === DepositPolicy.per_item)
    base = lines.reduce((s, l) => s.plus(new Decimal(l.depositAmount ?? 0).times(l.quantity)), new Decimal(0));
  const raise = new Decimal(settings.depositOverdueRaisePercent);
  if (!overdue || raise.isZero() || base.isZero()) return { deposit: formatMoney(base), raised: false };
  return { deposit: formatMoney(base.plus(percentOf(base, raise))), raised: true };
}

export interface DeliveryChoice {
  delivery: boolean;
  pickup: boolean;
  deliveryZone: string | null;
}

/**
 * Delivery and pickup fees: the named zone's, else the flat fees of the settings. A zone not in the settings, a
 * zone without delivery or pickup, or delivery/pickup without a zone when no flat fee is set, is a 400.
 */
export function deliveryFees(
  settings: Pick<RentalSettings, 'deliveryFee' | 'pickupFee' | 'deliveryZones'>,
  choice: DeliveryChoice,
): { deliveryFee: string; pickupFee: string } {
  const errors: FieldError[] = [];
  const zone = choice.deliveryZone === null ? null : settings.deliveryZones.find((z) => z.name === choice.deliveryZone);
  if (choice.deliveryZone !== null && !zone)
    errors.push({
      field: 'deliveryZone',
      message: `not a delivery zone of the rental settings (${settings.deliveryZones.map((z) => z.name).join(', ') || 'none'})`,
    });
  if (choice.deliveryZone !== null && !choice.delivery && !choice.pickup)
    errors.push({ field: 'deliveryZone', message: 'a zone needs delivery or pickup' });
  const fee = (wanted: boolean, field: 'delivery' | 'pickup', flat: string | null, zoned?: string): string => {
    if (!wanted) return '0.00';
    if (zoned !== undefined) return zoned;
    if (flat === null) errors.push({ field, message: `no flat ${field} fee is set: name a deliveryZone` });
    return flat ?? '0.00';
  };
  const deliveryFee = fee(choice.delivery, 'delivery', settings.deliveryFee, zone?.deliveryFee);
  const pickupFee = fee(choice.pickup, 'pickup', settings.pickupFee, zone?.pickupFee);
  if (errors.length) throw AppError.validation(errors);
  return { deliveryFee: formatMoney(deliveryFee), pickupFee: formatMoney(pickupFee) };
}
