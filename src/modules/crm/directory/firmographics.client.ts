import type { EntityManager } from '@mikro-orm/postgresql';
import type { Firmographics } from '../companies/enrichment/enrichment.provider';
import type { ProviderCaller } from './provider-call';

const PROVIDER = 'The firmographic provider';
/** People Data Labs' confidence (1-10) below which a match is not taken. */
const MIN_LIKELIHOOD = 4;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** The host of a website (`https://www.acme.example/about` -> `acme.example`): PDL matches companies by domain. */
function domainOf(website: string | null): string | undefined {
  if (!website) return undefined;
  try {
    return new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`).hostname.replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

/**
 * People Data Labs Company Enrichment (`GET /v5/company/enrich?name=&website=`, key in `X-Api-Key`): a
 * flat company profile with `likelihood`; 404 when nothing matches. Kept: industry, employee count, website,
 * size, founding year, location, tags, summary, and the inferred revenue range as given.
 */
export class FirmographicsClient {
  constructor(
    private readonly baseUrl: string,
    private readonly caller: ProviderCaller,
  ) {}

  async enrich(
    em: EntityManager,
    organizationId: string,
    apiKey: string,
    company: { name: string; website: string | null },
  ): Promise<Firmographics | null> {
    const params = new URLSearchParams({ name: company.name, min_likelihood: String(MIN_LIKELIHOOD) });
    const domain = domainOf(company.website);
    if (domain) params.set('website', domain);
    const req = {
      provider: PROVIDER,
      url: `${this.baseUrl}/v5/company/enrich?${params.toString()}`,
      headers: { 'X-Api-Key': apiKey },
    };
    const answer = await this.caller.call(em, organizationId, req);
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw this.caller.refused(req, answer);
    const p = answer.json;
    const employees =
      typeof p.employee_count === 'number' && Number.isInteger(p.employee_count) ? p.employee_count : undefined;
    const website = str(p.website);
    const location = p.location && typeof p.location === 'object' ? (p.location as Record<string, unknown>) : {};
    return {
      source: 'peopledatalabs',
      likelihood: typeof p.likelihood === 'number' ? p.likelihood : undefined,
      industry: str(p.industry)?.slice(0, 100),
      employeeCount: employees,
      website: website ? (/^https?:\/\//i.test(website) ? website : `https://${website}`).slice(0, 500) : undefined,
      size: str(p.size),
      founded: typeof p.founded === 'number' ? p.founded : undefined,
      location: str(location.name),
      inferredRevenue: str(p.inferred_revenue),
      categories: Array.isArray(p.tags)
        ? p.tags.filter((t): t is string => typeof t === 'string').slice(0, 20)
        : undefined,
      summary: str(p.summary)?.slice(0, 1000),
    };
  }
}
