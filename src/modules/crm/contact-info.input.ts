import { IsEmail, IsOptional, Matches, MaxLength } from 'class-validator';
import { Field, InputType } from 'type-graphql';
import { E164, E164_MESSAGE } from '../../lib/fields';
import { OptionalId } from '../../lib/input-fields';

/** Contact details shared by the contact, lead and customer inputs. Absent: unchanged; null: cleared. */
@InputType()
export abstract class ContactInfoInput {
  @Field(() => String, { nullable: true, description: 'Unique per organization, ignoring case' })
  @IsOptional()
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(320)
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'E.164, e.g. +14155550123' })
  @IsOptional()
  @Matches(E164, { message: E164_MESSAGE })
  phone?: string | null;

  @OptionalId('ownerId', { description: 'A user of your organization' })
  ownerId?: string | null;
}

/** A postal address (contact address or billing address). */
@InputType()
export abstract class AddressInput extends ContactInfoInput {
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(300) address?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(100) city?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(100) state?: string | null;
  @Field(() => String, { nullable: true }) @IsOptional() @MaxLength(20) zipCode?: string | null;
}
