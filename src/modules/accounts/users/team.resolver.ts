import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import type { AccountContext, AccountServices } from '../accounts.services';
import { ListArgs, Page } from '../../../db/pagination';
import { AuthPayload } from '../auth/auth.types';
import { Invitation } from './invitation.entity';
import { AcceptInvitationInput, InvitationPage, InviteUserInput, RemovedUser, UpdateMemberInput } from './team.types';
import { User } from './user.entity';
import { Guard } from '../../../graphql/guard';
import { isAdmin, isPublic, refusedWhileImpersonating } from '../../../graphql/rules';

@Resolver()
export class TeamResolver {
  @Guard(refusedWhileImpersonating(isAdmin, 'access'))
  @Mutation(() => Invitation, {
    description: 'Invites someone to your organization by mail (admin); the token is valid for 7 days, once',
  })
  inviteUser(@Arg('input') input: InviteUserInput, @Ctx() ctx: AccountContext): Promise<Invitation> {
    return ctx.services.team.invite(ctx.em, ctx.principal, input);
  }

  @Guard(isAdmin)
  @Query(() => InvitationPage, { description: 'Invitations of your organization not yet accepted (admin)' })
  invitations(@Args() args: ListArgs, @Ctx() ctx: AccountContext): Promise<Page<Invitation>> {
    return ctx.services.team.listInvitations(ctx.em, args);
  }

  @Guard(refusedWhileImpersonating(isAdmin, 'access'))
  @Mutation(() => Invitation, { description: 'Withdraws a pending invitation (admin)' })
  revokeInvitation(@Arg('id', () => ID) id: string, @Ctx() ctx: AccountContext): Promise<Invitation> {
    return ctx.services.team.revokeInvitation(ctx.em, id);
  }

  @Guard(isPublic)
  @Mutation(() => AuthPayload, { description: 'Accepts an invitation with its token, sets the password and logs in' })
  async acceptInvitation(
    @Arg('input') input: AcceptInvitationInput,
    @Ctx() ctx: Context<AccountServices>,
  ): Promise<AuthPayload> {
    const { user, token } = await ctx.services.team.accept(ctx.em, input, ctx.client);
    if (ctx.client.sessionToken) await ctx.services.sessions.destroyToken(ctx.em, ctx.client.sessionToken); // no session fixation
    ctx.cookie.setSession(token);
    return { message: 'Invitation accepted', user };
  }

  @Guard(refusedWhileImpersonating(isAdmin, 'access'))
  @Mutation(() => User, {
    description: "Changes a member's role or mobile number (admin): the fields sent; the last admin cannot be demoted",
  })
  updateMember(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: UpdateMemberInput,
    @Ctx() ctx: AccountContext,
  ): Promise<User> {
    return ctx.services.team.updateMember(ctx.em, ctx.principal, id, input);
  }

  @Guard(refusedWhileImpersonating(isAdmin, 'access'))
  @Mutation(() => RemovedUser, {
    description: 'Removes a member (admin): not yourself, not the last admin, not while impersonating',
  })
  async removeUser(@Arg('id', () => ID) id: string, @Ctx() ctx: AccountContext): Promise<RemovedUser> {
    const user = await ctx.services.team.remove(ctx.em, ctx.principal, id);
    return { message: 'User removed', id: user.id };
  }
}
