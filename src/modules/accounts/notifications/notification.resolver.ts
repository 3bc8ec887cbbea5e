import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Page } from '../../../db/pagination';
import type { AccountContext } from '../accounts.services';
import { Notification } from './notification.entity';
import { MarkAllReadPayload, NotificationListArgs, NotificationPage } from './notification.types';

@Resolver(() => Notification)
export class NotificationResolver {
  @Query(() => NotificationPage, { description: "The signed-in user's notifications, newest first" })
  notifications(@Args() args: NotificationListArgs, @Ctx() ctx: AccountContext): Promise<Page<Notification>> {
    return ctx.services.notifications.list(ctx.em, ctx.principal, args);
  }

  @Mutation(() => Notification)
  markNotificationRead(@Arg('id', () => ID) id: string, @Ctx() ctx: AccountContext): Promise<Notification> {
    return ctx.services.notifications.markRead(ctx.em, ctx.principal, id);
  }

  @Mutation(() => MarkAllReadPayload)
  async markAllNotificationsRead(@Ctx() ctx: AccountContext): Promise<MarkAllReadPayload> {
    return { updated: await ctx.services.notifications.markAllRead(ctx.em, ctx.principal) };
  }
}
