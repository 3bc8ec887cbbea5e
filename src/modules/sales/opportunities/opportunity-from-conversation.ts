import type { EntityManager } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import type { EventEmitter } from '../../../events/event-emitter';
import type { FeatureGate, OrganizationAiService } from '../../accounts/organizations/organization-ai.service';
import { detectBuyingIntent, BuyingIntent } from '../../../ai/local/buying-intent';
import { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Contact } from '../../crm/contacts/contact.entity';
import { InventoryItem, InventoryStatus } from '../../rental/inventory/inventory-item.entity';
import type { QuoteService } from '../../rental/inventory/quote.service';
import { daysInclusive } from '../../../lib/calendar-days';
import { PipelineStage } from '../pipelines/pipeline-stage.entity';
import { defaultPipeline } from '../pipelines/default-pipeline';
import { Opportunity, OpportunityStatus } from './opportunity.entity';
import { OpportunityLine } from './opportunity-line.entity';
import { OpportunityProposal } from './opportunity-proposal.entity';
import { linesTotal, replaceLines, sumLines } from './opportunity-lines';
import { recordCreation } from './stage-history';
import { createdEvent } from './opportunity-events';
import type { OpportunityLineInput } from './opportunity.types';

/** A stored conversation of a contact: an activity (email, call, meeting, sms) or a voice memo. */
export interface Conversation {
  organizationId: string;
  contactId: string | null;
  /** email, call, meeting, sms, voice_memo: the opportunity's aiSource. */
  kind: string;
  sourceId: string;
  text: string | null;
  at: Date;
  authorId: string | null;
}

/** Rental days priced when the conversation names no period (docs/sales.md). */
export const DEFAULT_RENTAL_DAYS = 7;
const CATALOG_LIMIT = 5000;

/** What a deal from a conversation is made of: its lines priced, its close date, the asking sentences. */
export interface AskedDeal {
  /** The opportunity's name; default "<items> for <contact>". */
  name?: string;
  names: string;
  lines: OpportunityLineInput[];
  closeDate: string;
  evidence: string[];
}

/**
 * Opportunities from conversations (issue 26, part 4; docs/sales.md "Opportunities from conversations"): a
 * conversation that asks for catalog items creates one AI-made opportunity on its contact, or updates the contact's
 * open deal that already has one of those items; with aiSettings.opportunityMode `propose` it stores a proposal
 * instead, which a member accepts (`decide`, the same making or updating) or dismisses. Skipped when
 * features.aiOpportunities is off.
 */
export class OpportunityFromConversation {
  constructor(
    private readonly events: EventEmitter,
    private readonly features: FeatureGate & Pick<OrganizationAiService, 'settings'>,
    /** Rental's quote engine, reached through its service (the module's `needs`). */
    private readonly quotes: Pick<QuoteService, 'price'>,
  ) {}

  async apply(tx: EntityManager, c: Conversation): Promise<Opportunity | OpportunityProposal | null> {
    const text = c.text?.trim();
    if (!text || !c.contactId) return null;
    if (!(await this.features.featureOn(tx, c.organizationId, 'aiOpportunities'))) return null;
    const catalog = await tx.find(
      InventoryItem,
      { organization: c.organizationId, status: { $ne: InventoryStatus.retired } },
      { orderBy: { createdAt: 'asc' }, limit: CATALOG_LIMIT },
    );
    const intent = detectBuyingIntent(text, catalog, c.at);
    if (!intent.hasIntent) return null;
    const byId = new Map(catalog.map((i) => [i.id, i]));
    const deal: AskedDeal = {
      names: intent.items.map((r) => byId.get(r.itemId)?.name).join(', '),
      lines: this.priced(intent, byId),
      closeDate: closeDateOf(intent, c.at),
      evidence: intent.evidence,
    };
    const { opportunityMode } = await this.features.settings(tx, c.organizationId);
    // The setting's value, not accounts' enum: another module is reached at run time only through entities and needs.
    if ((opportunityMode as string) === 'propose') return this.propose(tx, c, deal);
    return this.make(tx, c, deal);
  }

  /** The opportunity made, or the contact's open deal with one of the items updated. */
  async make(tx: EntityManager, c: Conversation, deal: AskedDeal): Promise<Opportunity> {
    const existing = await this.openDealOf(tx, c, deal.lines);
    if (existing) return this.update(tx, existing.opp, existing.lines, c, deal);
    return this.create(tx, c, deal);
  }

  /** Propose mode: the deal stored for a member to accept; one per conversation (a repeat is ignored). */
  private async propose(tx: EntityManager, c: Conversation, deal: AskedDeal): Promise<OpportunityProposal | null> {
    const same = { organization: c.organizationId, aiSource: c.kind, aiSourceId: c.sourceId };
    if (await tx.count(OpportunityProposal, same)) return null;
    const contact = await tx.findOneOrFail(Contact, { id: c.contactId as string, organization: c.organizationId });
    const proposal = tx.create(OpportunityProposal, {
      organization: c.organizationId,
      contact,
      name: `${deal.names} for ${contact.name}`.slice(0, 200),
      value: sumLines(deal.lines),
      expectedCloseDate: deal.closeDate,
      lines: deal.lines.map((l) => ({
        itemId: l.itemId ?? null,
        description: l.description ?? '',
        quantity: l.quantity,
        unitPrice: l.unitPrice,
      })),
      evidence: deal.evidence.join('\n').slice(0, 4000),
      aiSource: c.kind,
      aiSourceId: c.sourceId,
    } as never);
    await tx.flush();
    return proposal;
  }

