import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { IntelligenceContext } from '../intelligence.services';
import { CustomerIntelligence } from './customer-intelligence.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver()
export class CustomerIntelligenceResolver {
  @Guard(isAuthenticated)
  @Query(() => CustomerIntelligence, {
    description:
      'AI insights of a customer (its id or its contact id): sentiment of recent communications, risk, upsell and cross-sell from rental history, next actions, each with its evidence (docs/ai.md)',
  })
  customerIntelligence(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: IntelligenceContext,
  ): Promise<CustomerIntelligence> {
    return ctx.services.customerIntelligence.intelligence(ctx.em, ctx.principal.organizationId, id);
  }
}
