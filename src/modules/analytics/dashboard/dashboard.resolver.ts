import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { AnalyticsContext } from '../analytics.services';
import { RangeArgs } from '../shared/report.types';
import { AnalyticsDashboard, AnalyticsInsights } from './dashboard.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver()
export class DashboardResolver {
  @Guard(isAuthenticated)
  @Query(() => AnalyticsDashboard, {
    description:
      'The headline figures of a rental business in one call (default: the last 30 local days), each with the previous period and the change',
  })
  async analyticsDashboard(@Args() args: RangeArgs, @Ctx() ctx: AnalyticsContext): Promise<AnalyticsDashboard> {
    return ctx.services.analytics.dashboard.dashboard(await ctx.services.analytics.scope(ctx), args);
  }

  @Guard(isAuthenticated)
  @Query(() => AnalyticsInsights, {
    description: 'Plain-language statements computed from the reports, each with the figures behind it',
  })
  async analyticsInsights(@Args() args: RangeArgs, @Ctx() ctx: AnalyticsContext): Promise<AnalyticsInsights> {
    return ctx.services.analytics.dashboard.insights(await ctx.services.analytics.scope(ctx), args);
  }
}
