import { randomBytes } from 'node:crypto';
import { Entity, Property, Unique } from '@mikro-orm/core';
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

  /**
   * The local part of the organization's inbound email address (`<token>@INBOUND_EMAIL_DOMAIN`): generated once,
   * unguessable, unique. Read through the channel settings as `inboundEmailAddress` (docs/communications.md).
   */
  @Property({ length: 64 })
  @Unique({ name: 'organizations_inbound_email_token_unique' })
  inboundEmailToken: string;

  constructor(name: string) {
    super();
    this.name = name;
    this.inboundEmailToken = inboundEmailToken(name);
  }
}

/** `acme-rentals-3f9c1a7b2e`: a readable slug of the name plus 40 random bits (lower case, safe in any mailbox). */
export function inboundEmailToken(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
    .replace(/-+$/, '');
  return `${slug || 'org'}-${randomBytes(5).toString('hex')}`;
}

declare module '../../../db/tenant-root' {
  /** The tenant of the lower layers (src/db/tenant-root.ts) is this entity: their references read its fields. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface TenantRoot extends Organization {}
}
