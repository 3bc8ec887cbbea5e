import type { EntityManager } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import type { PlainRow, Reads } from '../../../db/read-path';
import { AppError } from '../../../lib/errors';
import type { Principal } from '../../../http/principal';
import { Organization } from '../../accounts/organizations/organization.entity';
import { deleted, DeletePayload } from '../../../lib/fields';
import { findOr404 } from '../../../db/find-or-404';
import { Lead } from '../leads/lead.entity';
import type { LeadScoreService } from '../leads/lead-score.service';
import { Customer } from '../customers/customer.entity';
import { Contact, ContactStatus, SupersededReason } from './contact.entity';
import { applyContactFields } from './contact-fields';
import type { ContactInput, ContactListArgs, ContactUpdateInput } from './contact.types';

/** The contact list's search, sorts and day range (also the filter of a bulk update, contact-bulk.service.ts). */
export const CONTACT_LIST: ListSpec<Contact> = {
  searchFields: ['name', 'email'],
  sortable: {
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    name: 'name',
    email: 'email',
    status: 'status',
    lastContactedAt: 'lastContactedAt',
  },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
  dateField: 'createdAt',
};

const RANK: Record<ContactStatus, number> = { unknown: 0, lead: 1, customer: 2 };
const FILLABLE = ['phone', 'address', 'city', 'state', 'zipCode', 'source', 'company', 'owner'] as const;

/** Unified contacts. Lists show current contacts; converted or merged ones stay readable by id. */
export class ContactService {
  constructor(private readonly scores: LeadScoreService) {}

  /** `reads`: the relations of each contact the caller will read (those it selected). */
  list(em: EntityManager, args: ContactListArgs, reads: Reads<Contact> = {}): Promise<Page<PlainRow<Contact>>> {
    return listPage(
      em,
      Contact,
      args,
      CONTACT_LIST,
      {
        supersededBy: null,
        ...(args.status ? { status: args.status } : {}),
        ...(args.ownerId ? { owner: args.ownerId } : {}),
        ...(args.companyId ? { company: args.companyId } : {}),
      },
      { plain: true, reads },
    );
  }

  get(em: EntityManager, id: string): Promise<Contact> {
    return findOr404(em, Contact, id, 'Contact');
  }

  create(em: EntityManager, principal: Principal, input: ContactInput): Promise<Contact> {
    return em.transactional(async (tx) => {
      const contact = new Contact(tx.getReference(Organization, principal.organizationId), input.name, input.status);
      await applyContactFields(tx, contact, input);
      tx.persist(contact);
      return contact;
    });
  }

  /** Rescores the contact's leads in the same transaction (docs/ai.md, "Lead scoring 0-7"). */
  update(em: EntityManager, id: string, input: ContactUpdateInput): Promise<Contact> {
    return this.scores.within(em, async (tx) => {
      const contact = await this.current(tx, id);
      if (input.status !== undefined && input.status !== contact.status && (await this.backsRecords(tx, contact.id))) {
        throw AppError.conflict(
          'This contact backs a lead or customer record: its status follows that record (convert the lead instead)',
        );
      }
      await applyContactFields(tx, contact, input);
      if (input.status !== undefined) contact.status = input.status;
      return { value: contact, organizationId: contact.organization.id, touched: { contactIds: [contact.id] } };
    });
  }

  /** Refused (409) for a contact that backs a lead or customer record or that others were merged into. */
  async delete(em: EntityManager, id: string): Promise<DeletePayload> {
    return em.transactional(async (tx) => {
      const contact = await findOr404(tx, Contact, id, 'Contact');
      if (await this.backsRecords(tx, contact.id))
        throw AppError.conflict('This contact backs a lead or customer record: delete that record instead');
      if (await tx.count(Contact, { supersededBy: contact.id }))
        throw AppError.conflict('Other contacts were converted or merged into this one: their history hangs on it');
      tx.remove(contact);
      return deleted(id, 'Contact');
    });
  }

  /**
   * Folds duplicates into one contact in one transaction: their leads, customers and superseded
   * contacts move to the target, empty fields of the target are filled from them, the status becomes
   * the most advanced one, and each duplicate is kept as a record superseded by the target (its id
   * maps to the target: supersededBy / supersededReason `merged`).
   */
  merge(em: EntityManager, targetId: string, sourceIds: string[]): Promise<Contact> {
    return this.scores.within(em, async (tx) => {
      const target = await this.current(tx, targetId);
      const ids = [...new Set(sourceIds)];
      if (ids.includes(target.id))
        throw AppError.validation([{ field: 'sourceIds', message: 'a contact cannot be merged into itself' }]);
      const sources: Contact[] = [];
      for (const sid of ids) sources.push(await this.current(tx, sid));
      await tx.nativeUpdate(Lead, { contact: { $in: ids } }, { contact: target.id });
      await tx.nativeUpdate(Customer, { contact: { $in: ids } }, { contact: target.id });
      await tx.nativeUpdate(Contact, { supersededBy: { $in: ids } }, { supersededBy: target.id });
      let email = target.email;
      for (const s of sources) {
        for (const key of FILLABLE)
          if (target[key] == null && s[key] != null) (target as unknown as Record<string, unknown>)[key] = s[key];
        if (RANK[s.status] > RANK[target.status]) target.status = s.status;
        if (s.lastContactedAt && (!target.lastContactedAt || s.lastContactedAt > target.lastContactedAt))
          target.lastContactedAt = s.lastContactedAt;
        email ??= s.email;
        s.supersededBy = ref(target);
        s.supersededReason = SupersededReason.merged;
      }
      await tx.flush(); // the duplicates give up their email before the target may take one of them
      target.email = email;
      return { value: target, organizationId: target.organization.id, touched: { contactIds: [target.id] } };
    });
  }

  /** A contact that can still change: converted or merged ones are history (409). */
  private async current(em: EntityManager, id: string): Promise<Contact> {
    const contact = await findOr404(em, Contact, id, 'Contact');
    if (contact.supersededBy)
      throw AppError.conflict(
        `Contact ${id} was ${contact.supersededReason} into contact ${contact.supersededBy.id}; change that one`,
      );
    return contact;
  }

  private async backsRecords(em: EntityManager, contactId: string): Promise<boolean> {
    return (await em.count(Lead, { contact: contactId })) + (await em.count(Customer, { contact: contactId })) > 0;
  }
}
