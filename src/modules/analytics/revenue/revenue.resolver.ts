import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { AnalyticsContext } from '../analytics.services';
import { PeriodArgs } from '../shared/report.types';
import { AgeingArgs, BreakdownArgs, ReceivablesAgeing, RevenueBreakdown, RevenueReport } from './revenue.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver()
export class RevenueResolver {
  @Guard(isAuthenticated)
  @Query(() => RevenueReport, {
    description:
      'Booked, earned, invoiced and collected revenue by day, week, month or quarter, with the previous period (docs/analytics.md)',
  })
  async revenueReport(@Args() args: PeriodArgs, @Ctx() ctx: AnalyticsContext): Promise<RevenueReport> {
    return ctx.services.analytics.revenue.byPeriod(await ctx.services.analytics.scope(ctx), args);
  }

  @Guard(isAuthenticated)
  @Query(() => RevenueBreakdown, {
    description: 'Booked and earned revenue by inventory category, with the previous period',
  })
  async revenueByCategory(@Args() args: BreakdownArgs, @Ctx() ctx: AnalyticsContext): Promise<RevenueBreakdown> {
    return ctx.services.analytics.revenue.breakdown(await ctx.services.analytics.scope(ctx), 'category', args);
  }

  @Guard(isAuthenticated)
  @Query(() => RevenueBreakdown, {
    description: 'Booked and earned revenue by inventory item, with the previous period',
  })
  async revenueByItem(@Args() args: BreakdownArgs, @Ctx() ctx: AnalyticsContext): Promise<RevenueBreakdown> {
    return ctx.services.analytics.revenue.breakdown(await ctx.services.analytics.scope(ctx), 'item', args);
  }

  @Guard(isAuthenticated)
  @Query(() => ReceivablesAgeing, {
    description: 'Outstanding balances of sent invoices: current, 1-30, 31-60, 61-90 and 90+ days overdue',
  })
  async receivablesAgeing(@Args() args: AgeingArgs, @Ctx() ctx: AnalyticsContext): Promise<ReceivablesAgeing> {
    return ctx.services.analytics.revenue.ageing(await ctx.services.analytics.scope(ctx), args);
  }
}
