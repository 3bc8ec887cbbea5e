import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('LateChargeLine', { description: 'The late charge of one order line (docs/rental.md, "Overdue")' })
export class LateChargeLineType {
  @Field(() => ID) lineId: string;
  @Field() itemNumber: string;
  @Field() itemName: string;
  @Field(() => Int, { description: 'Units that were or are late' }) quantity: number;
  @Field(() => Int, { description: 'Units still out and charged for today' }) quantityOut: number;
  @Field(() => Int, { description: 'Chargeable days (late days after the grace) of the unit late longest' })
  days: number;
  @Field(() => Int, { description: 'Chargeable days summed over the late units' }) unitDays: number;
  @Field({ description: 'Per unit and day' }) rate: string;
  @Field({ description: 'rate x unitDays' }) amount: string;
}

@ObjectType('TransactionLateCharges', {
  description: 'What the order owes for lateness on the organization’s today: a preview, nothing is written',
})
export class TransactionLateCharges {
  @Field(() => ID) transactionId: string;
  @Field({ description: 'The organization’s today (YYYY-MM-DD) the charges are computed for' }) asOf: string;
  @Field() returnDate: string;
  @Field({ description: 'Units out past the return date' }) overdue: boolean;
  @Field(() => Int, { description: 'Days after the return date through asOf (0 when not past it)' })
  daysLate: number;
  @Field({ description: 'The policy (rental settings)' }) enabled: boolean;
  @Field(() => Int) graceDays: number;
  @Field(() => [LateChargeLineType]) lines: LateChargeLineType[];
  @Field({ description: 'Σ line amounts' }) total: string;
}
