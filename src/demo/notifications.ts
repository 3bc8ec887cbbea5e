import type { User } from '../modules/accounts/users/user.entity';
import { Notification } from '../modules/accounts/notifications/notification.entity';
import { ActivityDirection, ActivityType } from '../modules/communications/activities/activity.entity';
import { TaskStatus } from '../modules/sales/tasks/task.entity';
import { at, dayOf, DemoContext, place } from './demo-context';

const INBOUND: Partial<Record<ActivityType, string>> = {
  [ActivityType.email]: 'email.received',
  [ActivityType.call]: 'call.received',
  [ActivityType.sms]: 'sms.received',
};

/**
 * Notifications (GET /api/notifications, each member sees their own): the last two weeks of inbound emails, calls
 * and texts for the contact's owner, open tasks given to a member by someone else or by the AI, and a stale deal;
 * what is older than three days has been read.
 */
export function seedNotifications(ctx: DemoContext): void {
  const { data } = ctx;
  const since = at(ctx, dayOf(ctx, -14)).getTime();
  const readBefore = at(ctx, dayOf(ctx, -3)).getTime();
  let n = 0;
  const notify = (
    recipient: User,
    kind: string,
    title: string,
    when: Date,
    link: string,
    body: string | null = null,
  ) => {
    const note = new Notification(ctx.org, recipient, kind, title);
    Object.assign(note, {
      body,
      link,
      readAt: when.getTime() < readBefore ? new Date(when.getTime() + 3_600_000) : null,
    });
    place(ctx, note, 'notification', n++, when);
  };
  for (const a of data.activities) {
    const kind = INBOUND[a.type];
    const owner = a.contact.getEntity().owner?.getEntity();
    if (!kind || !owner || a.direction !== ActivityDirection.inbound || a.occurredAt.getTime() < since) continue;
    const from = a.contact.getEntity().name;
    notify(
      owner,
      kind,
      `${a.type === ActivityType.email ? 'Email' : a.type === ActivityType.call ? 'Call' : 'Text'} from ${from}: ${a.subject}`,
      a.occurredAt,
      `/api/activities/${a.id}`,
    );
  }
  for (const t of data.tasks) {
    const assignee = t.assignee?.getEntity();
    if (!assignee || t.status !== TaskStatus.open || t.createdAt.getTime() < since) continue;
    if (!t.isAiGenerated && t.createdBy?.id === assignee.id) continue;
    notify(
      assignee,
      'task.assigned',
      `New task for you: ${t.title}`,
      t.createdAt,
      `/api/tasks/${t.id}`,
      t.dueDate ? `Due ${t.dueDate}` : null,
    );
  }
  const stale = data.opportunities.find(
    (o) => o.stageEnteredAt.getTime() < at(ctx, dayOf(ctx, -20)).getTime() && o.owner && !o.closedAt,
  );
  if (stale?.owner)
    notify(
      stale.owner.getEntity(),
      'opportunity.stale',
      `No move in three weeks: ${stale.name}`,
      at(ctx, dayOf(ctx, -1), 7),
      `/api/opportunities/${stale.id}`,
    );
}
