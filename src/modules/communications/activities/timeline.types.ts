import { IsEnum, IsOptional } from 'class-validator';
import { ArgsType, Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';

export enum TimelineKind {
  activity = 'activity',
  task = 'task',
  stage_change = 'stage_change',
  rental_order = 'rental_order',
}
registerEnumType(TimelineKind, { name: 'TimelineKind' });

/** One line of a contact's history: what happened, when, and the API path of the record. */
@ObjectType('TimelineEntry')
export class TimelineEntry {
  @Field(() => TimelineKind) kind: TimelineKind;
  @Field(() => ID, { description: 'The id of the activity, task, stage change or rental order' }) id: string;
  @Field() occurredAt: Date;
  @Field() title: string;
  @Field(() => String, {
    nullable: true,
    description: 'e.g. "email inbound", "open", "Qualified -> Won", "completed 1240.00"',
  })
  detail: string | null;
  @Field({ description: 'API path of the record' }) link: string;
}

export const TimelinePage = Paginated(TimelineEntry);

/**
 * page, limit, startDate/endDate (days of occurredAt, UTC), sortOrder (default desc: newest first), kind.
 * sortBy accepts occurredAt only; search is not supported on the timeline.
 */
@ArgsType()
export class TimelineArgs extends ListArgs {
  @Field(() => TimelineKind, { nullable: true }) @IsOptional() @IsEnum(TimelineKind) kind?: TimelineKind;
}
