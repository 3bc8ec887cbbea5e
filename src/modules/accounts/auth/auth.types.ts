import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { RequiredText } from '../../../lib/input-fields';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity';
import { Organization } from '../organizations/organization.entity';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

@InputType()
export class LoginInput {
  @Field()
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(320)
  email: string;

  @Field()
  @IsString()
  @MinLength(PASSWORD_MIN, { message: `password must be at least ${PASSWORD_MIN} characters` })
  @MaxLength(PASSWORD_MAX)
  password: string;
}

@InputType()
export class RegisterInput extends LoginInput {
  @RequiredText('organizationName', 200)
  organizationName: string;

  @RequiredText('firstName', 100)
  firstName: string;

  @RequiredText('lastName', 100)
  lastName: string;
}

/** Login and register answer with the spec's login body: `message` and `user`. */
@ObjectType()
export class AuthPayload {
  @Field()
  message: string;

  @Field(() => User)
  user: User;
}

@ObjectType()
export class MessagePayload {
  @Field()
  message: string;
}

@ObjectType()
export class Impersonator {
  @Field(() => ID) id: string;
  @Field() email: string;
}

/** GET /api/auth/me: the caller, their organization and the state of their session. */
@ObjectType()
export class Me {
  @Field(() => User)
  user: User;

  @Field(() => Organization)
  organization: Organization;

  @Field({ description: 'True while a super admin acts as this user' })
  isImpersonating: boolean;

  @Field(() => Impersonator, {
    nullable: true,
    description: 'The super admin acting as this user, while impersonating',
  })
  impersonator?: Impersonator | null;

  @Field({ description: 'session (cookie) or api_key (Authorization: Bearer)' })
  authenticatedBy: string;
}
