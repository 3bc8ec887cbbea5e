import { Entity, Index, Property, ref, Unique } from '@mikro-orm/core';
import { Field, Float, Int, ObjectType } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';

/** A business the organization deals with. Names are unique per organization, ignoring case. */
@ObjectType('Company')
@Entity({ tableName: 'companies' })
@Unique({
  name: 'companies_organization_id_lower_name_unique',
  expression:
    'create unique index "companies_organization_id_lower_name_unique" on "companies" ("organization_id", lower("name"));',
})
@Unique({
  name: 'companies_organization_id_places_id_unique',
  expression:
    'create unique index "companies_organization_id_places_id_unique" on "companies" ("organization_id", "places_id") where "places_id" is not null;',
})
@Index({
  name: 'companies_name_trgm_index',
  expression: 'create index "companies_name_trgm_index" on "companies" using gin ("name" gin_trgm_ops);',
})
@Index({ properties: ['organization', 'createdAt'] })
export class Company extends TenantEntity {
  @Field()
  @Property({ length: 200 })
  name: string;

  @Field(() => String, { nullable: true })
  @Property({ length: 500, nullable: true })
  website: string | null = null;

  @Field(() => String, { nullable: true })
  @Property({ length: 100, nullable: true })
  industry: string | null = null;

  @Field(() => Int, { nullable: true })
  @Property({ type: 'integer', nullable: true })
  employeeCount: number | null = null;

  /** Annual revenue, exact decimal; GraphQL and REST carry it as a string. */
  @Field(() => String, { nullable: true, description: 'Annual revenue as an exact decimal string' })
  @Property({ type: 'decimal', precision: 16, scale: 2, nullable: true })
  revenue: string | null = null;

  @Field(() => String, { nullable: true, description: 'Identifier of the company in the places directory' })
  @Property({ length: 200, nullable: true })
  placesId: string | null = null;

  @Field(() => Float, { nullable: true, description: 'Places-directory rating, 0-5 (lead scoring)' })
  @Property({ type: 'float', nullable: true })
  rating: number | null = null;

  @Field(() => Int, { nullable: true, description: 'Places-directory review count (lead scoring)' })
  @Property({ type: 'integer', nullable: true })
  reviewCount: number | null = null;

  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'What the enrichment provider found, with the status of each step',
  })
  @Property({ type: 'json', nullable: true })
  enrichment: Record<string, unknown> | null = null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  enrichedAt: Date | null = null;

  @Field(() => [String], { description: 'Areas (towns, regions, postal codes) the company serves' })
  @Property({ type: 'json' })
  serviceAreas: string[] = [];

  constructor(organization: Organization, name: string) {
    super();
    this.organization = ref(organization);
    this.name = name.trim();
  }
}
