import { Arg, Args, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { AnalyticsContext } from '../analytics.services';
import { InventoryUnitLifetime, UnitUtilisationArgs, UnitUtilisationReport } from './unit-analytics.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

/** Units: what each machine did (docs/analytics.md, "Units: time out, downtime, revenue"). */
@Resolver()
export class UnitAnalyticsResolver {
  @Guard(isAuthenticated)
  @Query(() => UnitUtilisationReport, {
    description:
      'Per unit over the range: actual days out (check-out to check-in), downtime (awaiting inspection, in maintenance), utilisation and the revenue attributed to it',
  })
  async unitUtilisation(
    @Args() args: UnitUtilisationArgs,
    @Ctx() ctx: AnalyticsContext,
  ): Promise<UnitUtilisationReport> {
    return ctx.services.analytics.units.units(await ctx.services.analytics.scope(ctx), args);
  }

  @Guard(isAuthenticated)
  @Query(() => InventoryUnitLifetime, {
    description: 'A unit’s lifetime: meter run, rentals, days on rent, maintenance, revenue',
  })
  async inventoryUnitLifetime(
    @Arg('unitId', () => ID) unitId: string,
    @Ctx() ctx: AnalyticsContext,
  ): Promise<InventoryUnitLifetime> {
    return ctx.services.analytics.units.lifetime(await ctx.services.analytics.scope(ctx), unitId);
  }
}
