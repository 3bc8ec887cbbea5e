import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { listPage, ListSpec } from '../../db/list-query';
import { OutboxEvent } from '../../events/outbox-event.entity';
import { WebhookAttempt } from '../../events/webhook-attempt.entity';
import { DeliveryStatus, WebhookDelivery } from '../../events/webhook-delivery.entity';
import { Page, SortOrder } from '../../db/pagination';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { findOr404 } from '../../db/find-or-404';
import { WebhookSubscription } from '../../events/webhook-subscription.entity';
import type { WebhookDeliveryListArgs, WebhookEventListArgs, WebhookLogArgs } from './webhook.types';

const DELIVERIES: ListSpec<WebhookDelivery> = {
  searchFields: ['kind'],
  sortable: { createdAt: 'createdAt', updatedAt: 'updatedAt', nextAttemptAt: 'nextAttemptAt', status: 'status' },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
  dateField: 'createdAt',
};
const ATTEMPTS: ListSpec<WebhookAttempt> = {
  searchFields: ['kind'],
  sortable: { attemptedAt: 'attemptedAt', createdAt: 'attemptedAt', statusCode: 'statusCode', latencyMs: 'latencyMs' },
  defaultSort: { field: 'attemptedAt', order: SortOrder.desc },
  dateField: 'attemptedAt',
};
const EVENTS: ListSpec<OutboxEvent> = {
  searchFields: ['event'],
  sortable: { createdAt: 'createdAt', event: 'event' },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
  dateField: 'createdAt',
};

/** The delivery log (per subscription, per event), the event log, re-sending and ping (admin). */
export class WebhookLogService {
  /** The log's filters, each checked to exist in the caller's organization (404 otherwise). */
  private async logScope(em: EntityManager, args: WebhookLogArgs): Promise<Record<string, string>> {
    const where: Record<string, string> = {};
    if (args.subscriptionId)
      where.subscription = (await findOr404(em, WebhookSubscription, args.subscriptionId, 'Webhook subscription')).id;
    if (args.eventId) where.event = (await findOr404(em, OutboxEvent, args.eventId, 'Event')).id;
    return where;
  }

  async deliveries(em: EntityManager, args: WebhookDeliveryListArgs): Promise<Page<WebhookDelivery>> {
    const where = { ...(await this.logScope(em, args)), ...(args.status ? { status: args.status } : {}) };
    return listPage(em, WebhookDelivery, args, DELIVERIES, where as FilterQuery<WebhookDelivery>);
  }

  async attempts(em: EntityManager, args: WebhookLogArgs): Promise<Page<WebhookAttempt>> {
    return listPage(em, WebhookAttempt, args, ATTEMPTS, (await this.logScope(em, args)) as FilterQuery<WebhookAttempt>);
  }

  events(em: EntityManager, args: WebhookEventListArgs): Promise<Page<OutboxEvent>> {
    return listPage(em, OutboxEvent, args, EVENTS, args.event ? { event: args.event } : {});
  }

  event(em: EntityManager, id: string): Promise<OutboxEvent> {
    return findOr404(em, OutboxEvent, id, 'Event');
  }

  /**
   * Sends an event again: to one subscription, or to every subscription that already had a delivery of it
   * plus every active one that matches it now. Each delivery goes back to pending with a fresh retry window.
   */
  async redeliver(em: EntityManager, eventId: string, subscriptionId?: string | null): Promise<WebhookDelivery[]> {
    return em.transactional(async (tx) => {
      const event = await findOr404(tx, OutboxEvent, eventId, 'Event');
      const existing = await tx.find(WebhookDelivery, { event }, { populate: ['subscription'] });
      let targets: WebhookSubscription[];
      if (subscriptionId) targets = [await findOr404(tx, WebhookSubscription, subscriptionId, 'Webhook subscription')];
      else {
        const active = event.event === 'ping' ? [] : await tx.find(WebhookSubscription, { active: true });
        const matching = active.filter((s) => s.events.length === 0 || s.events.includes(event.event));
        targets = [
          ...new Map([...existing.map((d) => d.subscription.getEntity()), ...matching].map((s) => [s.id, s])).values(),
        ];
      }
      if (targets.length === 0) throw AppError.conflict('No webhook subscription receives this event');
      const now = clock.now();
      const result = targets.map((s) => {
        const d = existing.find((x) => x.subscription.id === s.id) ?? persisted(tx, new WebhookDelivery(event, s, now));
        d.status = DeliveryStatus.pending;
        d.nextAttemptAt = now;
        d.retryStartedAt = now;
        d.lockedUntil = null;
        d.claimToken = null; // a send still in flight no longer owns the delivery
        return d;
      });
      await tx.flush();
      return result;
    });
  }

  /** A `ping` event for one subscription, delivered like any other (signed, logged, retried). */
  async ping(em: EntityManager, organizationId: string, subscriptionId: string): Promise<WebhookDelivery> {
    return em.transactional(async (tx) => {
      const s = await findOr404(tx, WebhookSubscription, subscriptionId, 'Webhook subscription');
      if (!s.active) throw AppError.conflict('The subscription is inactive; activate it before pinging it');
      const now = clock.now();
      const event = new OutboxEvent(s.organization, {
        event: 'ping',
        timestamp: now.toISOString(),
        organizationId,
        data: { subscriptionId: s.id, message: 'ping' },
      });
      event.fannedOutAt = now; // its only delivery is created here
      tx.persist(event);
      const delivery = new WebhookDelivery(event, s, now);
      tx.persist(delivery);
      await tx.flush();
      return delivery;
    });
  }
}

function persisted<T extends object>(em: EntityManager, entity: T): T {
  em.persist(entity);
  return entity;
}
