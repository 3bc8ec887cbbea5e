import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Page } from '../../../db/pagination';
import type { AccountContext } from '../accounts.services';
import { Notification } from './notification.entity';
import { MarkAllReadPayload, NotificationListArgs, NotificationPage } from './notification.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver(() => Notification)
export class NotificationResolver {
  @Guard(isAuthenticated)
  @Query(() => NotificationPage, { description: "The signed-in user's notifications, newest first" })
  notifications(@Args() args: NotificationListArgs, @Ctx() ctx: AccountContext): Promise<Page<Notification>> {
    return ctx.services.notifications.list(ctx.em, ctx.principal, args);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Notification)
  markNotificationRead(@Arg('id', () => ID) id: string, @Ctx() ctx: AccountContext): Promise<Notification> {
    return ctx.services.notifications.markRead(ctx.em, ctx.principal, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => MarkAllReadPayload)
  async markAllNotificationsRead(@Ctx() ctx: AccountContext): Promise<MarkAllReadPayload> {
    return { updated: await ctx.services.notifications.markAllRead(ctx.em, ctx.principal) };
  }
}
