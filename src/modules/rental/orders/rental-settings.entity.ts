import { Entity, Property, ref, Unique } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';

/**
 * The organization's rental settings: the currency its amounts are in and the tax rate applied to
 * transactions. One row per organization at most; without a row the defaults apply (USD, 0 %).
 */
@ObjectType('RentalSettings')
@Entity({ tableName: 'rental_settings' })
@Unique({ properties: ['organization'] })
export class RentalSettings extends TenantEntity {
  @Field({ description: 'ISO 4217 code of every amount of the organization, e.g. USD' })
  @Property({ length: 3 })
  currency: string = 'USD';

  @Field({ description: 'Tax rate in percent, exact decimal string (e.g. "8.250" for 8.25 %)' })
  @Property({ type: 'decimal', precision: 6, scale: 3, default: 0 })
  taxRate: string = '0.000';

  constructor(organization: Organization) {
    super();
    this.organization = ref(organization);
  }
}
