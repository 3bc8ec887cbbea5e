/**
 * Company enrichment (spec, Company: "created from a places search, or linked to a contact or lead by
 * company name; firmographic enrichment is added; AI analysis of the website follows"). A provider
 * answers the two steps; CompanyEnricher runs them in that order. The default provider is not
 * configured: enrichment is skipped and the company's `enrichment` says so.
 */
export interface CompanyFacts {
  name: string;
  website: string | null;
  placesId: string | null;
}

export interface Firmographics {
  industry?: string;
  employeeCount?: number;
  /** Exact decimal as a string. */
  revenue?: string;
  website?: string;
  [extra: string]: unknown;
}

export interface WebsiteAnalysis {
  summary?: string;
  services?: string[];
  [extra: string]: unknown;
}

export interface EnrichmentProvider {
  readonly name: string;
  /** False: nothing is called and the enrichment is recorded as skipped. */
  readonly configured: boolean;
  firmographics(company: CompanyFacts): Promise<Firmographics | null>;
  analyzeWebsite(url: string, company: CompanyFacts): Promise<WebsiteAnalysis | null>;
}

export class NoEnrichmentProvider implements EnrichmentProvider {
  readonly name = 'none';
  readonly configured = false;
  async firmographics(): Promise<null> {
    return null;
  }
  async analyzeWebsite(): Promise<null> {
    return null;
  }
}
