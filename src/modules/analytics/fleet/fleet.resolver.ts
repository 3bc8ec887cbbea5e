import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { AnalyticsContext } from '../analytics.services';
import {
  IdleArgs,
  IdleItemsReport,
  UpcomingArgs,
  UpcomingRentals,
  UtilisationArgs,
  UtilisationReport,
} from './fleet.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver()
export class FleetResolver {
  @Guard(isAuthenticated)
  @Query(() => UtilisationReport, {
    description:
      'Fleet utilisation per item or category (unit-days rented / available, maintenance holds excluded), revenue per unit, with the previous period',
  })
  async fleetUtilisation(@Args() args: UtilisationArgs, @Ctx() ctx: AnalyticsContext): Promise<UtilisationReport> {
    return ctx.services.analytics.fleet.utilisation(await ctx.services.analytics.scope(ctx), args);
  }

  @Guard(isAuthenticated)
  @Query(() => IdleItemsReport, { description: 'Active items not rented on any day of the range, longest idle first' })
  async idleItems(@Args() args: IdleArgs, @Ctx() ctx: AnalyticsContext): Promise<IdleItemsReport> {
    return ctx.services.analytics.fleet.idle(await ctx.services.analytics.scope(ctx), args);
  }

  @Guard(isAuthenticated)
  @Query(() => UpcomingRentals, {
    description: 'Pickups and returns of pending orders in the next days (local), per day and one by one',
  })
  async upcomingRentals(@Args() args: UpcomingArgs, @Ctx() ctx: AnalyticsContext): Promise<UpcomingRentals> {
    return ctx.services.analytics.fleet.upcoming(await ctx.services.analytics.scope(ctx), args);
  }
}
