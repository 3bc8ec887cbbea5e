import { IsEnum, IsOptional } from 'class-validator';
import { ArgsType, Field } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { User } from './user.entity';
import { Role } from '../../../lib/role';

export const UserPage = Paginated(User);

/** sortBy: createdAt, updatedAt, email, firstName, lastName, name (last then first name). */
@ArgsType()
export class UserListArgs extends ListArgs {
  @Field(() => Role, { nullable: true, description: 'Only members with this role' })
  @IsOptional()
  @IsEnum(Role)
  role?: Role;
}
