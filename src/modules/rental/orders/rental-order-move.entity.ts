import { Entity, Index, ManyToOne, Property, Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import { User } from '../../accounts/users/user.entity';
import type { RentalOrder } from './rental-order.entity';

/**
 * One move of an order on the floor (updated, checked_out, returned, extended, swapped, cancelled): its history,
 * and an entry of the customer's contact timeline (kind rental_order, communications/activities/timeline.service.ts).
 */
@ObjectType('TransactionMove')
@Entity({ tableName: 'rental_order_moves' })
@Index({ properties: ['order', 'occurredAt'] })
export class RentalOrderMove extends TenantEntity {
  @ManyToOne({ entity: 'RentalOrder', ref: true, deleteRule: 'cascade' })
  order: Ref<RentalOrder>;

  @Property({ type: 'uuid', index: true })
  customerId: string;

  @Field({ description: 'updated, checked_out, returned, extended, swapped, cancelled' })
  @Property({ length: 20 })
  kind: string;

  @Field()
  @Property({ type: 'timestamptz' })
  occurredAt: Date;

  @Field()
  @Property({ length: 300 })
  title: string;

  @Field(() => String, { nullable: true })
  @Property({ length: 500, nullable: true })
  detail: string | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  user: Ref<User> | null = null;

  @Field(() => ID, { nullable: true })
  get userId(): string | null {
    return this.user?.id ?? null;
  }
}
