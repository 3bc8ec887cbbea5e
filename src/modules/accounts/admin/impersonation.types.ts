import { IsUUID } from 'class-validator';
import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { Organization } from '../organizations/organization.entity';
import { User } from '../users/user.entity';

@InputType()
export class ImpersonateInput {
  @Field(() => ID)
  @IsUUID('all', { message: 'userId must be a UUID' })
  userId: string;

  @Field(() => ID)
  @IsUUID('all', { message: 'organizationId must be a UUID' })
  organizationId: string;
}

/** The state of the session after starting or ending impersonation: who requests now act as. */
@ObjectType()
export class ImpersonationPayload {
  @Field() message: string;
  @Field() isImpersonating: boolean;
  @Field(() => User, { description: 'The user requests now act as' }) user: User;
  @Field(() => Organization, { description: 'The organization requests are now scoped to' }) organization: Organization;
}

@ObjectType()
export class DeletedOrganization {
  @Field() message: string;
  @Field(() => ID) id: string;
}
