import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { IntelligenceContext } from '../intelligence.services';
import { GeneratedTasks, OpportunityInsights } from './deal-insights.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver()
export class DealInsightsResolver {
  @Guard(isAuthenticated)
  @Query(() => OpportunityInsights, {
    description:
      "Likely close amount, win probability, expected close date and recommended actions from your organization's closed deals, each with its evidence (docs/ai.md)",
  })
  opportunityInsights(@Arg('id', () => ID) id: string, @Ctx() ctx: IntelligenceContext): Promise<OpportunityInsights> {
    return ctx.services.dealInsights.insights(ctx.em, ctx.principal, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => GeneratedTasks, {
    description:
      'Creates the AI next-step tasks of an open deal (isAiGenerated, source opportunity); asking again creates nothing new and returns the same tasks; emits task.created for new ones',
  })
  async generateOpportunityTasks(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: IntelligenceContext,
  ): Promise<GeneratedTasks> {
    return { tasks: await ctx.services.dealInsights.generateTasks(ctx.em, ctx.principal, id) };
  }
}
