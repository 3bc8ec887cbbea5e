import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { DeletePayload } from '../../../lib/fields';
import type { AccountContext } from '../accounts.services';
import { AddPhoneNumberInput, ChannelSettings, InboundProvider, SetWebhookSecretInput } from './channel.types';
import { OrganizationPhoneNumber } from './phone-number.entity';
import { Guard } from '../../../graphql/guard';
import { isAdmin, isAuthenticated, refusedWhileImpersonating } from '../../../graphql/rules';

@Resolver()
export class ChannelSettingsResolver {
  @Guard(isAuthenticated)
  @Query(() => ChannelSettings, {
    description: 'Inbound email address, phone numbers and webhook secret status of your organization',
  })
  channelSettings(@Ctx() ctx: AccountContext): Promise<ChannelSettings> {
    return ctx.services.channels.get(ctx.em, ctx.principal.organizationId);
  }

  @Guard(isAdmin)
  @Mutation(() => OrganizationPhoneNumber, {
    description: 'Adds a phone number (admin); calls and SMS to it are routed to your organization',
  })
  addPhoneNumber(
    @Arg('input') input: AddPhoneNumberInput,
    @Ctx() ctx: AccountContext,
  ): Promise<OrganizationPhoneNumber> {
    return ctx.services.channels.addPhoneNumber(ctx.em, ctx.principal.organizationId, input);
  }

  @Guard(isAdmin)
  @Mutation(() => DeletePayload, { description: 'Removes a phone number (admin)' })
  removePhoneNumber(@Arg('id', () => ID) id: string, @Ctx() ctx: AccountContext): Promise<DeletePayload> {
    return ctx.services.channels.removePhoneNumber(ctx.em, id);
  }

  @Guard(refusedWhileImpersonating(isAdmin, 'secrets'))
  @Mutation(() => ChannelSettings, { description: "Sets a provider's webhook secret (admin); stored encrypted" })
  setWebhookSecret(@Arg('input') input: SetWebhookSecretInput, @Ctx() ctx: AccountContext): Promise<ChannelSettings> {
    return ctx.services.channels.setWebhookSecret(ctx.em, ctx.principal.organizationId, input.provider, input.secret);
  }

  @Guard(refusedWhileImpersonating(isAdmin, 'secrets'))
  @Mutation(() => ChannelSettings, { description: "Removes a provider's webhook secret (admin)" })
  clearWebhookSecret(
    @Arg('provider', () => InboundProvider) provider: InboundProvider,
    @Ctx() ctx: AccountContext,
  ): Promise<ChannelSettings> {
    return ctx.services.channels.setWebhookSecret(ctx.em, ctx.principal.organizationId, provider, null);
  }
}