  /** Each requested item priced by the quote engine over the asked period (DEFAULT_RENTAL_DAYS without one). */
  private priced(intent: BuyingIntent, byId: Map<string, InventoryItem>): OpportunityLineInput[] {
    const days =
      intent.startDate && intent.endDate
        ? daysInclusive(intent.startDate, intent.endDate)
        : (intent.days ?? DEFAULT_RENTAL_DAYS);
    return intent.items.map((r) => {
      const item = byId.get(r.itemId) as InventoryItem;
      const price = this.quotes.price(item, days, r.quantity);
      return { itemId: item.id, quantity: r.quantity, unitPrice: price.unitPrice, description: item.name };
    });
  }

  /** The contact's most recently changed open deal with one of the items asked for, with its lines. */
  private async openDealOf(
    tx: EntityManager,
    c: Conversation,
    asked: OpportunityLineInput[],
  ): Promise<{ opp: Opportunity; lines: OpportunityLine[] } | null> {
    const open = await tx.find(
      Opportunity,
      { organization: c.organizationId, contact: c.contactId, status: OpportunityStatus.open },
      { orderBy: { updatedAt: 'desc' }, limit: 50 },
    );
    if (!open.length) return null;
    const lines = await tx.find(OpportunityLine, { opportunity: { $in: open.map((o) => o.id) } });
    const ids = new Set(asked.map((l) => l.itemId));
    const opp = open.find((o) => lines.some((l) => l.opportunity.id === o.id && l.item && ids.has(l.item.id)));
    return opp ? { opp, lines: lines.filter((l) => l.opportunity.id === opp.id) } : null;
  }

  /** The deal's lines with the asked items' new quantities and prices; its other lines kept. Value re-summed. */
  private async update(
    tx: EntityManager,
    opp: Opportunity,
    current: OpportunityLine[],
    c: Conversation,
    deal: AskedDeal,
  ): Promise<Opportunity> {
    const asked = deal.lines;
    const askedIds = new Set(asked.map((l) => l.itemId));
    const kept: OpportunityLineInput[] = current
      .filter((l) => !l.item || !askedIds.has(l.item.id))
      .sort((a, b) => a.position - b.position)
      .map((l) => ({
        itemId: l.item?.id ?? null,
        description: l.description,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
      }));
    const lines = await replaceLines(tx, opp, [...kept, ...asked], current);
    opp.value = linesTotal(lines);
    opp.expectedCloseDate = deal.closeDate;
    opp.aiSource = c.kind;
    opp.aiSourceId = c.sourceId;
    const evidence = deal.evidence.filter((s) => !opp.aiEvidence?.includes(s));
    opp.aiEvidence = [opp.aiEvidence, ...evidence].filter(Boolean).join('\n').slice(-4000) || null;
    await tx.flush();
    return opp;
  }

  private async create(tx: EntityManager, c: Conversation, deal: AskedDeal): Promise<Opportunity> {
    const contact = await tx.findOneOrFail(Contact, { id: c.contactId as string, organization: c.organizationId });
    const pipeline = await defaultPipeline(tx, c.organizationId);
    const stage = await tx.findOneOrFail(
      PipelineStage,
      { pipeline: pipeline.id, isWon: false, isLost: false },
      { orderBy: [{ position: 'asc' }] as never },
    );
    const opp = new Opportunity(
      tx.getReference(Organization, c.organizationId),
      (deal.name ?? `${deal.names} for ${contact.name}`).slice(0, 200),
      stage,
      c.at,
    );
    opp.contact = ref(contact);
    if (contact.company) opp.company = contact.company;
    const ownerId = contact.owner?.id ?? c.authorId;
    opp.owner = ownerId ? ref(tx.getReference(User, ownerId)) : null;
    opp.isAiGenerated = true;
    opp.aiSource = c.kind;
    opp.aiSourceId = c.sourceId;
    opp.aiEvidence = deal.evidence.join('\n').slice(0, 4000);
    opp.expectedCloseDate = deal.closeDate;
    tx.persist(opp);
    opp.value = linesTotal(await replaceLines(tx, opp, deal.lines));
    recordCreation(tx, opp, null);
    this.events.emit(tx, c.organizationId, 'opportunity.created', createdEvent(opp, stage, null));
    await tx.flush();
    return opp;
  }
}

/** The rental's first day when the text names one still ahead; else a week after the conversation. */
function closeDateOf(intent: BuyingIntent, at: Date): string {
  const day = at.toISOString().slice(0, 10);
  if (intent.startDate && intent.startDate >= day) return intent.startDate;
  return new Date(at.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
}
