import { Entity, Property, ref, Unique } from '@mikro-orm/core';
import { Field, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';

/**
 * The organization's rental settings: the currency its amounts are in, the tax rate applied to transactions and
 * the late-charge policy. One row per organization at most; without a row the defaults apply (USD, 0 %, late
 * charges on, no grace day, the line's daily rate).
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

  @Field({ description: 'Whether overdue orders accrue draft late charges' })
  @Property({ default: true })
  lateChargesEnabled: boolean = true;

  @Field(() => Int, { description: 'Late days not charged (after the return date), 0 to 365' })
  @Property({ type: 'integer', default: 0 })
  lateGraceDays: number = 0;

  @Field(() => String, {
    nullable: true,
    description: 'Late charge per unit and day, exact decimal string; null: the item’s daily rate',
  })
  @Property({ type: 'decimal', precision: 12, scale: 2, nullable: true })
  lateRatePerDay: string | null = null;

  constructor(organization: Organization) {
    super();
    this.organization = ref(organization);
  }
}
