import { IsEmail, IsString, MaxLength, MinLength } from 'class-validator';
import { RequiredText } from '../../../lib/input-fields';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { User } from '../users/user.entity';
import { Organization } from '../organizations/organization.entity';
import { ApiKey } from '../api-keys/api-key.entity';
import { Role } from '../../../lib/role';

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

/**
 * GET /api/auth/me: the caller, their organization and the state of their session. For a bearer request `user` is
 * the key's creator (the requests act for them) while `role` and `apiKey` say what the key itself may do.
 */
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

  @Field(() => Role, {
    description: "The role this request acts with: the API key's for a bearer request, else the user's",
  })
  role: Role;

  @Field(() => ApiKey, {
    nullable: true,
    description: 'The API key of a bearer request (never its secret); null for a session',
  })
  apiKey?: ApiKey | null;
}
