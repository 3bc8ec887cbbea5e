import { Entity, Property, ref, Unique } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../organizations/organization.entity';

/**
 * A phone number of the organization (E.164). Calls and SMS to it are routed to the organization by the
 * provider webhooks, so a number belongs to one organization only (unique across organizations).
 */
@ObjectType('OrganizationPhoneNumber')
@Entity({ tableName: 'organization_phone_numbers' })
@Unique({ name: 'organization_phone_numbers_number_unique', properties: ['number'] })
export class OrganizationPhoneNumber extends TenantEntity {
  @Field({ description: 'E.164, e.g. +14155550123' })
  @Property({ length: 20 })
  number: string;

  @Field(() => String, { nullable: true, description: 'What the number is for, e.g. "Main line"' })
  @Property({ length: 100, nullable: true })
  label: string | null = null;

  constructor(organization: Organization, number: string, label?: string | null) {
    super();
    this.organization = ref(organization);
    this.number = number;
    this.label = label?.trim() || null;
  }
}
