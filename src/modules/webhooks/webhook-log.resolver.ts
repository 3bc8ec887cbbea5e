import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { WebhookContext } from './webhooks.services';
import type { Page } from '../../db/pagination';
import { OutboxEvent } from '../../events/outbox-event.entity';
import { WebhookAttempt } from '../../events/webhook-attempt.entity';
import { WebhookDelivery } from '../../events/webhook-delivery.entity';
import {
  WebhookAttemptPage,
  WebhookDeliveryListArgs,
  WebhookDeliveryPage,
  WebhookEventListArgs,
  WebhookEventPage,
  WebhookLogArgs,
} from './webhook.types';
import { Guard } from '../../graphql/guard';
import { isAdmin } from '../../graphql/rules';

/** The event log, the delivery log, re-sending and ping (admin). */
@Resolver()
export class WebhookLogResolver {
  @Guard(isAdmin)
  @Query(() => WebhookEventPage, { description: 'Events of your organization, newest first' })
  webhookEvents(@Args() args: WebhookEventListArgs, @Ctx() ctx: WebhookContext): Promise<Page<OutboxEvent>> {
    return ctx.services.webhookLog.events(ctx.em, args);
  }

  @Guard(isAdmin)
  @Query(() => OutboxEvent)
  webhookEvent(@Arg('id', () => ID) id: string, @Ctx() ctx: WebhookContext): Promise<OutboxEvent> {
    return ctx.services.webhookLog.event(ctx.em, id);
  }

  @Guard(isAdmin)
  @Query(() => WebhookDeliveryPage, { description: 'Deliveries (one per event and subscription) with their state' })
  webhookDeliveries(@Args() args: WebhookDeliveryListArgs, @Ctx() ctx: WebhookContext): Promise<Page<WebhookDelivery>> {
    return ctx.services.webhookLog.deliveries(ctx.em, args);
  }

  @Guard(isAdmin)
  @Query(() => WebhookAttemptPage, { description: 'Every HTTP attempt: time, status code, latency, error' })
  webhookAttempts(@Args() args: WebhookLogArgs, @Ctx() ctx: WebhookContext): Promise<Page<WebhookAttempt>> {
    return ctx.services.webhookLog.attempts(ctx.em, args);
  }

  @Guard(isAdmin)
  @Mutation(() => [WebhookDelivery], {
    description: 'Sends an event again (to one subscription, or to all that receive it)',
  })
  redeliverWebhookEvent(
    @Arg('eventId', () => ID) eventId: string,
    @Arg('subscriptionId', () => ID, { nullable: true }) subscriptionId: string | undefined,
    @Ctx() ctx: WebhookContext,
  ): Promise<WebhookDelivery[]> {
    return ctx.services.webhookLog.redeliver(ctx.em, eventId, subscriptionId);
  }

  @Guard(isAdmin)
  @Mutation(() => WebhookDelivery, { description: 'Queues a signed `ping` event for this subscription' })
  pingWebhookSubscription(@Arg('id', () => ID) id: string, @Ctx() ctx: WebhookContext): Promise<WebhookDelivery> {
    return ctx.services.webhookLog.ping(ctx.em, ctx.principal.organizationId, id);
  }
}
