import Decimal from 'decimal.js';
import { clock } from '../../../../lib/clock';
import type { Company } from '../company.entity';
import { DECIMAL } from '../company.types';
import type { EnrichmentProvider } from './enrichment.provider';

type StepStatus = 'done' | 'empty' | 'failed' | 'skipped';
interface Step {
  step: 'firmographics' | 'websiteAnalysis';
  status: StepStatus;
  message?: string;
}

/**
 * Runs the enrichment steps in the spec's order on a company (the caller flushes): firmographics first
 * (filling only the fields the company does not have yet), then the analysis of the website, which may
 * be the one the firmographics just found. A failing step is recorded, never thrown.
 */
export class CompanyEnricher {
  constructor(public provider: EnrichmentProvider) {}

  async enrich(company: Company): Promise<void> {
    const at = clock.now();
    if (!this.provider.configured) {
      company.enrichment = {
        status: 'skipped',
        provider: this.provider.name,
        message: 'No enrichment provider is configured: nothing was looked up',
        at: at.toISOString(),
      };
      return;
    }
    const facts = () => ({ name: company.name, website: company.website, placesId: company.placesId });
    const steps: Step[] = [];
    const result: Record<string, unknown> = {};

    try {
      const f = await this.provider.firmographics(facts());
      if (f) {
        result.firmographics = f;
        company.industry ??= f.industry ?? null;
        company.employeeCount ??=
          typeof f.employeeCount === 'number' && Number.isInteger(f.employeeCount) ? f.employeeCount : null;
        company.revenue ??= f.revenue && DECIMAL.test(f.revenue) ? new Decimal(f.revenue).toFixed(2) : null;
        company.website ??= f.website ?? null;
      }
      steps.push({ step: 'firmographics', status: f ? 'done' : 'empty' });
    } catch (e) {
      steps.push({ step: 'firmographics', status: 'failed', message: (e as Error).message });
    }

    if (!company.website)
      steps.push({ step: 'websiteAnalysis', status: 'skipped', message: 'the company has no website' });
    else {
      try {
        const w = await this.provider.analyzeWebsite(company.website, facts());
        if (w) result.websiteAnalysis = w;
        steps.push({ step: 'websiteAnalysis', status: w ? 'done' : 'empty' });
      } catch (e) {
        steps.push({ step: 'websiteAnalysis', status: 'failed', message: (e as Error).message });
      }
    }

    const failed = steps.some((s) => s.status === 'failed');
    company.enrichment = {
      status: failed ? 'partial' : 'enriched',
      provider: this.provider.name,
      at: at.toISOString(),
      steps,
      ...result,
    };
    company.enrichedAt = at;
  }
}
