import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { AccountContext } from '../accounts.services';
import { OrganizationSettings, UpdateOrganizationSettingsInput } from './settings.types';
import { Guard } from '../../../graphql/guard';
import { inputHas, isAdmin, isAuthenticated, refusedWhileImpersonating } from '../../../graphql/rules';

@Resolver()
export class OrganizationSettingsResolver {
  @Guard(isAuthenticated)
  @Query(() => OrganizationSettings, {
    description: 'Settings of your organization (credentials: only whether each is set)',
  })
  organizationSettings(@Ctx() ctx: AccountContext): Promise<OrganizationSettings> {
    return ctx.services.organizationSettings.get(ctx.em, ctx.principal.organizationId);
  }

  // The settings themselves may be fixed; the integration credentials in them may not.
  @Guard(refusedWhileImpersonating(isAdmin, 'secrets', inputHas('integrations')))
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
