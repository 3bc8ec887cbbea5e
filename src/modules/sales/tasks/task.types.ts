import { IsBoolean, IsEnum, IsNotEmpty, IsOptional, MaxLength, ValidateIf } from 'class-validator';
import { IsCalendarDay } from '../../../lib/calendar-days';
import { ArgsType, Field, InputType } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { Task, TaskPriority, TaskSource, TaskStatus } from './task.entity';
import { OptionalId } from '../../../lib/input-fields';

export const TaskPage = Paginated(Task);

/** The links and fields a client may write. isAiGenerated, sourceId and dedupeKey are the system's. */
@InputType()
abstract class TaskFieldsInput {
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(10000) description?: string | null;

  @OptionalId('assigneeId', { description: 'A user of your organization; default on create: you' })
  assigneeId?: string | null;

  @OptionalId('contactId')
  contactId?: string | null;
  @OptionalId('customerId')
  customerId?: string | null;
  @OptionalId('opportunityId')
  opportunityId?: string | null;

  @Field(() => TaskPriority, { nullable: true })
  @ValidateIf((o: TaskFieldsInput) => o.priority !== undefined)
  @IsEnum(TaskPriority, { message: 'priority must be one of low, medium, high' })
  priority?: TaskPriority;

  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD' })
  @IsOptional()
  @IsCalendarDay()
  dueDate?: string | null;
}

@InputType()
export class TaskInput extends TaskFieldsInput {
  @Field() @IsNotEmpty({ message: 'title is required' }) @MaxLength(200) title: string;

  @Field(() => TaskSource, {
    nullable: true,
    description: 'Default manual; opportunity requires opportunityId (it becomes the source link)',
  })
  @IsOptional()
  @IsEnum(TaskSource)
  source?: TaskSource;
}

@InputType()
export class TaskUpdateInput extends TaskFieldsInput {
  @Field(() => String, { nullable: true })
  @ValidateIf((o: TaskUpdateInput) => o.title !== undefined)
  @IsNotEmpty({ message: 'title must not be empty' })
  @MaxLength(200)
  title?: string;
}

/**
 * sortBy: dueDate, createdAt, updatedAt, title, status, completedAt. search: title and description.
 * startDate/endDate: due-date range (inclusive). overdue: open and due before the organization's today (its timezone).
 */
@ArgsType()
export class TaskListArgs extends ListArgs {
  @Field(() => TaskStatus, { nullable: true }) @IsOptional() @IsEnum(TaskStatus) status?: TaskStatus;
  @Field(() => TaskPriority, { nullable: true }) @IsOptional() @IsEnum(TaskPriority) priority?: TaskPriority;

  @OptionalId('assigneeId')
  assigneeId?: string;
  @OptionalId('ownerId', { description: 'The spec’s ownerId: same as assigneeId' })
  ownerId?: string;
  @OptionalId('contactId')
  contactId?: string;
  @OptionalId('customerId')
  customerId?: string;
  @OptionalId('opportunityId')
  opportunityId?: string;
  @Field(() => Boolean, { nullable: true, description: 'true: open tasks due before today; false: the others' })
  @IsOptional()
  @IsBoolean()
  overdue?: boolean;
  @Field(() => Boolean, { nullable: true }) @IsOptional() @IsBoolean() isAiGenerated?: boolean;
}
