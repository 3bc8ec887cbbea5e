import { Entity, ManyToOne, Property, Ref, ref, Unique } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { Contact } from '../../crm/contacts/contact.entity';

/**
 * The spec's step (d): a contact subscribed to email sync, so later mail from that address is logged on it.
 * Visible and revocable (GET/DELETE /api/contacts/:id/email-subscriptions).
 */
@ObjectType('EmailSyncSubscription')
@Entity({ tableName: 'email_sync_subscriptions' })
@Unique({ name: 'email_sync_subscriptions_contact_id_address_unique', properties: ['contact', 'address'] })
export class EmailSyncSubscription extends TenantEntity {
  @ManyToOne({ entity: () => Contact, ref: true, deleteRule: 'cascade' })
  contact: Ref<Contact>;

  @Field({ description: 'Lower-cased address' })
  @Property({ length: 320 })
  address: string;

  @Field({ description: 'inbound_email (made by the email webhook) or user' })
  @Property({ length: 40 })
  origin: string;

  @Field(() => ID) get contactId(): string {
    return this.contact.id;
  }

  constructor(
    organization: Organization | Ref<Organization>,
    contact: Contact | Ref<Contact>,
    address: string,
    origin: string,
  ) {
    super();
    this.organization = ref(organization as Organization);
    this.contact = ref(contact as Contact);
    this.address = address.trim().toLowerCase();
    this.origin = origin;
  }
}
