import { Entity, Enum, ManyToOne, Property, Ref } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { User } from '../../accounts/users/user.entity';
import type { RentalOrderLine } from './rental-order-line.entity';
import { RentalFloorRecord } from './rental-floor-record';

export enum ReturnCondition {
  good = 'good',
  dirty = 'dirty',
  damaged = 'damaged',
}
registerEnumType(ReturnCondition, { name: 'ReturnCondition' });

/** return: the units came back; swap: a unit replaced on the line (the line keeps its quantity). */
export enum ReturnKind {
  return = 'return',
  swap = 'swap',
}
registerEnumType(ReturnKind, { name: 'ReturnKind' });

/** Units taken back on a line: one row per unit, or one row for part of a bulk quantity. */
@ObjectType('TransactionReturn')
@Entity({ tableName: 'rental_returns' })
export class RentalReturn extends RentalFloorRecord {
  @Field(() => ReturnKind)
  @Enum({ items: () => ReturnKind })
  kind: ReturnKind = ReturnKind.return;

  @Field({ description: 'The day it came back (YYYY-MM-DD); the units are free from the next day' })
  @Property({ type: 'date' })
  returnedOn: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'decimal', precision: 12, scale: 1, nullable: true })
  meterIn: string | null = null;

  @Field(() => ReturnCondition)
  @Enum({ items: () => ReturnCondition })
  condition: ReturnCondition;

  @Field(() => String, { nullable: true })
  @Property({ length: 2000, nullable: true })
  damageNotes: string | null = null;

  @Field(() => [String], { description: 'References (URLs) of the photos taken at check-in' })
  @Property({ type: 'json' })
  photoUrls: string[] = [];

  @Field(() => Boolean, { nullable: true, description: 'The post-hire checklist passed' })
  @Property({ type: 'boolean', nullable: true })
  checklistPassed: boolean | null = null;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  receivedBy: Ref<User> | null = null;

  @Field()
  @Property({ type: 'timestamptz' })
  checkedInAt: Date;

  @Field(() => ID, { nullable: true, description: 'The member who took it back' })
  get receivedById(): string | null {
    return this.receivedBy?.id ?? null;
  }

  constructor(
    line: RentalOrderLine,
    props: Pick<RentalReturn, 'quantity' | 'kind' | 'returnedOn' | 'condition' | 'checkedInAt'>,
  ) {
    super(line);
    Object.assign(this, props);
  }
}
