import { Arg, Args, Ctx, Extensions, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import type { RentalContext } from '../rental.services';
import type { Page } from '../../../db/pagination';
import { AppError } from '../../../lib/errors';
import { Customer } from '../../crm/customers/customer.entity';
import { RentalOrder, RentalOrderStatus } from './rental-order.entity';
import { RentalOrderLine } from './rental-order-line.entity';
import { MAX_LINES, RentalOrderInput, RentalOrderListArgs, RentalOrderPage } from './rental-order.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver(() => RentalOrder)
export class RentalOrderResolver {
  @Guard(isAuthenticated)
  @Query(() => RentalOrderPage, {
    description:
      'Rental orders (paginated; status, customerId, order-date range, overdue, search on customer name and email)',
  })
  async transactions(@Args() args: RentalOrderListArgs, @Ctx() ctx: RentalContext): Promise<Page<RentalOrder>> {
    return ctx.services.rentalOrders.list(ctx.em, args, await ctx.today());
  }

  @Guard(isAuthenticated)
  @Query(() => RentalOrder)
  transaction(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<RentalOrder> {
    return ctx.services.rentalOrders.get(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => RentalOrder, {
    description:
      'Books a rental: 409 naming the items and days when any item would be overbooked; amounts computed by the server',
  })
  createTransaction(@Arg('input') input: RentalOrderInput, @Ctx() ctx: RentalContext): Promise<RentalOrder> {
    return ctx.services.rentalOrders.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => RentalOrder, {
    description: 'pending -> completed (final); adds the total to the customer’s lifetime order value',
  })
  completeTransaction(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<RentalOrder> {
    return ctx.services.rentalOrders.transition(ctx.em, ctx.principal, id, RentalOrderStatus.completed);
  }

  @Guard(isAuthenticated)
  @Mutation(() => RentalOrder, { description: 'pending -> cancelled (final); releases the units' })
  cancelTransaction(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<RentalOrder> {
    return ctx.services.rentalOrders.transition(ctx.em, ctx.principal, id, RentalOrderStatus.cancelled);
  }

  @FieldResolver(() => [RentalOrderLine], { description: `At most ${MAX_LINES}, as an order is booked` })
  @Extensions({ maxItems: MAX_LINES }) // its size for the query cost (graphql/query-cost.ts)
  lines(@Root() order: RentalOrder, @Ctx() ctx: Context): Promise<RentalOrderLine[]> {
    return ctx.loaders
      .manyBy(RentalOrderLine, 'order', { orderBy: { position: 'asc' }, limit: MAX_LINES })
      .load(order.id);
  }

  @FieldResolver(() => Customer)
  async customer(@Root() order: RentalOrder, @Ctx() ctx: Context): Promise<Customer> {
    const customer = await ctx.loaders.byId(Customer, ['contact']).load(order.customer.id);
    if (!customer) throw AppError.notFound('Customer');
    return customer;
  }
}
