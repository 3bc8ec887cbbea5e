import { IsEmail, IsEnum, IsNotEmpty, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { E164, E164_MESSAGE } from '../../../lib/fields';
import { RequiredText } from '../../../lib/input-fields';
import { Field, InputType, ObjectType } from 'type-graphql';
import { Paginated } from '../../../db/pagination';
import { PASSWORD_MAX, PASSWORD_MIN } from '../auth/auth.types';
import { Invitation } from './invitation.entity';
import { MemberRole } from './member-role';

export const InvitationPage = Paginated(Invitation);

@InputType()
export class InviteUserInput {
  @Field()
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(320)
  email: string;

  /** A String, not the enum, so that "super_admin" is a clear 400 naming the field rather than a coercion error. */
  @Field(() => String, { description: 'user or admin' })
  @IsEnum(MemberRole, { message: 'role must be user or admin' })
  role: MemberRole;

  @RequiredText('firstName', 100)
  firstName: string;

  @RequiredText('lastName', 100)
  lastName: string;
}

/** A member's mobile number: E.164, or null (or "") to clear it; omitted: unchanged. */
export const phoneField = () => (target: object, key: string) => {
  Field(() => String, {
    nullable: true,
    description: 'Mobile number, E.164 (+14155550123); null clears it. Workflow SMS to the member go there',
  })(target, key);
  ValidateIf((_o, v) => v !== undefined && v !== null && v !== '')(target, key);
  Matches(E164, { message: E164_MESSAGE })(target, key);
};

@InputType()
export class UpdateMemberInput {
  @Field(() => String, { nullable: true, description: 'user or admin; omitted: unchanged' })
  @ValidateIf((_o, v) => v !== undefined)
  @IsEnum(MemberRole, { message: 'role must be user or admin' })
  role?: MemberRole;

  @phoneField()
  phone?: string | null;
}

/** A name the member may change but not clear: omitted, unchanged; else a non-blank string of at most 100 characters. */
const nameField = (name: string) => (target: object, key: string) => {
  Field(() => String, { nullable: true, description: `Your ${name}; omitted: unchanged (it cannot be cleared)` })(
    target,
    key,
  );
  ValidateIf((_o, v) => v !== undefined)(target, key);
  IsString({ message: `${key} must be a string` })(target, key);
  Matches(/\S/, { message: `${key} must not be empty` })(target, key);
  MaxLength(100, { message: `${key} must be at most 100 characters` })(target, key);
};

/**
 * The caller's own profile (PATCH /api/auth/me, `updateProfile`; docs/accounts.md, "Profile"): the fields sent
 * change. A new email (the login) needs the current password, as a new password does.
 */
@InputType()
export class UpdateProfileInput {
  @phoneField()
  phone?: string | null;

  @nameField('first name')
  firstName?: string;

  @nameField('last name')
  lastName?: string;

  @Field(() => String, {
    nullable: true,
    description: 'Your email, the login (unique across the service); a new one needs currentPassword',
  })
  @ValidateIf((_o, v) => v !== undefined)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(320, { message: 'email must be at most 320 characters' })
  email?: string;

  @Field(() => String, { nullable: true, description: 'Your current password: needed to change the email' })
  @ValidateIf((_o, v) => v !== undefined)
  @IsString({ message: 'currentPassword must be a string' })
  @MaxLength(PASSWORD_MAX)
  currentPassword?: string;
}

@InputType()
export class AcceptInvitationInput {
  @Field({ description: 'The token of the invitation mail' })
  @IsString()
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200)
  token: string;

  @Field()
  @IsString()
  @MinLength(PASSWORD_MIN, { message: `password must be at least ${PASSWORD_MIN} characters` })
  @MaxLength(PASSWORD_MAX)
  password: string;
}

@ObjectType()
export class RemovedUser {
  @Field() message: string;
  @Field() id: string;
}
