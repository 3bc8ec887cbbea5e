import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { AccountContext } from '../accounts.services';
import type { Page } from '../../../db/pagination';
import { ApiKey } from './api-key.entity';
import { ApiKeyListArgs, ApiKeyPage, CreateApiKeyInput, CreatedApiKey } from './api-key.types';
import { Guard } from '../../../graphql/guard';
import { isAdmin, refusedWhileImpersonating } from '../../../graphql/rules';

@Resolver()
export class ApiKeyResolver {
  @Guard(refusedWhileImpersonating(isAdmin, 'access'))
  @Mutation(() => CreatedApiKey, {
    description: 'Creates an API key of your organization (admin); the secret is returned only here',
  })
  createApiKey(@Arg('input') input: CreateApiKeyInput, @Ctx() ctx: AccountContext): Promise<CreatedApiKey> {
    return ctx.services.apiKeys.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAdmin)
  @Query(() => ApiKeyPage, { description: 'API keys of your organization (admin); never their secrets' })
  apiKeys(@Args() args: ApiKeyListArgs, @Ctx() ctx: AccountContext): Promise<Page<ApiKey>> {
    return ctx.services.apiKeys.list(ctx.em, args);
  }

  @Guard(refusedWhileImpersonating(isAdmin, 'access'))
  @Mutation(() => ApiKey, { description: 'Revokes an API key (admin): it is refused from the next request on' })
  revokeApiKey(@Arg('id', () => ID) id: string, @Ctx() ctx: AccountContext): Promise<ApiKey> {
    return ctx.services.apiKeys.revoke(ctx.em, id);
  }
}
