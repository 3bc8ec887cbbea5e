import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../../http/principal';
import { AppError } from '../../../lib/errors';
import { Company } from '../companies/company.entity';
import type { CompanyService } from '../companies/company.service';
import type { DirectoryProviders } from './directory-providers';
import type { DirectoryPlace, DirectorySearchArgs } from './directory.types';

/**
 * The places directory (docs/crm.md, "Places directory"): a search with the organization's key, each result
 * saying which of the organization's companies it already is, and a company made from one result, once per
 * place per organization (the unique index on the places id; 409 for a second time).
 */
export class DirectoryService {
  constructor(
    private readonly providers: DirectoryProviders,
    private readonly companies: CompanyService,
  ) {}

  async search(em: EntityManager, organizationId: string, args: DirectorySearchArgs): Promise<DirectoryPlace[]> {
    const key = await this.providers.placesKey(em, organizationId);
    const places = await this.providers.places.search(em, organizationId, key, args.q.trim(), args.limit ?? 10);
    const ids = places.map((p) => p.placeId);
    const known = ids.length ? await em.find(Company, { placesId: { $in: ids } }, { fields: ['id', 'placesId'] }) : [];
    const companyOf = new Map(known.map((c) => [c.placesId, c.id]));
    return places.map((p) => ({ ...p, companyId: companyOf.get(p.placeId) ?? null }));
  }

  /** Place Details of the id, then the company (created, or the same-named one linked), then its enrichment. */
  async createCompany(em: EntityManager, principal: Principal, placeId: string): Promise<Company> {
    const existing = await em.findOne(Company, { placesId: placeId }, { fields: ['id'] });
    if (existing) throw AppError.conflict(`A company was already created from this place: ${existing.id}`);
    const key = await this.providers.placesKey(em, principal.organizationId);
    const place = await this.providers.places.details(em, principal.organizationId, key, placeId);
    return this.companies.createFromPlace(em, principal, place);
  }
}
