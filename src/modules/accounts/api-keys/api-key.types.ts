import { IsDate, IsEnum, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ArgsType, Field, InputType, ObjectType } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { MemberRole } from '../users/member-role';
import { ApiKey } from './api-key.entity';

export const ApiKeyPage = Paginated(ApiKey);

@InputType()
export class CreateApiKeyInput {
  @Field()
  @IsString()
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(100)
  name: string;

  @Field(() => String, { description: 'user or admin' })
  @IsEnum(MemberRole, { message: 'role must be user or admin' })
  role: MemberRole;

  @Field({ nullable: true, description: 'ISO 8601 date-time in the future; omitted: never expires' })
  @IsOptional()
  @IsDate({ message: 'expiresAt must be an ISO 8601 date-time' })
  expiresAt?: Date;
}

/** The only time the secret is shown. */
@ObjectType()
export class CreatedApiKey {
  @Field(() => ApiKey) apiKey: ApiKey;
  @Field({ description: 'The key to send as `Authorization: Bearer <key>`; it cannot be shown again' }) secret: string;
}

@ArgsType()
export class ApiKeyListArgs extends ListArgs {
  @Field({ nullable: true, description: 'active (default): neither revoked nor expired; all: every key' })
  @IsOptional()
  @IsIn(['active', 'all'], { message: 'state must be active or all' })
  state?: 'active' | 'all';
}
