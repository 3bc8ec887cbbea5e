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
import { Guard } from '../../graphql/guard';
import { isAdmin, refusedWhileImpersonating } from '../../graphql/rules';

/** Webhook subscriptions (admin): /api/settings/webhooks. */
@Resolver(() => WebhookSubscription)
export class WebhookResolver {
  @Guard(isAdmin)
  @Query(() => WebhookSubscriptionPage, { description: 'Webhook subscriptions of your organization' })
  webhookSubscriptions(
    @Args() args: WebhookSubscriptionListArgs,
    @Ctx() ctx: WebhookContext,
  ): Promise<Page<WebhookSubscription>> {
    return ctx.services.webhooks.list(ctx.em, args);
  }

  @Guard(isAdmin)
  @Query(() => WebhookSubscription)
  webhookSubscription(@Arg('id', () => ID) id: string, @Ctx() ctx: WebhookContext): Promise<WebhookSubscription> {
    return ctx.services.webhooks.get(ctx.em, id);
  }

  // A subscription's URL and secret decide where the organization's events go and who can sign them.
  @Guard(refusedWhileImpersonating(isAdmin, 'secrets'))
  @Mutation(() => WebhookSecretPayload, {
    description: 'Creates a subscription; the response carries its signing secret, shown only this once',
  })
  createWebhookSubscription(
    @Arg('input') input: WebhookSubscriptionInput,
    @Ctx() ctx: WebhookContext,
  ): Promise<WebhookSecretPayload> {
    return ctx.services.webhooks.create(ctx.em, ctx.principal.organizationId, input);
  }

  @Guard(refusedWhileImpersonating(isAdmin, 'secrets'))
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

  @Guard(isAdmin)
  @Mutation(() => WebhookDeletedPayload, { description: 'Deletes a subscription and its delivery log' })
  deleteWebhookSubscription(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: WebhookContext,
  ): Promise<WebhookDeletedPayload> {
    return ctx.services.webhooks.delete(ctx.em, id);
  }

  @Guard(refusedWhileImpersonating(isAdmin, 'secrets'))
  @Mutation(() => WebhookSecretPayload, {
    description: 'New signing secret (shown once); the previous one also signs during the grace period',
  })
  rotateWebhookSecret(@Arg('id', () => ID) id: string, @Ctx() ctx: WebhookContext): Promise<WebhookSecretPayload> {
    return ctx.services.webhooks.rotateSecret(ctx.em, id);
  }
}
