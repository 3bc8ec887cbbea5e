import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Resolver, Root } from 'type-graphql';
import { RelationArgs } from '../../../db/pagination';
import { RentalCheckout } from './rental-checkout.entity';
import { RentalReturn } from './rental-return.entity';
import type { Context } from '../../../graphql/context';
import type { RentalContext } from '../rental.services';
import { RentalOrder } from './rental-order.entity';
import { RentalOrderMove } from './rental-order-move.entity';
import {
  CheckInInput,
  CheckOutInput,
  ExtendInput,
  RentalOrderChange,
  RentalOrderUpdateInput,
  SwapInput,
} from './rental-desk.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

/** The order's life on the floor (docs/rental.md, "On the floor"). */
@Resolver(() => RentalOrder)
export class RentalDeskResolver {
  @Guard(isAuthenticated)
  @Mutation(() => RentalOrderChange, {
    description: 'While reserved: new dates and/or lines, re-checked against other orders and re-priced',
  })
  updateTransaction(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: RentalOrderUpdateInput,
    @Ctx() ctx: RentalContext,
  ): Promise<RentalOrderChange> {
    return ctx.services.deskChanges.update(ctx.em, ctx.principal, id, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => RentalOrder, {
    description: 'Hands out whole lines: scanned units (items tracked by unit) or the quantity, meter out, checklist',
  })
  checkOutTransaction(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: CheckOutInput,
    @Ctx() ctx: RentalContext,
  ): Promise<RentalOrder> {
    return ctx.services.desk.checkOut(ctx.em, ctx.principal, id, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => RentalOrderChange, {
    description:
      'Takes units (or part of a quantity) back; frees them, re-prices, completes the order when all are back',
  })
  checkInTransaction(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: CheckInInput,
    @Ctx() ctx: RentalContext,
  ): Promise<RentalOrderChange> {
    return ctx.services.desk.checkIn(ctx.em, ctx.principal, id, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => RentalOrderChange, { description: 'A later return date: availability re-checked, re-priced' })
  extendTransaction(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: ExtendInput,
    @Ctx() ctx: RentalContext,
  ): Promise<RentalOrderChange> {
    return ctx.services.deskChanges.extend(ctx.em, ctx.principal, id, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => RentalOrderChange, { description: 'Replaces a unit out on a line by another unit of the same item' })
  swapTransactionUnit(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: SwapInput,
    @Ctx() ctx: RentalContext,
  ): Promise<RentalOrderChange> {
    return ctx.services.deskChanges.swap(ctx.em, ctx.principal, id, input);
  }

  @FieldResolver(() => [RentalOrderMove], { description: 'Moves on the floor, newest first' })
  history(
    @Root() order: RentalOrder,
    @Args() { limit }: RelationArgs,
    @Ctx() ctx: Context,
  ): Promise<RentalOrderMove[]> {
    return ctx.loaders.manyBy(RentalOrderMove, 'order', { orderBy: { occurredAt: 'desc' }, limit }).load(order.id);
  }

  @FieldResolver(() => [RentalCheckout], { description: 'What went out: one entry per unit, or per bulk line' })
  checkouts(
    @Root() order: RentalOrder,
    @Args() { limit }: RelationArgs,
    @Ctx() ctx: Context,
  ): Promise<RentalCheckout[]> {
    return ctx.loaders.manyBy(RentalCheckout, 'order', { orderBy: { checkedOutAt: 'asc' }, limit }).load(order.id);
  }

  @FieldResolver(() => [RentalReturn], { description: 'What came back (check-ins and swapped-out units), in order' })
  returns(@Root() order: RentalOrder, @Args() { limit }: RelationArgs, @Ctx() ctx: Context): Promise<RentalReturn[]> {
    return ctx.loaders.manyBy(RentalReturn, 'order', { orderBy: { checkedInAt: 'asc' }, limit }).load(order.id);
  }
}
