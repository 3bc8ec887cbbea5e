import { IsDate, IsEnum, IsInt, IsOptional, Max, MaxLength, Min } from 'class-validator';
import { ArgsType, Field, InputType, Int, ObjectType } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { Task } from '../../sales/tasks/task.entity';
import { VoiceMemo, VoiceMemoStatus } from './voice-memo.entity';
import { OptionalId } from '../../../lib/input-fields';

export const VoiceMemoPage = Paginated(VoiceMemo);

/** A memo given as text (JSON); an audio file goes to POST /api/voice-memos/upload with the same fields. */
@InputType()
export class VoiceMemoInput {
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(200) title?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The memo as text; without it (and without audio) the memo is pending',
  })
  @IsOptional()
  @MaxLength(100000)
  transcript?: string | null;

  @Field(() => Date, { nullable: true, description: 'ISO 8601; default: now' })
  @IsOptional()
  @IsDate({ message: 'recordedAt must be an ISO 8601 date-time' })
  recordedAt?: Date;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt({ message: 'durationSeconds must be an integer' })
  @Min(0, { message: 'durationSeconds must be 0 or more' })
  @Max(86400, { message: 'durationSeconds must be at most 86400' })
  durationSeconds?: number | null;

  @OptionalId('contactId')
  contactId?: string | null;

  @OptionalId('opportunityId')
  opportunityId?: string | null;
}

/** sortBy: recordedAt (default, newest first), createdAt, title, status. search: title and transcript. */
@ArgsType()
export class VoiceMemoListArgs extends ListArgs {
  @Field(() => VoiceMemoStatus, { nullable: true }) @IsOptional() @IsEnum(VoiceMemoStatus) status?: VoiceMemoStatus;

  @OptionalId('contactId')
  contactId?: string;

  @OptionalId('opportunityId')
  opportunityId?: string;

  @OptionalId('authorId')
  authorId?: string;
}

/** POST /api/voice-memos/:id/extract-tasks and /api/activities/:id/extract-tasks: `{ "tasks": [...] }`. */
@ObjectType()
export class ExtractedTasksPayload {
  @Field(() => [Task]) tasks: Task[];
}
