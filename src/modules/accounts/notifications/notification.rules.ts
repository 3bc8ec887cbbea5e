import type { RootRules } from '../../../graphql/rules';
import { isAuthenticated } from '../../../graphql/rules';

/** Every member reads and clears their own notifications. */
export const notificationRules: RootRules = {
  Query: { notifications: isAuthenticated },
  Mutation: { markNotificationRead: isAuthenticated, markAllNotificationsRead: isAuthenticated },
};
