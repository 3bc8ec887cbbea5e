import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { DeletePayload } from '../../../lib/fields';
import type { CommunicationsContext } from '../communications.services';
import { EmailSyncSubscription } from './email-sync-subscription.entity';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver(() => EmailSyncSubscription)
export class EmailSyncResolver {
  @Guard(isAuthenticated)
  @Query(() => [EmailSyncSubscription], { description: "A contact's email sync subscriptions (100 at most)" })
  emailSyncSubscriptions(
    @Arg('contactId', () => ID) contactId: string,
    @Ctx() ctx: CommunicationsContext,
  ): Promise<EmailSyncSubscription[]> {
    return ctx.services.emailSync.forContact(ctx.em, contactId);
  }

  @Guard(isAuthenticated)
  @Mutation(() => DeletePayload, { description: 'Revoke: mail from that address is no longer synced to the contact' })
  deleteEmailSyncSubscription(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: CommunicationsContext,
  ): Promise<DeletePayload> {
    return ctx.services.emailSync.revoke(ctx.em, id);
  }
}
