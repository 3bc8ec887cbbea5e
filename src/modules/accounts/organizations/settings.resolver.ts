import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { AccountContext } from '../accounts.services';
import { OrganizationSettings, UpdateOrganizationSettingsInput } from './settings.types';

@Resolver()
export class OrganizationSettingsResolver {
  @Query(() => OrganizationSettings, {
    description: 'Settings of your organization (credentials: only whether each is set)',
  })
  organizationSettings(@Ctx() ctx: AccountContext): Promise<OrganizationSettings> {
    return ctx.services.organizationSettings.get(ctx.em, ctx.principal.organizationId);
  }

  @Mutation(() => OrganizationSettings, {
    description: 'Updates the given settings fields (admin); omitted fields are unchanged',
  })
  updateOrganizationSettings(
    @Arg('input') input: UpdateOrganizationSettingsInput,
    @Ctx() ctx: AccountContext,
  ): Promise<OrganizationSettings> {
    return ctx.services.organizationSettings.update(ctx.em, ctx.principal.organizationId, input);
  }
}
