import { Entity, Property } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../../db/base.entity';
import type { AiSettingsData, FeatureTogglesData } from './settings.types';

/** The tenant. Every other record carries the id of its organization. */
@ObjectType('Organization')
@Entity({ tableName: 'organizations' })
export class Organization extends BaseEntity {
  @Field()
  @Property({ length: 200 })
  name: string;

  // Settings (spec, Organization). Read and written through OrganizationSettingsService.
  @Property({ length: 20, nullable: true })
  phone?: string;

  @Property({ length: 320, nullable: true })
  email?: string;

  @Property({ length: 500, nullable: true })
  website?: string;

  @Property({ length: 200, nullable: true })
  address1?: string;

  @Property({ length: 100, nullable: true })
  city?: string;

  @Property({ length: 100, nullable: true })
  state?: string;

  @Property({ length: 20, nullable: true })
  zipCode?: string;

  @Property({ length: 5, nullable: true })
  businessHoursStart?: string;

  @Property({ length: 5, nullable: true })
  businessHoursEnd?: string;

  @Property({ length: 64, nullable: true })
  timezone?: string;

  @Property({ type: 'jsonb', nullable: true })
  features?: FeatureTogglesData;

  @Property({ type: 'jsonb', nullable: true })
  aiSettings?: AiSettingsData;

  /** name -> AES-256-GCM ciphertext (credential-cipher.ts). Lazy and hidden; never a GraphQL field. */
  @Property({ type: 'jsonb', nullable: true, lazy: true, hidden: true })
  integrationCredentials?: Record<string, string>;

  constructor(name: string) {
    super();
    this.name = name;
  }
}

declare module '../../../db/tenant-root' {
  /** The tenant of the lower layers (src/db/tenant-root.ts) is this entity: their references read its fields. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface TenantRoot extends Organization {}
}
