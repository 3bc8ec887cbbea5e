import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import { scoreLead, type LeadSignals } from '../../../ai/insights/lead-score';
import { type JobSender, transactionalJobs } from '../../../jobs/job-queue';
import { clock } from '../../../lib/clock';
import type { OrganizationAiService } from '../../accounts/organizations/organization-ai.service';
import type { Company } from '../companies/company.entity';
import type { Contact } from '../contacts/contact.entity';
import { LeadScoreBand } from './lead-score.types';
import { Lead } from './lead.entity';

/** Bumped when the scoring rules change: every lead scored under older rules is rescored on read. */
const RULES_VERSION = 'v2'; // v2: the website analysis' equipment joins the business text
const BACKFILL_BATCH = 200;
/** Batches a read scores itself before it leaves the rest to a job (1,000 leads: a keyword change of a small team). */
const READ_BATCHES = 5;
/** The queue of backfills too large for a read (its migration: Migration20261231100000_lead_score_queue). */
export const LEAD_SCORE_QUEUE = 'lead-score-backfill';

/** Which leads a change touches: the lead itself, the leads of a contact, the leads whose contact is of a company. */
export interface ScoreTarget {
  leadIds?: string[];
  contactIds?: string[];
  companyIds?: string[];
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const texts = (...vs: unknown[]): string[] =>
  vs.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v): v is string => typeof v === 'string' && v.trim() !== '');

/**
 * The five signals of a lead (docs/ai.md, "Lead scoring 0-7") from its contact and company: rating and
 * review count from the company (or what the enrichment's firmographics found), website quality from the
 * enrichment's website analysis (`quality`, 0-1), contact fields from the contact, and the business text
 * (lead and company names, industry, the website analysis' summary, services and equipment, firmographic
 * categories)
 * where the organization's target keywords are looked for.
 */
export function leadSignals(contact: Contact, company: Company | null): LeadSignals {
  const enrichment = record(company?.enrichment);
  const firmographics = record(enrichment.firmographics);
  const site = record(enrichment.websiteAnalysis);
  const address = texts(contact.address, contact.city, contact.state, contact.zipCode).join(', ');
  return {
    rating: company?.rating ?? num(firmographics.rating),
    reviewCount: company?.reviewCount ?? num(firmographics.reviewCount),
    website: company?.website ?? null,
    websiteQuality: num(site.quality),
    phone: contact.phone,
    email: contact.email,
    address: address || null,
    contactName: contact.name,
    businessText: texts(
      contact.name,
      company?.name,
      company?.industry,
      firmographics.industry,
      firmographics.categories,
      site.summary,
      site.services,
      site.equipment,
    ).join('. '),
  };
}

/**
 * Lead scores, kept current: `rescore` runs in the transaction of every change of a lead, its contact or
 * its company (lead, contact, customer and company services call it); `current` scores, before the leads
 * list or a lead is read, the leads of the organization never scored or scored with other target keywords
 * or rules (existing leads after the migration, every lead after a keyword change), and leaves what is more
 * than a read should do to the backfill job (lead-score.job.ts). Hot leads (score at or
 * above the organization's hotLeadThreshold, default 6) are returned so the caller can have their company
 * enriched after the commit (enrichment calls a third party and never runs inside a transaction).
 */
export class LeadScoreService {
  /** Enriches the companies of hot leads after the commit (CompanyService.enrichNew; set by crm.services). */
  enrichHot: (em: EntityManager, companies: Company[]) => Promise<void> = async () => undefined;

  constructor(
    private readonly aiAccess: OrganizationAiService,
    private readonly jobs: JobSender = transactionalJobs,
  ) {}

  /**
   * One change in one transaction with the rescoring of the leads it touched (`work` names them), then the
   * enrichment of the companies of leads that became hot, after the commit.
   */
  async within<T>(
    em: EntityManager,
    work: (tx: EntityManager) => Promise<{ value: T; organizationId: string; touched: ScoreTarget }>,
  ): Promise<T> {
    let hot: Company[] = [];
    const value = await em.transactional(async (tx) => {
      const { value: v, organizationId, touched } = await work(tx);
      hot = await this.rescore(tx, organizationId, touched);
      return v;
    });
    await this.enrichHot(em, hot);
    return value;
  }

