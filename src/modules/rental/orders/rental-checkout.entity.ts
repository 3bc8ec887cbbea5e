import { Entity, ManyToOne, Property, Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { User } from '../../accounts/users/user.entity';
import type { RentalOrderLine } from './rental-order-line.entity';
import { RentalFloorRecord } from './rental-floor-record';

/** Units handed out on a line: one row per unit (scanned asset tag), or one row for a bulk quantity. */
@ObjectType('TransactionCheckout')
@Entity({ tableName: 'rental_checkouts' })
export class RentalCheckout extends RentalFloorRecord {
  @Field(() => String, { nullable: true })
  @Property({ type: 'decimal', precision: 12, scale: 1, nullable: true })
  meterOut: string | null = null;

  @Field({ description: 'The pre-hire checklist passed (check-out refuses a failed one)' })
  @Property()
  checklistPassed: boolean;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  releasedBy: Ref<User> | null = null;

  @Field({ description: 'Who took it (the customer’s person, driver)' })
  @Property({ length: 200 })
  releasedTo: string;

  @Field()
  @Property({ type: 'timestamptz' })
  checkedOutAt: Date;

  @Field(() => ID, { nullable: true, description: 'The member who released it' })
  get releasedById(): string | null {
    return this.releasedBy?.id ?? null;
  }

  constructor(
    line: RentalOrderLine,
    props: Pick<RentalCheckout, 'quantity' | 'checklistPassed' | 'releasedTo' | 'checkedOutAt'>,
  ) {
    super(line);
    Object.assign(this, props);
  }
}
