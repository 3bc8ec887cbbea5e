import type { EntityManager } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import type { EventEmitter } from '../../../events/event-emitter';
import type { FeatureGate } from '../../accounts/organizations/organization-ai.service';
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
import { linesTotal, replaceLines } from './opportunity-lines';
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

/**
 * Opportunities from conversations (issue 26, part 4; docs/sales.md "Opportunities from conversations"): a
 * conversation that asks for catalog items creates one AI-made opportunity on its contact, or updates the contact's
 * open deal that already has one of those items. Skipped when features.aiOpportunities is off.
 */
export class OpportunityFromConversation {
  constructor(
    private readonly events: EventEmitter,
    private readonly features: FeatureGate,
    /** Rental's quote engine, reached through its service (the module's `needs`). */
    private readonly quotes: Pick<QuoteService, 'price'>,
  ) {}

  async apply(tx: EntityManager, c: Conversation): Promise<Opportunity | null> {
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
    const lines = this.priced(intent, byId);
    const closeDate = closeDateOf(intent, c.at);
    const existing = await this.openDealOf(tx, c, lines);
    if (existing) return this.update(tx, existing.opp, existing.lines, c, intent, lines, closeDate);
    return this.create(tx, c, intent, lines, closeDate, byId);
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
    intent: BuyingIntent,
    asked: OpportunityLineInput[],
    closeDate: string,
  ): Promise<Opportunity> {
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
    opp.expectedCloseDate = closeDate;
    opp.aiSource = c.kind;
    opp.aiSourceId = c.sourceId;
    const evidence = intent.evidence.filter((s) => !opp.aiEvidence?.includes(s));
    opp.aiEvidence = [opp.aiEvidence, ...evidence].filter(Boolean).join('\n').slice(-4000) || null;
    await tx.flush();
    return opp;
  }

  private async create(
    tx: EntityManager,
    c: Conversation,
    intent: BuyingIntent,
    asked: OpportunityLineInput[],
    closeDate: string,
    byId: Map<string, InventoryItem>,
  ): Promise<Opportunity> {
    const contact = await tx.findOneOrFail(Contact, { id: c.contactId as string, organization: c.organizationId });
    const pipeline = await defaultPipeline(tx, c.organizationId);
    const stage = await tx.findOneOrFail(
      PipelineStage,
      { pipeline: pipeline.id, isWon: false, isLost: false },
      { orderBy: [{ position: 'asc' }] as never },
    );
    const names = intent.items.map((r) => byId.get(r.itemId)?.name).join(', ');
    const opp = new Opportunity(
      tx.getReference(Organization, c.organizationId),
      `${names} for ${contact.name}`.slice(0, 200),
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
    opp.aiEvidence = intent.evidence.join('\n').slice(0, 4000);
    opp.expectedCloseDate = closeDate;
    tx.persist(opp);
    opp.value = linesTotal(await replaceLines(tx, opp, asked));
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
