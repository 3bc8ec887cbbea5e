import { Entity, Enum, Property, Unique } from '@mikro-orm/core';
import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';

/** When a checklist is run: at check-out (pre-hire) or at check-in (post-hire). */
export enum ChecklistPhase {
  check_out = 'check_out',
  check_in = 'check_in',
}
registerEnumType(ChecklistPhase, { name: 'ChecklistPhase' });

/**
 * The check items an admin defines for the items of one inventory category at one phase (docs/rental.md,
 * "Inspections"). One checklist per category and phase; the category is matched as the item writes it.
 */
@ObjectType('InspectionChecklist')
@Entity({ tableName: 'inspection_checklists' })
@Unique({ properties: ['organization', 'category', 'phase'] })
export class InspectionChecklist extends TenantEntity {
  @Field({ description: 'The inventory category it applies to (exact, as on the items)' })
  @Property({ length: 100 })
  category: string;

  @Field(() => ChecklistPhase)
  @Enum({ items: () => ChecklistPhase })
  phase: ChecklistPhase;

  @Field()
  @Property({ length: 200 })
  name: string;

  @Field(() => [String], { description: 'The check items, in order; each result names one' })
  @Property({ type: 'json' })
  items: string[] = [];
}

/** The result of one check item for one unit (or bulk quantity), stored with its check-out or check-in. */
@ObjectType('CheckResult')
export class CheckResult {
  @Field({ description: 'The check item, as the checklist names it' })
  item: string;

  @Field()
  passed: boolean;

  @Field(() => String, { nullable: true })
  note: string | null;

  @Field({ description: 'Check-in: the failure is damage (the unit goes into maintenance, a draft charge is added)' })
  damage: boolean;
}
