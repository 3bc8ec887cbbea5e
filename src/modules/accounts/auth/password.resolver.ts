import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import type { AccountContext, AccountServices } from '../accounts.services';
import { MessagePayload } from './auth.types';
import { ChangePasswordInput, ForgotPasswordInput, ResetPasswordInput } from './password.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated, isPublic, refusedWhileImpersonating } from '../../../graphql/rules';

@Resolver()
export class PasswordResolver {
  @Guard(isPublic)
  @Mutation(() => MessagePayload, {
    description: 'Mails a reset link if the email has an account; the answer is the same either way',
  })
  async requestPasswordReset(
    @Arg('input') input: ForgotPasswordInput,
    @Ctx() ctx: Context<AccountServices>,
  ): Promise<MessagePayload> {
    await ctx.services.passwords.requestReset(ctx.em, input.email, ctx.log);
    return { message: 'If an account exists for this email, a reset link has been sent' };
  }

  @Guard(isPublic)
  @Mutation(() => MessagePayload, {
    description: 'Sets a new password with a reset token (single use, 1 hour); ends every session of the user',
  })
  async resetPassword(
    @Arg('input') input: ResetPasswordInput,
    @Ctx() ctx: Context<AccountServices>,
  ): Promise<MessagePayload> {
    await ctx.services.passwords.reset(ctx.em, input.token, input.password);
    return { message: 'Password changed; log in with the new password' };
  }

  @Guard(refusedWhileImpersonating(isAuthenticated, 'access'))
  @Mutation(() => MessagePayload, {
    description: "Changes the caller's password (needs the current one); ends their other sessions",
  })
  async changePassword(@Arg('input') input: ChangePasswordInput, @Ctx() ctx: AccountContext): Promise<MessagePayload> {
    await ctx.services.passwords.change(ctx.em, ctx.principal, input.currentPassword, input.newPassword);
    return { message: 'Password changed' };
  }
}
