import { Arg, Ctx, Extensions, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import type { RentalContext } from '../rental.services';
import { RentalOrder } from './rental-order.entity';
import { TransactionLateCharges } from './late-charges.types';
import { isOverdue } from './overdue';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

/** Overdue orders and their late charges (docs/rental.md, "Overdue and late charges"), on the organization's today. */
@Resolver(() => RentalOrder)
export class LateChargesResolver {
  @Guard(isAuthenticated)
  @Query(() => TransactionLateCharges, {
    description: 'The late charges a transaction owes today (a preview; the overdue job records them as drafts)',
  })
  async transactionLateCharges(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: RentalContext,
  ): Promise<TransactionLateCharges> {
    return ctx.services.lateCharges.preview(ctx.em, ctx.principal.organizationId, id, await ctx.today());
  }

  @FieldResolver(() => Boolean, {
    description: 'Units out past the return date (the organization’s today); see lateCharges',
  })
  async overdue(@Root() order: RentalOrder, @Ctx() ctx: RentalContext): Promise<boolean> {
    return isOverdue(order, await ctx.today());
  }

  @FieldResolver(() => TransactionLateCharges, { description: 'The late charges owed today (a preview)' })
  @Extensions({ cost: 3 }) // its lines, their returns and the policy
  async lateCharges(@Root() order: RentalOrder, @Ctx() ctx: RentalContext): Promise<TransactionLateCharges> {
    return ctx.services.lateCharges.forOrder(ctx.em, ctx.principal.organizationId, order, await ctx.today());
  }
}
