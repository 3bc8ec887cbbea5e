import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RelationArgs } from '../../../db/pagination';
import type { Context } from '../../../graphql/context';
import type { RentalContext } from '../rental.services';
import { OrderCharge } from './order-charge.entity';
import { OrderChargeUpdateInput } from './order-charge.types';
import { RentalOrder } from './rental-order.entity';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

/** An order's charges beside its rental lines (docs/rental.md, "Charges"). */
@Resolver(() => RentalOrder)
export class OrderChargeResolver {
  @Guard(isAuthenticated)
  @Query(() => [OrderCharge], { description: 'A transaction’s charges (damage, late, other), oldest first' })
  transactionCharges(@Arg('transactionId', () => ID) transactionId: string, @Ctx() ctx: RentalContext) {
    return ctx.services.charges.list(ctx.em, transactionId);
  }

  @Guard(isAuthenticated)
  @Mutation(() => OrderCharge, {
    description: 'Price a draft charge, approve it or void it (approved and void are final)',
  })
  updateTransactionCharge(
    @Arg('transactionId', () => ID) transactionId: string,
    @Arg('id', () => ID) id: string,
    @Arg('input') input: OrderChargeUpdateInput,
    @Ctx() ctx: RentalContext,
  ): Promise<OrderCharge> {
    return ctx.services.charges.update(ctx.em, transactionId, id, input);
  }

  @FieldResolver(() => [OrderCharge], { description: 'Charges beside the rental lines (damage, late), oldest first' })
  charges(@Root() order: RentalOrder, @Args() { limit }: RelationArgs, @Ctx() ctx: Context): Promise<OrderCharge[]> {
    return ctx.loaders.manyBy(OrderCharge, 'order', { orderBy: { createdAt: 'asc' }, limit }).load(order.id);
  }
}
