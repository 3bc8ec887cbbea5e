import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RentalContext } from '../../rental.services';
import { Payment } from '../payment.entity';
import { DepositPaymentInput } from './deposit.types';
import { Guard } from '../../../../graphql/guard';
import { isAuthenticated } from '../../../../graphql/rules';

/** An order's deposit payments (docs/rental.md, "Deposits"). */
@Resolver(() => Payment)
export class DepositResolver {
  @Guard(isAuthenticated)
  @Query(() => [Payment], {
    description: 'A transaction’s deposit payments (collected, refunded, retained), oldest first',
  })
  transactionDeposits(@Arg('transactionId', () => ID) transactionId: string, @Ctx() ctx: RentalContext) {
    return ctx.services.deposits.list(ctx.em, transactionId);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Payment, {
    description:
      'Collect a deposit (up to depositDue), refund it or retain it for the transaction’s invoice (up to depositHeld)',
  })
  recordDeposit(
    @Arg('transactionId', () => ID) transactionId: string,
    @Arg('input') input: DepositPaymentInput,
    @Ctx() ctx: RentalContext,
  ): Promise<Payment> {
    return ctx.services.deposits.record(ctx.em, ctx.principal, transactionId, input);
  }
}
