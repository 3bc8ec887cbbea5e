import {
  ArrayMaxSize,
  ArrayMinSize,
  IsEnum,
  IsNotEmpty,
  IsOptional,
  IsUUID,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { ArgsType, Field, ID, InputType } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { AddressInput } from '../contact-info.input';
import { Contact, ContactStatus } from './contact.entity';
import { OptionalId } from '../../../lib/input-fields';

export const ContactPage = Paginated(Contact);

@InputType()
abstract class ContactFieldsInput extends AddressInput {
  @OptionalId('companyId', { description: 'A company of your organization' })
  companyId?: string | null;

  @Field(() => Date, { nullable: true })
  @IsOptional()
  lastContactedAt?: Date | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(100)
  source?: string | null;
}

@InputType()
export class ContactInput extends ContactFieldsInput {
  @Field()
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(200)
  name: string;

  @Field(() => ContactStatus, { defaultValue: ContactStatus.unknown })
  @IsEnum(ContactStatus)
  status: ContactStatus = ContactStatus.unknown;
}

@InputType()
export class ContactUpdateInput extends ContactFieldsInput {
  @Field(() => String, { nullable: true })
  @ValidateIf((o: ContactUpdateInput) => o.name !== undefined)
  @IsNotEmpty({ message: 'name must not be empty' })
  @MaxLength(200)
  name?: string;

  @Field(() => ContactStatus, { nullable: true, description: 'Only for contacts that back no lead or customer record' })
  @ValidateIf((o: ContactUpdateInput) => o.status !== undefined)
  @IsEnum(ContactStatus, { message: 'status must be customer, lead or unknown' })
  status?: ContactStatus;
}

@InputType()
export class MergeContactsInput {
  @Field(() => [ID], { description: 'Duplicates to fold into the contact; they are kept as superseded records' })
  @ArrayMinSize(1, { message: 'sourceIds must name at least one contact' })
  @ArrayMaxSize(50)
  @IsUUID('all', { each: true, message: 'sourceIds must be UUIDs' })
  sourceIds: string[];
}

/** sortBy: createdAt, updatedAt, name, email, status, lastContactedAt. */
@ArgsType()
export class ContactListArgs extends ListArgs {
  @Field(() => ContactStatus, { nullable: true })
  @IsOptional()
  @IsEnum(ContactStatus)
  status?: ContactStatus;

  @OptionalId('ownerId', { description: 'Only contacts owned by this user' })
  ownerId?: string;

  @OptionalId('companyId', { description: 'Only contacts of this company' })
  companyId?: string;
}
