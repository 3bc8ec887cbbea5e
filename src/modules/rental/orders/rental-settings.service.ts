import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import { Organization } from '../../accounts/organizations/organization.entity';
import { RentalSettings } from './rental-settings.entity';
import type { RentalSettingsInput } from './rental-settings.types';

/** Currency and tax rate of the organization (defaults USD and 0 % until an admin sets them). */
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
      tx.persist(settings);
      return settings;
    });
  }
}
