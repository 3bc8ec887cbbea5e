import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RentalContext } from '../rental.services';
import type { Page } from '../../../db/pagination';
import { DeletePayload } from '../../../lib/fields';
import { PricingRule } from './pricing-rule.entity';
import { PricingRuleInput, PricingRuleListArgs, PricingRulePage, PricingRuleUpdateInput } from './pricing-rule.types';
import { Guard } from '../../../graphql/guard';
import { isAdmin, isAuthenticated } from '../../../graphql/rules';

/** Pricing rules (docs/rental.md, "Pricing rules"): admins write, members read. */
@Resolver(() => PricingRule)
export class PricingRuleResolver {
  @Guard(isAuthenticated)
  @Query(() => PricingRulePage, { description: 'Pricing rules (paginated); kind, itemId, customerId, active' })
  pricingRules(@Args() args: PricingRuleListArgs, @Ctx() ctx: RentalContext): Promise<Page<PricingRule>> {
    return ctx.services.pricingRules.list(ctx.em, args);
  }

  @Guard(isAuthenticated)
  @Query(() => PricingRule)
  pricingRule(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<PricingRule> {
    return ctx.services.pricingRules.get(ctx.em, id);
  }

  @Guard(isAdmin)
  @Mutation(() => PricingRule, { description: 'A weekend rate, season, minimum period, rate card or discount' })
  createPricingRule(@Arg('input') input: PricingRuleInput, @Ctx() ctx: RentalContext): Promise<PricingRule> {
    return ctx.services.pricingRules.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAdmin)
  @Mutation(() => PricingRule, { description: 'Fields present change, null clears; the kind stays' })
  updatePricingRule(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: PricingRuleUpdateInput,
    @Ctx() ctx: RentalContext,
  ): Promise<PricingRule> {
    return ctx.services.pricingRules.update(ctx.em, ctx.principal, id, input);
  }

  @Guard(isAdmin)
  @Mutation(() => DeletePayload, { description: 'Orders priced with it keep their prices' })
  deletePricingRule(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<DeletePayload> {
    return ctx.services.pricingRules.delete(ctx.em, id);
  }
}
