import { page, type RouteRow } from '../../../http/route-row';

const NOTIFICATION = '{ id kind title body link read readAt organizationId createdAt updatedAt }';
const tag = 'Notifications';

/** The signed-in user's notifications (docs/communications.md). */
export const notificationRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/notifications',
    operation: 'notifications',
    tag,
    summary: 'Your notifications, newest first (paginated; unread=true|false, kind, search, sortBy, sortOrder)',
    selection: page(NOTIFICATION),
  },
  {
    method: 'POST',
    path: '/api/notifications/read-all',
    operation: 'markAllNotificationsRead',
    tag,
    summary: 'Mark every unread notification of yours read; answers how many',
    selection: '{ updated }',
  },
  {
    method: 'POST',
    path: '/api/notifications/:id/read',
    operation: 'markNotificationRead',
    tag,
    summary: 'Mark one of your notifications read (another user’s is 404)',
    selection: NOTIFICATION,
  },
];
