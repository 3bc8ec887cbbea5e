import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import { raw } from '@mikro-orm/core';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import type { PlainRow } from '../../../db/read-path';
import { AppError } from '../../../lib/errors';
import type { Principal } from '../../../http/principal';
import { Organization } from '../../accounts/organizations/organization.entity';
import { applyPatch, deleted, DeletePayload } from '../../../lib/fields';
import { findOr404 } from '../../../db/find-or-404';
import { Contact } from '../contacts/contact.entity';
import type { LeadScoreService } from '../leads/lead-score.service';
import { Company } from './company.entity';
import type { CompanyInput, CompanyListArgs, CompanyUpdateInput } from './company.types';
import { CompanyEnricher } from './enrichment/company-enricher';
import type { EnrichmentProvider } from './enrichment/enrichment.provider';
import type { PlaceFacts } from '../directory/places.client';

const LIST: ListSpec<Company> = {
  searchFields: ['name'],
  sortable: {
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    name: 'name',
    employeeCount: 'employeeCount',
    revenue: 'revenue',
  },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
  dateField: 'createdAt',
};

const PLAIN = ['website', 'industry', 'employeeCount', 'placesId', 'rating', 'reviewCount'] as const;
const DUPLICATE = 'A company with this name already exists in your organization';

export class CompanyService {
  constructor(
    private readonly scores: LeadScoreService,
    readonly enricher: CompanyEnricher = new CompanyEnricher(),
  ) {}

  list(em: EntityManager, args: CompanyListArgs): Promise<Page<PlainRow<Company>>> {
    return listPage(em, Company, args, LIST, {}, { plain: true });
  }

  get(em: EntityManager, id: string): Promise<Company> {
    return findOr404(em, Company, id, 'Company');
  }

  async create(em: EntityManager, principal: Principal, input: CompanyInput): Promise<Company> {
    const company = await em.transactional(async (tx) => {
      if (await this.byName(tx, input.name)) throw AppError.conflict(DUPLICATE);
      const c = new Company(tx.getReference(Organization, principal.organizationId), input.name);
      this.apply(c, input);
      tx.persist(c);
      return c;
    });
    await this.enrichNew(em, [company]);
    return company;
  }

  /**
   * A company from a places-directory place: created, or the company of the same name (ignoring case) that has
   * no place yet, linked to it (409 when that name is another place's). Rating and review count come from the
   * place; then the enrichment, whose place step is the place already read (no second directory call).
   */
  async createFromPlace(em: EntityManager, principal: Principal, place: PlaceFacts): Promise<Company> {
    const company = await em.transactional(async (tx) => {
      const named = await this.byName(tx, place.name);
      if (named?.placesId) throw AppError.conflict(DUPLICATE);
      const c = named ?? new Company(tx.getReference(Organization, principal.organizationId), place.name);
      c.placesId = place.placeId;
      c.rating = place.rating ?? c.rating;
      c.reviewCount = place.reviewCount ?? c.reviewCount;
      c.website ??= place.website;
      tx.persist(c);
      return c;
    });
    await this.enrichNew(em, [company], { place: async () => place });
    return company;
  }

  /** The leads of the company's contacts are rescored in the same transaction. */
  update(em: EntityManager, id: string, input: CompanyUpdateInput): Promise<Company> {
    return this.scores.within(em, async (tx) => {
      const company = await findOr404(tx, Company, id, 'Company');
      if (input.name !== undefined) {
        const other = await this.byName(tx, input.name);
        if (other && other.id !== company.id) throw AppError.conflict(DUPLICATE);
        company.name = input.name.trim();
      }
      this.apply(company, input);
      return { value: company, organizationId: company.organization.id, touched: { companyIds: [company.id] } };
    });
  }

  /** Contacts of a deleted company keep existing, without a company; their leads are rescored without it. */
  delete(em: EntityManager, id: string): Promise<DeletePayload> {
    return this.scores.within(em, async (tx) => {
      const company = await findOr404(tx, Company, id, 'Company');
      const contacts = await tx.find(Contact, { company: company.id });
      for (const c of contacts) c.company = null;
      tx.remove(company);
      return {
        value: deleted(id, 'Company'),
        organizationId: company.organization.id,
        touched: { contactIds: contacts.map((c) => c.id) },
      };
    });
  }

  /**
   * Runs the enrichment now with the organization's providers (none configured: it records that it skipped);
   * rescores its leads.
   */
  async enrich(em: EntityManager, id: string): Promise<Company> {
    const company = await findOr404(em, Company, id, 'Company');
    await this.enricher.enrich(em, company);
    await em.flush();
    await this.rescoreAfterEnrichment(em, [company]);
    return company;
  }

  /** The organization's company of that name (ignoring case), or a new one: how leads link by company name. */
  async findOrCreate(
    em: EntityManager,
    organizationId: string,
    name: string,
  ): Promise<{ company: Company; created: boolean }> {
    const found = await this.byName(em, name);
    if (found) return { company: found, created: false };
    const company = new Company(em.getReference(Organization, organizationId), name);
    em.persist(company);
    return { company, created: true };
  }

  /**
   * After the transaction that created them has committed: enrichment calls a third party, so it never
   * runs inside a transaction, and only when the organization has a provider configured (a stored
   * credential, or one wired in code). `known` answers steps already answered (the place of from-place).
   */
  async enrichNew(em: EntityManager, companies: Company[], known?: Partial<EnrichmentProvider>): Promise<void> {
    const organizationId = companies[0]?.organization.id;
    if (!organizationId) return;
    const provider = await this.enricher.providerFor(em, organizationId);
    if (!provider.configured) return;
    const answering = known ? Object.assign(Object.create(provider) as EnrichmentProvider, known) : provider;
    for (const c of companies) await this.enricher.enrich(em, c, answering);
    await em.flush();
    await this.rescoreAfterEnrichment(em, companies);
  }

  /** What the enrichment found (industry, website, its analysis) feeds the lead score: rescore, no further enrichment. */
  private async rescoreAfterEnrichment(em: EntityManager, companies: Company[]): Promise<void> {
    const organizationId = companies[0]?.organization.id;
    if (!organizationId) return;
    await em.transactional((tx) => this.scores.rescore(tx, organizationId, { companyIds: companies.map((c) => c.id) }));
  }

  private byName(em: EntityManager, name: string): Promise<Company | null> {
    return em.findOne(Company, { [raw((alias) => `lower(${alias}.name)`)]: name.trim().toLowerCase() } as never);
  }

  private apply(company: Company, input: CompanyInput | CompanyUpdateInput): void {
    applyPatch(company, input, PLAIN);
    if (input.revenue !== undefined)
      company.revenue = input.revenue === null ? null : new Decimal(input.revenue).toFixed(2);
    if (input.serviceAreas !== undefined)
      company.serviceAreas = (input.serviceAreas ?? []).map((a) => a.trim()).filter(Boolean);
  }
}
