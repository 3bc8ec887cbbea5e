import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RentalContext } from '../rental.services';
import { RentalSettings } from './rental-settings.entity';
import { RentalSettingsInput } from './rental-settings.types';
import { Guard } from '../../../graphql/guard';
import { isAdmin, isAuthenticated } from '../../../graphql/rules';

@Resolver(() => RentalSettings)
export class RentalSettingsResolver {
  @Guard(isAuthenticated)
  @Query(() => RentalSettings, { description: 'Currency and tax rate of your organization' })
  rentalSettings(@Ctx() ctx: RentalContext): Promise<RentalSettings> {
    return ctx.services.rentalSettings.get(ctx.em, ctx.principal.organizationId);
  }

  @Guard(isAdmin)
  @Mutation(() => RentalSettings, {
    description: 'Set the currency and tax rate (admin); applies to transactions created afterwards',
  })
  updateRentalSettings(@Arg('input') input: RentalSettingsInput, @Ctx() ctx: RentalContext): Promise<RentalSettings> {
    return ctx.services.rentalSettings.update(ctx.em, ctx.principal.organizationId, input);
  }
}
