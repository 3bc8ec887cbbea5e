import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { WebhookContext } from './webhooks.services';
import type { Page } from '../../db/pagination';
import { WebhookSubscription } from '../../events/webhook-subscription.entity';
import {
  WebhookDeletedPayload,
  WebhookSecretPayload,
  WebhookSubscriptionInput,
  WebhookSubscriptionListArgs,
  WebhookSubscriptionPage,
  WebhookSubscriptionUpdateInput,
} from './webhook.types';

/** Webhook subscriptions (admin): /api/settings/webhooks. */
@Resolver(() => WebhookSubscription)
export class WebhookResolver {
  @Query(() => WebhookSubscriptionPage, { description: 'Webhook subscriptions of your organization' })
  webhookSubscriptions(
    @Args() args: WebhookSubscriptionListArgs,
    @Ctx() ctx: WebhookContext,
  ): Promise<Page<WebhookSubscription>> {
    return ctx.services.webhooks.list(ctx.em, args);
  }

  @Query(() => WebhookSubscription)
  webhookSubscription(@Arg('id', () => ID) id: string, @Ctx() ctx: WebhookContext): Promise<WebhookSubscription> {
    return ctx.services.webhooks.get(ctx.em, id);
  }

  @Mutation(() => WebhookSecretPayload, {
    description: 'Creates a subscription; the response carries its signing secret, shown only this once',
  })
  createWebhookSubscription(
    @Arg('input') input: WebhookSubscriptionInput,
    @Ctx() ctx: WebhookContext,
  ): Promise<WebhookSecretPayload> {
    return ctx.services.webhooks.create(ctx.em, ctx.principal.organizationId, input);
  }

  @Mutation(() => WebhookSubscription, {
    description: 'Changes the fields sent; active: true re-enables a disabled subscription',
  })
  updateWebhookSubscription(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: WebhookSubscriptionUpdateInput,
    @Ctx() ctx: WebhookContext,
  ): Promise<WebhookSubscription> {
    return ctx.services.webhooks.update(ctx.em, id, input);
  }

  @Mutation(() => WebhookDeletedPayload, { description: 'Deletes a subscription and its delivery log' })
  deleteWebhookSubscription(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: WebhookContext,
  ): Promise<WebhookDeletedPayload> {
    return ctx.services.webhooks.delete(ctx.em, id);
  }

  @Mutation(() => WebhookSecretPayload, {
    description: 'New signing secret (shown once); the previous one also signs during the grace period',
  })
  rotateWebhookSecret(@Arg('id', () => ID) id: string, @Ctx() ctx: WebhookContext): Promise<WebhookSecretPayload> {
    return ctx.services.webhooks.rotateSecret(ctx.em, id);
  }
}
