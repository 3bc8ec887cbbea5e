import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { AnalyticsContext } from '../analytics.services';
import { RangeArgs } from '../shared/report.types';
import {
  LeadConversionArgs,
  LeadConversionReport,
  PipelineArgs,
  PipelineReport,
  SalesForecastArgs,
  SalesForecastReport,
  StageDurationArgs,
  StageDurationReport,
  WinRateReport,
} from './sales.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver()
export class SalesAnalyticsResolver {
  @Guard(isAuthenticated)
  @Query(() => PipelineReport, { description: 'Open pipeline value and weighted value by stage or owner, now' })
  async pipelineReport(@Args() args: PipelineArgs, @Ctx() ctx: AnalyticsContext): Promise<PipelineReport> {
    return ctx.services.analytics.sales.pipeline(await ctx.services.analytics.scope(ctx), args);
  }

  @Guard(isAuthenticated)
  @Query(() => WinRateReport, {
    description:
      'Win rate, won value and average sales cycle of the deals closed in the range, by owner, with the previous period',
  })
  async winRate(@Args() args: RangeArgs, @Ctx() ctx: AnalyticsContext): Promise<WinRateReport> {
    return ctx.services.analytics.sales.winRate(await ctx.services.analytics.scope(ctx), args);
  }

  @Guard(isAuthenticated)
  @Query(() => StageDurationReport, {
    description: 'Average and median days in each stage (stays that ended in the range) and the open deals in it now',
  })
  async stageDurations(@Args() args: StageDurationArgs, @Ctx() ctx: AnalyticsContext): Promise<StageDurationReport> {
    return ctx.services.analytics.sales.stageDurations(await ctx.services.analytics.scope(ctx), args);
  }

  @Guard(isAuthenticated)
  @Query(() => LeadConversionReport, {
    description:
      'Lead-to-customer conversion of the leads created in the range, by period or by source, with the previous period',
  })
  async leadConversion(@Args() args: LeadConversionArgs, @Ctx() ctx: AnalyticsContext): Promise<LeadConversionReport> {
    return ctx.services.analytics.sales.leadConversion(await ctx.services.analytics.scope(ctx), args);
  }

  @Guard(isAuthenticated)
  @Query(() => SalesForecastReport, {
    description: 'The sales forecast by close month (the forecast of GET /api/forecast, as a report)',
  })
  async salesForecast(@Args() args: SalesForecastArgs, @Ctx() ctx: AnalyticsContext): Promise<SalesForecastReport> {
    return ctx.services.analytics.sales.forecast(await ctx.services.analytics.scope(ctx), ctx.principal, args);
  }
}
