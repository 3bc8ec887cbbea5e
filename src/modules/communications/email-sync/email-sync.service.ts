import type { EntityManager } from '@mikro-orm/postgresql';
import { findOr404 } from '../../../db/find-or-404';
import { deleted, DeletePayload } from '../../../lib/fields';
import { Organization } from '../../accounts/organizations/organization.entity';
import { Contact } from '../../crm/contacts/contact.entity';
import { EmailSyncSubscription } from './email-sync-subscription.entity';

/** The spec's step (d): per-contact email sync subscriptions, listed and revoked by users. */
export class EmailSyncService {
  /** Idempotent: the contact's existing subscription for the address, or a new one (inside the caller's transaction). */
  async subscribe(
    tx: EntityManager,
    contact: Contact,
    address: string,
    origin = 'inbound_email',
  ): Promise<EmailSyncSubscription> {
    const normalized = address.trim().toLowerCase();
    const existing = await tx.findOne(EmailSyncSubscription, { contact, address: normalized });
    if (existing) return existing;
    const sub = new EmailSyncSubscription(
      tx.getReference(Organization, contact.organization.id),
      contact,
      normalized,
      origin,
    );
    tx.persist(sub);
    await tx.flush();
    return sub;
  }

  async forContact(em: EntityManager, contactId: string): Promise<EmailSyncSubscription[]> {
    const contact = await findOr404(em, Contact, contactId, 'Contact');
    return em.find(EmailSyncSubscription, { contact }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit: 100 });
  }

  revoke(em: EntityManager, id: string): Promise<DeletePayload> {
    return em.transactional(async (tx) => {
      tx.remove(await findOr404(tx, EmailSyncSubscription, id, 'Email sync subscription'));
      return deleted(id, 'Email sync subscription');
    });
  }
}
