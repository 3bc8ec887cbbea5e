import type { EntityManager } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import type { EventEmitter } from '../../../events/event-emitter';
import type { Principal } from '../../../http/principal';
import { Organization } from '../../accounts/organizations/organization.entity';
import { deleted, DeletePayload } from '../../../lib/fields';
import { findOr404 } from '../../../db/find-or-404';
import { Contact, ContactStatus } from '../contacts/contact.entity';
import { applyContactFields } from '../contacts/contact-fields';
import { Customer } from '../customers/customer.entity';
import type { Company } from '../companies/company.entity';
import type { CompanyService } from '../companies/company.service';
import type { LeadScoreService } from './lead-score.service';
import { Lead, LeadStatus } from './lead.entity';
import { assertLeadMove } from './lead-status';
import type { LeadInput, LeadListArgs, LeadUpdateInput } from './lead.types';

/** Every lead query loads the contact and its company: the lead's fields are theirs. */
export const LEAD_POPULATE = ['contact', 'contact.company'];

const LIST: ListSpec<Lead> = {
  searchFields: ['contact.name', 'contact.email'],
  sortable: {
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    name: 'contact.name',
    leadName: 'contact.name',
    email: 'contact.email',
    status: 'status',
    score: 'score',
  },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
  dateField: 'createdAt',
};

/** Legacy leads over unified contacts of status `lead` (the lead's name, email, phone, company and owner live on the contact). */
export class LeadService {
  constructor(
    private readonly companies: CompanyService,
    private readonly events: EventEmitter,
    private readonly scores: LeadScoreService,
  ) {}

  /** Leads never scored, or scored with other keywords, are scored first (docs/ai.md, "Backfill"). */
  async list(em: EntityManager, organizationId: string, args: LeadListArgs): Promise<Page<Lead>> {
    await this.scores.current(em, organizationId);
    const where = {
      ...(args.status ? { status: args.status } : {}),
      ...(args.ownerId ? { contact: { owner: args.ownerId } } : {}),
      ...(args.scoreBand ? { scoreBand: args.scoreBand } : {}),
    };
    return listPage(em, Lead, args, LIST, where, { populate: LEAD_POPULATE });
  }

  async get(em: EntityManager, organizationId: string, id: string): Promise<Lead> {
    await this.scores.current(em, organizationId);
    return findOr404(em, Lead, id, 'Lead', { populate: LEAD_POPULATE });
  }

  /** Creates the contact (status lead) and the lead in one transaction and emits lead.created with it. */
  async create(em: EntityManager, principal: Principal, input: LeadInput): Promise<Lead> {
    const status = input.status ?? LeadStatus.new;
    if (status === LeadStatus.converted) assertLeadMove(LeadStatus.new, status);
    const created: Company[] = [];
    let hot: Company[] = [];
    const lead = await em.transactional(async (tx) => {
      const org = tx.getReference(Organization, principal.organizationId);
      const contact = new Contact(org, input.leadName, ContactStatus.lead);
      contact.source = 'lead';
      await this.write(tx, principal, contact, input, created);
      const l = new Lead(org, contact, status);
      tx.persist([contact, l]);
      hot = await this.scores.rescore(tx, principal.organizationId, { leadIds: [l.id] });
      this.events.emit(tx, principal.organizationId, 'lead.created', {
        id: l.id,
        leadName: contact.name,
        email: contact.email,
      });
      return l;
    });
    await this.companies.enrichNew(em, [...new Set([...created, ...hot])]);
    return lead;
  }

  async update(em: EntityManager, principal: Principal, id: string, input: LeadUpdateInput): Promise<Lead> {
    const created: Company[] = [];
    let hot: Company[] = [];
    const lead = await em.transactional(async (tx) => {
      const l = await findOr404(tx, Lead, id, 'Lead', { populate: LEAD_POPULATE });
      assertLeadMove(l.status, input.status ?? l.status);
      await this.write(tx, principal, l.contact.getEntity(), input, created);
      if (input.status) l.status = input.status;
      hot = await this.scores.rescore(tx, principal.organizationId, { leadIds: [l.id] });
      return l;
    });
    await this.companies.enrichNew(em, [...new Set([...created, ...hot])]);
    return lead;
  }

  /** Deletes the lead, and its contact too unless it is history (superseded) or backs another record. */
  delete(em: EntityManager, id: string): Promise<DeletePayload> {
    return em.transactional(async (tx) => {
      const lead = await findOr404(tx, Lead, id, 'Lead', { populate: ['contact'] });
      const contact = lead.contact.getEntity();
      tx.remove(lead);
      const others =
        (await tx.count(Lead, { contact: contact.id, id: { $ne: lead.id } })) +
        (await tx.count(Customer, { contact: contact.id }));
      if (!contact.supersededBy && others === 0) tx.remove(contact);
      return deleted(id, 'Lead');
    });
  }

  private async write(
    tx: EntityManager,
    principal: Principal,
    contact: Contact,
    input: LeadInput | LeadUpdateInput,
    created: Company[],
  ): Promise<void> {
    await applyContactFields(tx, contact, {
      name: input.leadName,
      email: input.email,
      phone: input.phone,
      ownerId: input.ownerId,
    });
    if (input.companyName !== undefined) {
      const name = input.companyName?.trim();
      if (!name) contact.company = null;
      else {
        const { company, created: isNew } = await this.companies.findOrCreate(tx, principal.organizationId, name);
        if (isNew) created.push(company);
        contact.company = ref(company);
      }
    }
  }
}
