import {
  IsDate,
  IsEnum,
  IsInt,
  IsNumber,
  IsOptional,
  IsUrl,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { ArgsType, Field, Float, ID, InputType, Int } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { Activity, ActivityDirection, ActivitySource, ActivityType, SentimentLabel } from './activity.entity';
import type { VoiceMemoStatus } from '../voice-memos/voice-memo-status';
import { OptionalId } from '../../../lib/input-fields';

export const ActivityPage = Paginated(Activity);

/** Fields a user may write on an activity they log; webhook-made activities accept only `opportunityId` and `summary`. */
@InputType()
abstract class ActivityFieldsInput {
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(500) subject?: string | null;

  @Field(() => String, { nullable: true, description: 'Message body, or the call or meeting transcript' })
  @IsOptional()
  @MaxLength(100000)
  body?: string | null;

  @Field(() => Date, { nullable: true, description: 'ISO 8601; default on create: now' })
  @IsOptional()
  @IsDate({ message: 'occurredAt must be an ISO 8601 date-time' })
  occurredAt?: Date;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0, { message: 'durationSeconds must be 0 or more' })
  @Max(86400, { message: 'durationSeconds must be at most 86400' })
  durationSeconds?: number | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'recordingUrl must be an http(s) URL' })
  @MaxLength(2000)
  recordingUrl?: string | null;

  @Field(() => Float, { nullable: true, description: 'Computed from the body when omitted' })
  @IsOptional()
  @IsNumber()
  @Min(-1, { message: 'sentimentScore must be between -1 and 1' })
  @Max(1, { message: 'sentimentScore must be between -1 and 1' })
  sentimentScore?: number | null;

  @Field(() => SentimentLabel, { nullable: true })
  @IsOptional()
  @IsEnum(SentimentLabel, { message: 'sentimentLabel must be one of positive, neutral, negative' })
  sentimentLabel?: SentimentLabel | null;

  @Field(() => String, { nullable: true, description: 'Computed from the body when omitted' })
  @IsOptional()
  @MaxLength(5000)
  summary?: string | null;

  @OptionalId('opportunityId')
  opportunityId?: string | null;
}

@InputType()
export class ActivityInput extends ActivityFieldsInput {
  @Field(() => ID, { description: 'Required: a lead or customer is reached through its contact' })
  @IsUUID('all', { message: 'contactId must be a UUID' })
  contactId: string;

  @Field(() => ActivityType)
  @IsEnum(ActivityType, { message: 'type must be one of call, email, sms, meeting' })
  type: ActivityType;

  @Field(() => ActivityDirection)
  @IsEnum(ActivityDirection, { message: 'direction must be one of inbound, outbound' })
  direction: ActivityDirection;
}

@InputType()
export class ActivityUpdateInput extends ActivityFieldsInput {
  @Field(() => ActivityType, { nullable: true })
  @ValidateIf((o: ActivityUpdateInput) => o.type !== undefined)
  @IsEnum(ActivityType, { message: 'type must be one of call, email, sms, meeting' })
  type?: ActivityType;

  @Field(() => ActivityDirection, { nullable: true })
  @ValidateIf((o: ActivityUpdateInput) => o.direction !== undefined)
  @IsEnum(ActivityDirection, { message: 'direction must be one of inbound, outbound' })
  direction?: ActivityDirection;
}

/**
 * sortBy: occurredAt (default, newest first), createdAt, updatedAt, type, subject. search: subject and body.
 * startDate/endDate: days of occurredAt (UTC, inclusive). ownerId: the contact's owner.
 */
@ArgsType()
export class ActivityListArgs extends ListArgs {
  @OptionalId('contactId')
  contactId?: string;

  @Field(() => ActivityType, { nullable: true }) @IsOptional() @IsEnum(ActivityType) type?: ActivityType;

  @Field(() => ActivityDirection, { nullable: true })
  @IsOptional()
  @IsEnum(ActivityDirection)
  direction?: ActivityDirection;

  @Field(() => ActivitySource, { nullable: true }) @IsOptional() @IsEnum(ActivitySource) source?: ActivitySource;

  @OptionalId('ownerId', { description: "The contact's owner" })
  ownerId?: string;

  @OptionalId('authorId')
  authorId?: string;

  @OptionalId('opportunityId')
  opportunityId?: string;
}

/** What the service records (a user's log, an outbound message or a webhook delivery); links are checked. */
export interface RecordActivity {
  organizationId: string;
  contactId: string;
  type: ActivityType;
  direction: ActivityDirection;
  occurredAt: Date;
  source: ActivitySource;
  subject?: string | null;
  body?: string | null;
  durationSeconds?: number | null;
  recordingUrl?: string | null;
  sentimentScore?: number | null;
  sentimentLabel?: SentimentLabel | null;
  summary?: string | null;
  authorId?: string | null;
  opportunityId?: string | null;
  provider?: string | null;
  externalId?: string | null;
  attachments?: { filename: string; contentType: string | null; size: number | null }[] | null;
  /** Recorded calls: where their transcript stands (set by the system only). */
  transcriptionStatus?: VoiceMemoStatus | null;
}
