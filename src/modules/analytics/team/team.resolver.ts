import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { AnalyticsContext } from '../analytics.services';
import { RangeArgs } from '../shared/report.types';
import { ActivityReport, AiTaskAcceptance, TaskActivityReport } from './team.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver()
export class TeamAnalyticsResolver {
  @Guard(isAuthenticated)
  @Query(() => ActivityReport, {
    description: 'Activities (calls, emails, SMS, meetings) by author, type and direction, with the previous period',
  })
  async activityReport(@Args() args: RangeArgs, @Ctx() ctx: AnalyticsContext): Promise<ActivityReport> {
    return ctx.services.analytics.team.activities(await ctx.services.analytics.scope(ctx), args);
  }

  @Guard(isAuthenticated)
  @Query(() => TaskActivityReport, {
    description: 'Tasks created, completed (on time) and overdue by assignee, with the previous period',
  })
  async taskActivity(@Args() args: RangeArgs, @Ctx() ctx: AnalyticsContext): Promise<TaskActivityReport> {
    return ctx.services.analytics.team.tasks(await ctx.services.analytics.scope(ctx), args);
  }

  @Guard(isAuthenticated)
  @Query(() => AiTaskAcceptance, {
    description: 'AI-generated tasks created in the range by source: completed (accepted), open, deleted (rejected)',
  })
  async aiTaskAcceptance(@Args() args: RangeArgs, @Ctx() ctx: AnalyticsContext): Promise<AiTaskAcceptance> {
    return ctx.services.analytics.team.aiAcceptance(await ctx.services.analytics.scope(ctx), args);
  }
}
