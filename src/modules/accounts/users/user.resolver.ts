import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { AccountContext } from '../accounts.services';
import type { Page } from '../../../db/pagination';
import type { PlainRow } from '../../../db/read-path';
import { User } from './user.entity';
import { UserListArgs, UserPage } from './user.types';
import { UpdateProfileInput } from './team.types';
import { Guard } from '../../../graphql/guard';
import { inputHas, isAuthenticated, refusedWhileImpersonating } from '../../../graphql/rules';

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

  // Names and the phone may be fixed while impersonating; the email, the account's login, may not.
  @Guard(refusedWhileImpersonating(isAuthenticated, 'access', inputHas('email')))
  @Mutation(() => User, {
    description:
      'Changes your own profile: the fields sent (names, email, mobile number); a new email needs currentPassword. Not the role',
  })
  updateProfile(@Arg('input') input: UpdateProfileInput, @Ctx() ctx: AccountContext): Promise<User> {
    return ctx.services.profile.update(ctx.em, ctx.principal, input, ctx.requestId);
  }
}
