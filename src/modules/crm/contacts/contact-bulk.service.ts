import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import { referenced } from '../../../db/find-or-404';
import { listConditions } from '../../../db/list-query';
import type { EventEmitter } from '../../../events/event-emitter';
import type { Principal } from '../../../http/principal';
import { AppError } from '../../../lib/errors';
import { User } from '../../accounts/users/user.entity';
import { Company } from '../companies/company.entity';
import { Customer } from '../customers/customer.entity';
import { Lead } from '../leads/lead.entity';
import { Contact } from './contact.entity';
import { CONTACT_LIST } from './contact.service';
import { BULK_UPDATE_MAX, BulkUpdateResult, ContactBulkUpdateInput } from './contact-bulk.types';

/**
 * Bulk update by filter (docs/crm.md, "Bulk update"): the owner or status of every current contact the list filter
 * matches, in one transaction, one `contact.updated` event per contact that changed.
 */
export class ContactBulkService {
  constructor(private readonly events: EventEmitter) {}

  async update(em: EntityManager, principal: Principal, input: ContactBulkUpdateInput): Promise<BulkUpdateResult> {
    const { filter, set } = input;
    if (set.ownerId === undefined && set.status === undefined)
      throw AppError.validation([{ field: 'set', message: 'set names at least one of ownerId, status' }]);
    const where = {
      $and: listConditions(filter, CONTACT_LIST, {
        supersededBy: null,
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.ownerId ? { owner: filter.ownerId } : {}),
        ...(filter.companyId ? { company: filter.companyId } : {}),
      }),
    } as FilterQuery<Contact>;
    return em.transactional(async (tx) => {
      // A change by a filter that names a member or company found nowhere is a mistake, not "no contact": 404.
      if (filter.ownerId) await referenced(tx, User, filter.ownerId, 'filter.ownerId');
      if (filter.companyId) await referenced(tx, Company, filter.companyId, 'filter.companyId');
      const owner =
        set.ownerId === undefined || set.ownerId === null
          ? set.ownerId
          : await referenced(tx, User, set.ownerId, 'set.ownerId');
      const matched = await tx.count(Contact, where);
      if (input.dryRun) return { matched, updated: 0, dryRun: true };
      if (matched > BULK_UPDATE_MAX)
        throw AppError.validation([
          { field: 'filter', message: `matches ${matched} contacts; a bulk update changes at most ${BULK_UPDATE_MAX}` },
        ]);
      const contacts = await tx.find(Contact, where, { orderBy: { id: 'asc' } });
      const changed = contacts.filter(
        (c) =>
          (owner !== undefined && (c.owner?.id ?? null) !== (owner?.id ?? null)) ||
          (set.status !== undefined && c.status !== set.status),
      );
      if (set.status !== undefined)
        await this.refuseBacked(
          tx,
          changed.filter((c) => c.status !== set.status),
        );
      for (const c of changed) {
        const previous = { ownerId: c.owner?.id ?? null, status: c.status };
        if (owner !== undefined) c.owner = owner ? ref(owner) : null;
        if (set.status !== undefined) c.status = set.status;
        this.events.emit(tx, principal.organizationId, 'contact.updated', {
          id: c.id,
          ownerId: c.owner?.id ?? null,
          previousOwnerId: previous.ownerId,
          status: c.status,
          previousStatus: previous.status,
          changedBy: principal.userId,
        });
      }
      return { matched, updated: changed.length, dryRun: false };
    });
  }

  /** A contact that backs a lead or customer record keeps the status of that record (as updateContact refuses). */
  private async refuseBacked(tx: EntityManager, contacts: Contact[]): Promise<void> {
    const ids = contacts.map((c) => c.id);
    if (!ids.length) return;
    const backed = (await tx.count(Lead, { contact: ids })) + (await tx.count(Customer, { contact: ids }));
    if (backed)
      throw AppError.conflict(
        'Some matched contacts back a lead or customer record: their status follows that record (narrow the filter, e.g. status=unknown)',
      );
  }
}
