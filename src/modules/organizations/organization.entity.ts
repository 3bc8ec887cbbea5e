import { Entity, Property } from '@mikro-orm/core';
import { Field, ObjectType } from 'type-graphql';
import { BaseEntity } from '../../db/base.entity';

/** The tenant. Every other record carries the id of its organization. */
@ObjectType('Organization')
@Entity({ tableName: 'organizations' })
export class Organization extends BaseEntity {
  @Field()
  @Property({ length: 200 })
  name: string;

  constructor(name: string) {
    super();
    this.name = name;
  }
}
