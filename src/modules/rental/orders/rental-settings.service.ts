import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import { Organization } from '../../accounts/organizations/organization.entity';
import { formatMoney } from '../../../lib/money';
import { RentalSettings } from './rental-settings.entity';
import type { RentalSettingsInput } from './rental-settings.types';

/** Currency, tax rate and late-charge policy of the organization (defaults until an admin sets them). */
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
      tx.persist(settings);
      return settings;
    });
  }
}
