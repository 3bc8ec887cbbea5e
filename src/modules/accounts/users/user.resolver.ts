import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { AccountContext } from '../accounts.services';
import type { Page } from '../../../db/pagination';
import type { PlainRow } from '../../../db/read-path';
import { User } from './user.entity';
import { UserListArgs, UserPage } from './user.types';
import { UpdateProfileInput } from './team.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver(() => User)
export class UserResolver {
  @Guard(isAuthenticated)
  @Query(() => UserPage, { description: 'Members of your organization' })
  users(@Args() args: UserListArgs, @Ctx() ctx: AccountContext): Promise<Page<PlainRow<User>>> {
    return ctx.services.users.list(ctx.em, args);
  }

  @Guard(isAuthenticated)
  @Query(() => User, { description: 'One member of your organization' })
  user(@Arg('id', () => ID) id: string, @Ctx() ctx: AccountContext): Promise<User> {
    return ctx.services.users.get(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => User, { description: 'Changes your own profile: the fields sent (your mobile number, E.164)' })
  updateProfile(@Arg('input') input: UpdateProfileInput, @Ctx() ctx: AccountContext): Promise<User> {
    return ctx.services.team.updateProfile(ctx.em, ctx.principal, input);
  }
}
