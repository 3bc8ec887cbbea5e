import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import type { AccountContext, AccountServices } from '../accounts.services';
import { AuthPayload, LoginInput, Me, MessagePayload, RegisterInput } from './auth.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated, isPublic } from '../../../graphql/rules';

@Resolver()
export class AuthResolver {
  @Guard(isPublic)
  @Mutation(() => AuthPayload, {
    description: 'Creates an organization and its first user (role admin) and logs them in.',
  })
  async register(@Arg('input') input: RegisterInput, @Ctx() ctx: Context<AccountServices>): Promise<AuthPayload> {
    const { user, token } = await ctx.services.auth.register(ctx.em, input, ctx.client);
    ctx.cookie.setSession(token);
    return { message: 'Registration successful', user };
  }

  @Guard(isPublic)
  @Mutation(() => AuthPayload, { description: 'Starts a session; the response sets the sessionId cookie.' })
  async login(@Arg('input') input: LoginInput, @Ctx() ctx: Context<AccountServices>): Promise<AuthPayload> {
    const { user, token } = await ctx.services.auth.login(ctx.em, input, {
      ...ctx.client,
      previousToken: ctx.client.sessionToken,
    });
    ctx.cookie.setSession(token);
    return { message: 'Login successful', user };
  }

  @Guard(isAuthenticated)
  @Mutation(() => MessagePayload, { description: 'Ends the current session and clears the cookie.' })
  async logout(@Ctx() ctx: AccountContext): Promise<MessagePayload> {
    await ctx.services.auth.logout(ctx.em, ctx.principal);
    ctx.cookie.clearSession();
    return { message: 'Logged out' };
  }

  @Guard(isAuthenticated)
  @Query(() => Me, { description: 'The authenticated caller.' })
  async me(@Ctx() ctx: AccountContext): Promise<Me> {
    return ctx.services.auth.me(ctx.em, ctx.principal);
  }
}
