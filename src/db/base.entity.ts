import { newId } from '../lib/ids';
import { PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType } from 'type-graphql';
import { clock } from '../lib/clock';

/** uuid primary key and audit timestamps, shared by every table of the domain. */
@ObjectType()
export abstract class BaseEntity {
  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = newId();

  @Field()
  @Property({ type: 'timestamptz', onCreate: () => clock.now() })
  createdAt: Date = clock.now();

  @Field()
  @Property({ type: 'timestamptz', onUpdate: () => clock.now() })
  updatedAt: Date = clock.now();
}
