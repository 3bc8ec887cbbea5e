import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import { clock } from '../../../../lib/clock';
import type { Company } from '../company.entity';
import { DECIMAL } from '../company.types';
import {
  NoEnrichmentProvider,
  type CompanyFacts,
  type EnrichmentProvider,
  type EnrichmentSources,
} from './enrichment.provider';

type StepName = 'place' | 'firmographics' | 'websiteAnalysis';
interface Step {
  step: StepName;
  status: 'done' | 'empty' | 'failed' | 'skipped';
  message?: string;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 300);

/**
 * Runs the enrichment steps in the spec's order on a company (the caller flushes): the place of a company
 * with a places id (rating, review count; no such step without one), then firmographics (filling only the fields the
 * company does not have yet), then the analysis of the website, which may be the one the earlier steps just
 * found. A failing step is recorded, never thrown. The provider is the organization's (its stored
 * credentials), unless one is wired in code (`provider`, configured: tests, a custom deployment).
 */
export class CompanyEnricher {
  constructor(
    public provider: EnrichmentProvider = new NoEnrichmentProvider(),
    private readonly sources: EnrichmentSources = async () => new NoEnrichmentProvider(),
  ) {}

  providerFor(em: EntityManager, organizationId: string): Promise<EnrichmentProvider> {
    return this.provider.configured ? Promise.resolve(this.provider) : this.sources(em, organizationId);
  }

  async enrich(em: EntityManager, company: Company, known?: EnrichmentProvider): Promise<void> {
    const provider = known ?? (await this.providerFor(em, company.organization.id));
    const at = clock.now();
    if (!provider.configured) {
      company.enrichment = {
        status: 'skipped',
        provider: provider.name,
        message:
          'No enrichment provider is configured: nothing was looked up (store googlePlacesApiKey or enrichmentApiKey in the integration settings)',
        at: at.toISOString(),
      };
      return;
    }
    const facts = (): CompanyFacts => ({ name: company.name, website: company.website, placesId: company.placesId });
    const steps: Step[] = [];
    const result: Record<string, unknown> = {};
    const run = async <T>(
      step: StepName,
      call: (() => Promise<T | null>) | null,
      apply: (v: T) => void,
      why: string,
    ) => {
      if (!call) return steps.push({ step, status: 'skipped', message: why });
      try {
        const value = await call();
        if (value) {
          result[step] = value;
          apply(value);
        }
        steps.push({ step, status: value ? 'done' : 'empty' });
      } catch (e) {
        steps.push({ step, status: 'failed', message: message(e) });
      }
    };

    const place = provider.place?.bind(provider);
    const firmographics = provider.firmographics?.bind(provider);
    if (company.placesId)
      await run(
        'place',
        place ? () => place(facts()) : null,
        (p) => {
          company.rating = p.rating ?? company.rating;
          company.reviewCount = p.reviewCount ?? company.reviewCount;
          company.website ??= p.website;
        },
        'no places directory credential',
      );
    await run(
      'firmographics',
      firmographics ? () => firmographics(facts()) : null,
      (f) => {
        company.industry ??= f.industry ?? null;
        company.employeeCount ??=
          typeof f.employeeCount === 'number' && Number.isInteger(f.employeeCount) ? f.employeeCount : null;
        company.revenue ??= f.revenue && DECIMAL.test(f.revenue) ? new Decimal(f.revenue).toFixed(2) : null;
        company.website ??= f.website ?? null;
      },
      'no firmographic credential',
    );
    const website = company.website;
    await run(
      'websiteAnalysis',
      website ? () => provider.analyzeWebsite(website, facts()) : null,
      (w) => {
        if (company.serviceAreas.length === 0 && Array.isArray(w.serviceAreas))
          company.serviceAreas = w.serviceAreas.filter((a): a is string => typeof a === 'string').slice(0, 20);
      },
      'the company has no website',
    );

    const failed = steps.some((s) => s.status === 'failed');
    company.enrichment = {
      status: failed ? 'partial' : 'enriched',
      provider: provider.name,
      at: at.toISOString(),
      steps,
      ...result,
    };
    company.enrichedAt = at;
  }
}
