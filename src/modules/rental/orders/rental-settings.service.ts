import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import { Organization } from '../../accounts/organizations/organization.entity';
import { formatMoney } from '../../../lib/money';
import { AppError, FieldError } from '../../../lib/errors';
import { DepositPolicy, RentalSettings } from './rental-settings.entity';
import type { RentalSettingsInput } from './rental-settings.types';

const percent3 = (v: string) => new Decimal(v).toFixed(3);
const money = (v: string | null) => (v === null ? null : formatMoney(v));

/** Each name at most once, ignoring case and surrounding spaces: a 400 naming the repeated one. */
function unique(values: string[], field: string, errors: FieldError[]): void {
  const seen = new Set<string>();
  values.forEach((v, i) => {
    const key = v.trim().toLowerCase();
    if (seen.has(key)) errors.push({ field: `${field}.${i}`, message: `${v.trim()} is listed twice` });
    seen.add(key);
  });
}

/** The deposit policy and the amount it needs, after the change: fixed needs depositAmount, percent depositPercent. */
function checkPolicy(settings: RentalSettings, errors: FieldError[]): void {
  if (settings.depositPolicy === DepositPolicy.fixed && settings.depositAmount === null)
    errors.push({ field: 'depositAmount', message: 'the fixed deposit policy needs depositAmount' });
  if (settings.depositPolicy === DepositPolicy.percent && settings.depositPercent === null)
    errors.push({ field: 'depositPercent', message: 'the percent deposit policy needs depositPercent' });
}

/** The charges beyond the rate (docs/rental.md, "Charges beyond the rate"): deposit, waiver, delivery, taxes. */
function applyCharges(settings: RentalSettings, input: RentalSettingsInput): void {
  if (input.depositPolicy != null) settings.depositPolicy = input.depositPolicy;
  if (input.depositAmount !== undefined) settings.depositAmount = money(input.depositAmount);
  if (input.depositPercent !== undefined)
    settings.depositPercent = input.depositPercent === null ? null : percent3(input.depositPercent);
  if (input.depositOverdueRaisePercent != null)
    settings.depositOverdueRaisePercent = percent3(input.depositOverdueRaisePercent);
  if (input.waiverPercent != null) settings.waiverPercent = percent3(input.waiverPercent);
  if (input.deliveryFee !== undefined) settings.deliveryFee = money(input.deliveryFee);
  if (input.pickupFee !== undefined) settings.pickupFee = money(input.pickupFee);
  if (input.deliveryZones != null)
    settings.deliveryZones = input.deliveryZones.map((z) => ({
      name: z.name.trim(),
      deliveryFee: formatMoney(z.deliveryFee),
      pickupFee: formatMoney(z.pickupFee),
    }));
  if (input.categoryTaxRates != null)
    settings.categoryTaxRates = input.categoryTaxRates.map((c) => ({
      category: c.category.trim(),
      taxRate: percent3(c.taxRate),
    }));
}

/** Currency, tax rate, late-charge policy and charges beyond the rate of the organization (defaults until an admin sets them). */
export class RentalSettingsService {
  async get(em: EntityManager, organizationId: string): Promise<RentalSettings> {
    return (
      (await em.findOne(RentalSettings, { organization: organizationId })) ??
      new RentalSettings(em.getReference(Organization, organizationId))
    );
  }

  update(em: EntityManager, organizationId: string, input: RentalSettingsInput): Promise<RentalSettings> {
    return em.transactional(async (tx) => {
      const settings = await this.get(tx, organizationId);
      if (input.currency !== undefined) settings.currency = input.currency;
      if (input.taxRate !== undefined) settings.taxRate = new Decimal(input.taxRate).toFixed(3);
      if (input.lateChargesEnabled != null) settings.lateChargesEnabled = input.lateChargesEnabled;
      if (input.lateGraceDays != null) settings.lateGraceDays = input.lateGraceDays;
      if (input.lateRatePerDay !== undefined)
        settings.lateRatePerDay = input.lateRatePerDay === null ? null : formatMoney(input.lateRatePerDay);
      applyCharges(settings, input);
      const errors: FieldError[] = [];
      unique(
        settings.deliveryZones.map((z) => z.name),
        'deliveryZones',
        errors,
      );
      unique(
        settings.categoryTaxRates.map((c) => c.category),
        'categoryTaxRates',
        errors,
      );
      checkPolicy(settings, errors);
      if (errors.length) throw AppError.validation(errors);
      tx.persist(settings);
      return settings;
    });
  }
}
