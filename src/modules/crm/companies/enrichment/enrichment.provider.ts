import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Company enrichment (spec, Company: "created from a places search, or linked to a contact or lead by
 * company name; firmographic enrichment is added; AI analysis of the website follows"). A provider
 * answers the steps; CompanyEnricher runs them in that order. Without a provider (no credential stored by
 * the organization, none wired in code) enrichment is skipped and the company's `enrichment` says so.
 */
export interface CompanyFacts {
  name: string;
  website: string | null;
  placesId: string | null;
}

/** What the places directory says of the company's place: the lead score's rating and review count. */
export interface PlaceSignals {
  rating: number | null;
  reviewCount: number | null;
  website: string | null;
  address?: string | null;
  phone?: string | null;
  types?: string[];
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
  summary?: string | null;
  services?: string[];
  /** 0-1: the lead score's website signal. */
  quality?: number;
  serviceAreas?: string[];
  /** Equipment the site mentions (what a rental yard could offer the company). */
  equipment?: string[];
  title?: string | null;
  url?: string;
  words?: number;
}

export interface EnrichmentProvider {
  readonly name: string;
  /** False: nothing is called and the enrichment is recorded as skipped. */
  readonly configured: boolean;
  /** Refreshes the place of a company that has a placesId; absent: the step is skipped. */
  place?(company: CompanyFacts): Promise<PlaceSignals | null>;
  /** Absent: the step is skipped (no firmographic credential). */
  firmographics?(company: CompanyFacts): Promise<Firmographics | null>;
  analyzeWebsite(url: string, company: CompanyFacts): Promise<WebsiteAnalysis | null>;
}

/** The provider of one organization (its stored credentials): how enrichment finds what to call. */
export type EnrichmentSources = (em: EntityManager, organizationId: string) => Promise<EnrichmentProvider>;

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
