import { IsEnum, IsNotEmpty, IsOptional, MaxLength, ValidateIf } from 'class-validator';
import { ArgsType, Field, InputType } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { ContactInfoInput } from '../contact-info.input';
import { Lead, LeadStatus } from './lead.entity';
import { LeadScoreBand } from './lead-score.types';
import { OptionalId } from '../../../lib/input-fields';

export const LeadPage = Paginated(Lead);

@InputType()
abstract class LeadFieldsInput extends ContactInfoInput {
  @Field(() => String, {
    nullable: true,
    description: 'Links the company of that name (ignoring case), creating it if needed; null unlinks',
  })
  @IsOptional()
  @MaxLength(200)
  companyName?: string | null;

  @Field(() => LeadStatus, { nullable: true, description: 'Not converted: use the convert operation' })
  @ValidateIf((o: LeadFieldsInput) => o.status !== undefined)
  @IsEnum(LeadStatus, { message: 'status must be one of new, contacted, qualified, negotiation, converted, lost' })
  status?: LeadStatus;
}

/** The spec's lead body: leadName, email, phone (E.164), companyName, status; plus an optional ownerId. */
@InputType()
export class LeadInput extends LeadFieldsInput {
  @Field()
  @IsNotEmpty({ message: 'leadName is required' })
  @MaxLength(200)
  leadName: string;
}

@InputType()
export class LeadUpdateInput extends LeadFieldsInput {
  @Field(() => String, { nullable: true })
  @ValidateIf((o: LeadUpdateInput) => o.leadName !== undefined)
  @IsNotEmpty({ message: 'leadName must not be empty' })
  @MaxLength(200)
  leadName?: string;
}

/** sortBy: createdAt, updatedAt, name, leadName, email, status, score. search: lead name and email. */
@ArgsType()
export class LeadListArgs extends ListArgs {
  @Field(() => LeadStatus, { nullable: true })
  @IsOptional()
  @IsEnum(LeadStatus)
  status?: LeadStatus;

  @OptionalId('ownerId', { description: 'Only leads whose contact this user owns' })
  ownerId?: string;

  @Field(() => LeadScoreBand, {
    nullable: true,
    description: 'Only leads of this score band (hot, warm, cold, poor_fit)',
  })
  @IsOptional()
  @IsEnum(LeadScoreBand, { message: 'scoreBand must be one of hot, warm, cold, poor_fit' })
  scoreBand?: LeadScoreBand;
}
