import { IsBoolean, IsEnum, IsOptional, IsUUID, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { IsCalendarDay } from '../../../lib/calendar-days';
import { OptionalId } from '../../../lib/input-fields';
import { ContactStatus } from './contact.entity';

/** The most contacts one bulk update changes (docs/crm.md, "Bulk update"): narrow the filter, or run it again. */
export const BULK_UPDATE_MAX = 5000;

/** The filters of GET /api/contacts, as an input: the contacts a bulk update changes. */
@InputType()
export class ContactBulkFilter {
  @Field({ nullable: true, description: 'Case-insensitive partial match on name and email' })
  @IsOptional()
  @MaxLength(200)
  search?: string;

  @Field(() => ContactStatus, { nullable: true })
  @IsOptional()
  @IsEnum(ContactStatus)
  status?: ContactStatus;

  @OptionalId('filter.ownerId', { description: 'Only contacts owned by this user' })
  ownerId?: string;

  @OptionalId('filter.companyId', { description: 'Only contacts of this company' })
  companyId?: string;

  @Field({ nullable: true, description: 'Created on or after this day (YYYY-MM-DD, UTC)' })
  @IsOptional()
  @IsCalendarDay()
  startDate?: string;

  @Field({ nullable: true, description: 'Created on or before this day (YYYY-MM-DD, UTC, inclusive)' })
  @IsOptional()
  @IsCalendarDay()
  endDate?: string;
}

/** What a bulk update sets: absent = unchanged; `ownerId: null` clears the owner. */
@InputType()
export class ContactBulkSet {
  @Field(() => ID, { nullable: true, description: 'The new owner (a member), or null for none' })
  @ValidateIf((o: ContactBulkSet) => o.ownerId !== undefined && o.ownerId !== null)
  @IsUUID('all', { message: 'set.ownerId must be a UUID' })
  ownerId?: string | null;

  @Field(() => ContactStatus, {
    nullable: true,
    description: 'The new status; refused (409) when a matched contact backs a lead or customer record',
  })
  @ValidateIf((o: ContactBulkSet) => o.status !== undefined)
  @IsEnum(ContactStatus, { message: 'set.status must be customer, lead or unknown' })
  status?: ContactStatus;
}

@InputType()
export class ContactBulkUpdateInput {
  @Field(() => ContactBulkFilter, {
    description: 'The list filter of the contacts to change (every current contact: {})',
  })
  @ValidateNested()
  filter: ContactBulkFilter;

  @Field(() => ContactBulkSet)
  @ValidateNested()
  set: ContactBulkSet;

  @Field({ defaultValue: false, description: 'Count the matching contacts and change nothing' })
  @IsOptional()
  @IsBoolean()
  dryRun: boolean = false;
}

@ObjectType()
export class BulkUpdateResult {
  @Field(() => Int, { description: 'Records the filter matches' })
  matched: number;
  @Field(() => Int, { description: 'Records changed (those that already had the values are not); 0 on a dry run' })
  updated: number;
  @Field()
  dryRun: boolean;
}
