import type { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import { ref } from '@mikro-orm/core';
import type { AiFor } from '../../accounts/organizations/organization-ai.service';
import { sentimentTrend } from '../../../ai/insights/sentiment-trend';
import type { ContactSentiment } from './sentiment.types';
import { findOr404, referenced } from '../../../db/find-or-404';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import type { Principal } from '../../../http/principal';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { deleted, DeletePayload } from '../../../lib/fields';
import { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Contact } from '../../crm/contacts/contact.entity';
import { Opportunity } from '../../sales/opportunities/opportunity.entity';
import { Activity, ActivityDirection, ActivitySource, ActivityType, SentimentLabel } from './activity.entity';
import type { ConversationSink } from '../extraction/conversation-sink';
import type { ActivityInput, ActivityListArgs, ActivityUpdateInput, RecordActivity } from './activity.types';

const LIST: ListSpec<Activity> = {
  searchFields: ['subject', 'body'],
  sortable: {
    occurredAt: 'occurredAt',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    type: 'type',
    subject: 'subject',
  },
  defaultSort: { field: 'occurredAt', order: SortOrder.desc },
  dateField: 'occurredAt',
};

/** The content a webhook wrote: what the provider said happened cannot be rewritten by a user. */
const WEBHOOK_CONTENT = [
  'type',
  'direction',
  'occurredAt',
  'subject',
  'body',
  'durationSeconds',
  'recordingUrl',
  'sentimentScore',
  'sentimentLabel',
] as const;
const EDITABLE = [...WEBHOOK_CONTENT, 'summary'] as const;

/**
 * The activity log (docs/communications.md). `record` is the one place an activity row is made, by a user, an
 * outbound message or a provider webhook: it moves the contact's lastContactedAt forward, never back.
 */
export class ActivityService {
  constructor(
    private readonly aiFor: AiFor,
    private readonly conversations: ConversationSink,
  ) {}

  list(em: EntityManager, args: ActivityListArgs): Promise<Page<Activity>> {
    const where: Record<string, unknown>[] = [];
    const plain = {
      contact: args.contactId,
      type: args.type,
      direction: args.direction,
      source: args.source,
      author: args.authorId,
      opportunity: args.opportunityId,
    };
    for (const [k, v] of Object.entries(plain)) if (v !== undefined) where.push({ [k]: v });
    if (args.ownerId) where.push({ contact: { owner: args.ownerId } });
    return listPage(em, Activity, args, LIST, { $and: where } as FilterQuery<Activity>);
  }

  get(em: EntityManager, id: string): Promise<Activity> {
    return findOr404(em, Activity, id, 'Activity');
  }

  async create(em: EntityManager, principal: Principal, input: ActivityInput): Promise<Activity> {
    const analysis = await this.analyse(em, principal.organizationId, input);
    return em.transactional(async (tx) => {
      await referenced(tx, Contact, input.contactId, 'contactId');
      if (input.opportunityId) await referenced(tx, Opportunity, input.opportunityId, 'opportunityId');
      return this.record(tx, {
        ...input,
        ...analysis,
        organizationId: principal.organizationId,
        occurredAt: input.occurredAt ?? clock.now(),
        source: ActivitySource.user,
        authorId: principal.userId,
      });
    });
  }

  async update(em: EntityManager, principal: Principal, id: string, input: ActivityUpdateInput): Promise<Activity> {
    const current = await this.get(em, id);
    if (current.source === ActivitySource.webhook) {
      const locked = WEBHOOK_CONTENT.filter((k) => input[k] !== undefined);
      if (locked.length)
        throw AppError.validation(
          locked.map((field) => ({
            field,
            message: `${field} of an activity recorded by a provider webhook cannot change`,
          })),
          'A webhook-made activity is read-only in its content; only opportunityId and summary can change',
        );
    }
    const analysis =
      input.body !== undefined ? await this.analyse(em, principal.organizationId, { ...input, body: input.body }) : {};
    return em.transactional(async (tx) => {
      const activity = await findOr404(tx, Activity, id, 'Activity');
      if (input.opportunityId !== undefined) {
        if (input.opportunityId) await referenced(tx, Opportunity, input.opportunityId, 'opportunityId');
        activity.opportunity = input.opportunityId ? ref(tx.getReference(Opportunity, input.opportunityId)) : null;
      }
      const patch = { ...analysis, ...defined(input) } as Record<string, unknown>;
      for (const key of EDITABLE)
        if (patch[key] !== undefined) (activity as unknown as Record<string, unknown>)[key] = patch[key];
      if (input.occurredAt) await this.touchContact(tx, activity.contact.id, input.occurredAt);
      return activity;
    });
  }

  delete(em: EntityManager, id: string): Promise<DeletePayload> {
    return em.transactional(async (tx) => {
      tx.remove(await findOr404(tx, Activity, id, 'Activity'));
      return deleted(id, 'Activity');
    });
  }

  /** The contact's sentiment trend over its last 100 activities that have a sentiment. */
  async sentiment(em: EntityManager, contactId: string): Promise<ContactSentiment> {
    const contact = await findOr404(em, Contact, contactId, 'Contact');
    const rows = await em.find(
      Activity,
      { contact, sentimentScore: { $ne: null } },
      { fields: ['occurredAt', 'sentimentScore'], orderBy: { occurredAt: 'desc', id: 'desc' }, limit: 100 },
    );
    const points = rows
      .reverse()
      .map((a) => ({ date: a.occurredAt.toISOString().slice(0, 10), score: a.sentimentScore ?? 0 }));
    const trend = sentimentTrend(points);
    return { ...trend, label: trend.label as SentimentLabel | null, points };
  }

  /** The activity a provider already delivered (idempotency of webhooks), if any. */
  findByExternalId(em: EntityManager, provider: string, externalId: string): Promise<Activity | null> {
    return em.findOne(Activity, { provider, externalId });
  }

  /** Writes one activity inside the caller's transaction; the links are already checked. */
  async record(tx: EntityManager, data: RecordActivity): Promise<Activity> {
    const activity = new Activity(
      tx.getReference(Organization, data.organizationId),
      tx.getReference(Contact, data.contactId),
      data,
    );
    activity.source = data.source;
    activity.subject = data.subject ?? null;
    activity.body = data.body ?? null;
    activity.durationSeconds = data.durationSeconds ?? null;
    activity.recordingUrl = data.recordingUrl ?? null;
    activity.transcriptionStatus = data.transcriptionStatus ?? null;
    activity.sentimentScore = data.sentimentScore ?? null;
    activity.sentimentLabel = data.sentimentLabel ?? null;
    activity.summary = data.summary ?? null;
    activity.author = data.authorId ? ref(tx.getReference(User, data.authorId)) : null;
    activity.opportunity = data.opportunityId ? ref(tx.getReference(Opportunity, data.opportunityId)) : null;
    activity.provider = data.provider ?? null;
    activity.externalId = data.externalId ?? null;
    activity.attachments = data.attachments?.length ? data.attachments : null;
    tx.persist(activity);
    await tx.flush();
    await this.touchContact(tx, data.contactId, data.occurredAt);
    // A conversation with the contact may ask for equipment; our own outbound emails and texts do not.
    const ours =
      data.source === ActivitySource.workflow ||
      (data.direction === ActivityDirection.outbound && [ActivityType.email, ActivityType.sms].includes(data.type));
    if (!ours)
      await this.conversations.apply(tx, {
        organizationId: data.organizationId,
        contactId: data.contactId,
        kind: data.type,
        sourceId: activity.id,
        text: [data.subject, data.body].filter(Boolean).join('\n\n'),
        at: data.occurredAt,
        authorId: data.authorId ?? null,
      });
    return activity;
  }

  /** Sentiment and summary of a text (stored on its activity), unless the caller gave them. */
  async analyse(
    em: EntityManager,
    organizationId: string,
    input: {
      body?: string | null;
      sentimentScore?: number | null;
      sentimentLabel?: SentimentLabel | null;
      summary?: string | null;
    },
  ): Promise<Pick<RecordActivity, 'sentimentScore' | 'sentimentLabel' | 'summary'>> {
    const text = input.body?.trim();
    if (!text) return {};
    const scope = { organizationId };
    const ai = await this.aiFor(em, organizationId);
    const needSentiment = input.sentimentScore == null && input.sentimentLabel == null;
    const [sentiment, summary] = await Promise.all([
      needSentiment ? ai.analyzeSentiment(text, scope) : null,
      input.summary == null ? ai.summarize(text, scope) : null,
    ]);
    return {
      ...(sentiment ? { sentimentScore: sentiment.score, sentimentLabel: sentiment.label as SentimentLabel } : {}),
      ...(summary ? { summary: summary.summary } : {}),
    };
  }

  /** lastContactedAt moves forward only: `greatest` in one statement, so racing deliveries cannot move it back. */
  private async touchContact(tx: EntityManager, contactId: string, at: Date): Promise<void> {
    await tx.execute('update "contacts" set "last_contacted_at" = greatest("last_contacted_at", ?) where "id" = ?', [
      at,
      contactId,
    ]);
  }
}

function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
