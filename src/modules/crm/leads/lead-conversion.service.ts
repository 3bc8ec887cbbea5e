import type { EntityManager } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { EventEmitter } from '../../../events/event-emitter';
import type { Principal } from '../../../http/principal';
import { User } from '../../accounts/users/user.entity';
import { findOr404 } from '../../../db/find-or-404';
import { Contact, ContactStatus, SupersededReason } from '../contacts/contact.entity';
import { Customer } from '../customers/customer.entity';
import { Lead, LeadStatus } from './lead.entity';

const COPIED = [
  'phone',
  'company',
  'owner',
  'lastContactedAt',
  'address',
  'city',
  'state',
  'zipCode',
  'source',
] as const;

/**
 * POST /api/leads/:id/convert, as the spec's state table says, in ONE database transaction:
 * a contact with status `customer` is created from the lead's contact, a customer record on it, the lead
 * becomes `converted`, and the contact-id mapping is recorded (the lead's contact is superseded by the
 * new one, reason `converted`, so its history is reachable from the customer); lead.converted goes to the
 * outbox in the same transaction. The lead row is locked first, so two concurrent conversions cannot both
 * pass the "not converted yet" check: the second gets 409 and creates nothing.
 */
export class LeadConversionService {
  constructor(private readonly events: EventEmitter) {}

  convert(em: EntityManager, principal: Principal, leadId: string): Promise<Customer> {
    return em.transactional(async (tx) => {
      const lead = await findOr404(tx, Lead, leadId, 'Lead', { lock: true });
      if (lead.status === LeadStatus.converted)
        throw AppError.conflict(`Lead ${leadId} is already converted (customer ${lead.customer?.id ?? 'deleted'})`);
      const old = await tx.findOneOrFail(Contact, { id: lead.contact.id });

      const contact = new Contact(lead.organization, old.name, ContactStatus.customer);
      for (const key of COPIED) (contact as unknown as Record<string, unknown>)[key] = old[key];
      contact.owner ??= ref(tx.getReference(User, principal.userId));
      const customer = new Customer(lead.organization, contact);
      customer.billingAddress = old.address;
      customer.billingCity = old.city;
      customer.billingState = old.state;
      customer.billingZipCode = old.zipCode;
      tx.persist([contact, customer]);
      await tx.flush(); // the new contact exists (without the email the lead's contact still holds)

      old.supersededBy = ref(contact);
      old.supersededReason = SupersededReason.converted;
      await tx.flush(); // the lead's contact is history now: its email is free
      contact.email = old.email;

      lead.status = LeadStatus.converted;
      lead.convertedAt = clock.now();
      lead.convertedBy = ref(tx.getReference(User, principal.userId));
      lead.customer = ref(customer);
      this.events.emit(tx, principal.organizationId, 'lead.converted', {
        leadId: lead.id,
        customerId: customer.id,
        convertedBy: principal.userId,
      });
      return customer;
    });
  }
}