  /** Rescores the leads the change touches; flushes the pending change first so the lookup sees it. */
  async rescore(tx: EntityManager, organizationId: string, target: ScoreTarget): Promise<Company[]> {
    const or: FilterQuery<Lead>[] = [];
    if (target.leadIds?.length) or.push({ id: { $in: target.leadIds } });
    if (target.contactIds?.length) or.push({ contact: { $in: target.contactIds } });
    if (target.companyIds?.length) or.push({ contact: { company: { $in: target.companyIds } } });
    if (or.length === 0) return [];
    if (!(await this.aiAccess.featureOn(tx, organizationId, 'leadScoring'))) return []; // scores stay as they were
    await tx.flush();
    const leads = await tx.find(Lead, { $or: or }, { populate: ['contact', 'contact.company'] });
    return this.apply(tx, organizationId, leads);
  }

  /**
   * Before a read: scores up to READ_BATCHES batches of the organization's stale leads; when more are left, puts
   * the organization's backfill job on its queue (one waits at a time) and the read goes on with those leads' scores
   * as they were (docs/ai.md, "Backfill"). The job itself does the same with more batches, and queues the next.
   */
  async current(em: EntityManager, organizationId: string, batches = READ_BATCHES): Promise<void> {
    if (await this.backfill(em, organizationId, batches)) return;
    await em.transactional((tx) =>
      this.jobs.send(tx, LEAD_SCORE_QUEUE, { organizationId }, { singletonKey: organizationId }),
    );
  }

  /**
   * Scores the organization's leads whose score is missing or stale, in batches, each batch one transaction, at most
   * `batches` of them. Answers whether none is left.
   */
  private async backfill(em: EntityManager, organizationId: string, batches: number): Promise<boolean> {
    if (!(await this.aiAccess.featureOn(em, organizationId, 'leadScoring'))) return true;
    const basis = await this.basis(em, organizationId);
    for (let batch = 0; batch < batches; batch++) {
      const done = await em.transactional(async (tx) => {
        const stale = await tx.find(
          Lead,
          { $or: [{ scoreBasis: null }, { scoreBasis: { $ne: basis.digest } }] },
          { populate: ['contact', 'contact.company'], limit: BACKFILL_BATCH, orderBy: { id: 'asc' } },
        );
        await this.apply(tx, organizationId, stale, basis);
        return stale.length < BACKFILL_BATCH;
      });
      if (done) return true;
    }
    return false;
  }

  private async basis(em: EntityManager, organizationId: string) {
    const settings = await this.aiAccess.settings(em, organizationId);
    const keywords = settings.targetKeywords;
    const normalized = [...new Set(keywords.map((k) => k.trim().toLowerCase()))].sort();
    const digest = createHash('sha256')
      .update(JSON.stringify([RULES_VERSION, normalized]))
      .digest('hex')
      .slice(0, 16);
    const hotFrom = settings.autoEnrichHotLeads ? settings.hotLeadThreshold : null;
    return { keywords, digest, hotFrom };
  }

  private async apply(
    tx: EntityManager,
    organizationId: string,
    leads: Lead[],
    known?: Awaited<ReturnType<LeadScoreService['basis']>>,
  ): Promise<Company[]> {
    if (leads.length === 0) return [];
    const basis = known ?? (await this.basis(tx, organizationId));
    const hot: Company[] = [];
    const now = clock.now();
    for (const lead of leads) {
      const contact = lead.contact.getEntity();
      const company = contact.company?.getEntity() ?? null;
      const result = scoreLead(leadSignals(contact, company), basis.keywords);
      lead.score = result.score;
      lead.scoreBand = result.band as LeadScoreBand;
      lead.scoreSignals = result.signals;
      lead.scoreBasis = basis.digest;
      lead.scoredAt = now;
      if (basis.hotFrom !== null && result.score >= basis.hotFrom && company && !company.enrichedAt) hot.push(company);
    }
    return [...new Set(hot)];
  }
}
