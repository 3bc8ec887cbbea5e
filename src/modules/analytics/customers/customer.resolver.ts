import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { AnalyticsContext } from '../analytics.services';
import { PeriodArgs, RangeArgs } from '../shared/report.types';
import {
  ChurnArgs,
  ChurnRiskReport,
  ContactFunnel,
  NewReturningReport,
  TopCustomers,
  TopCustomersArgs,
} from './customer.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver()
export class CustomerAnalyticsResolver {
  @Guard(isAuthenticated)
  @Query(() => TopCustomers, {
    description: 'Top customers by booked revenue in the range, with their lifetime value and the previous period',
  })
  async topCustomers(@Args() args: TopCustomersArgs, @Ctx() ctx: AnalyticsContext): Promise<TopCustomers> {
    return ctx.services.analytics.customers.top(await ctx.services.analytics.scope(ctx), args);
  }

  @Guard(isAuthenticated)
  @Query(() => NewReturningReport, { description: 'New and returning customers by period, with the previous period' })
  async newVsReturningCustomers(@Args() args: PeriodArgs, @Ctx() ctx: AnalyticsContext): Promise<NewReturningReport> {
    return ctx.services.analytics.customers.newVsReturning(await ctx.services.analytics.scope(ctx), args);
  }

  @Guard(isAuthenticated)
  @Query(() => ChurnRiskReport, {
    description: 'Customers whose last rental day is more than inactiveDays ago, most valuable first',
  })
  async churnRisk(@Args() args: ChurnArgs, @Ctx() ctx: AnalyticsContext): Promise<ChurnRiskReport> {
    return ctx.services.analytics.customers.churnRisk(await ctx.services.analytics.scope(ctx), args);
  }

  @Guard(isAuthenticated)
  @Query(() => ContactFunnel, {
    description:
      'Contact status funnel (unknown -> lead -> customer) of the contacts created in the range, with conversion rates by source',
  })
  async contactFunnel(@Args() args: RangeArgs, @Ctx() ctx: AnalyticsContext): Promise<ContactFunnel> {
    return ctx.services.analytics.customers.funnel(await ctx.services.analytics.scope(ctx), args);
  }
}
