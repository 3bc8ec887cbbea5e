import type { EntityManager } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import { findOr404 } from '../../../db/find-or-404';
import type { Principal } from '../../../http/principal';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { Role } from '../../../lib/role';
import type { Mailer } from '../../../mail/mailer';
import { Organization } from '../organizations/organization.entity';
import { User } from '../users/user.entity';
import { Notification } from './notification.entity';
import type { NotificationListArgs } from './notification.types';

const LIST: ListSpec<Notification> = {
  searchFields: ['title', 'body'],
  sortable: { createdAt: 'createdAt', readAt: 'readAt', kind: 'kind' },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
  dateField: 'createdAt',
};

export interface NewNotification {
  organizationId: string;
  userIds: string[];
  kind: string;
  title: string;
  body?: string | null;
  /** API path of the record, e.g. /api/activities/<id>. */
  link?: string | null;
  /** Also mail each recipient when SMTP is configured (the in-app row is always written). */
  email?: boolean;
}

/**
 * In-app notifications (docs/communications.md, "Notifications"). A user sees only their own: another user's
 * notification is 404, as another organization's record is. Written inside the caller's transaction.
 */
export class NotificationService {
  constructor(
    private readonly mailer: Mailer,
    private readonly smtpConfigured: boolean,
  ) {}

  list(em: EntityManager, principal: Principal, args: NotificationListArgs): Promise<Page<Notification>> {
    const where: Record<string, unknown> = { recipient: principal.userId };
    if (args.unread === true) where.readAt = null;
    if (args.unread === false) where.readAt = { $ne: null };
    if (args.kind) where.kind = args.kind;
    return listPage(em, Notification, args, LIST, where);
  }

  async markRead(em: EntityManager, principal: Principal, id: string): Promise<Notification> {
    return em.transactional(async (tx) => {
      const n = await this.own(tx, principal, id);
      n.readAt ??= clock.now();
      return n;
    });
  }

  /**
   * Marks every unread notification of the caller read; answers how many changed. In a transaction: its commit is
   * what tells the list totals (db/read-path) that the unread count changed.
   */
  async markAllRead(em: EntityManager, principal: Principal): Promise<number> {
    return em.transactional((tx) =>
      tx.nativeUpdate(Notification, { recipient: principal.userId, readAt: null }, { readAt: clock.now() }),
    );
  }

  /** Persists the in-app rows in the caller's unit of work (flushed with its transaction); no mail. */
  queue(tx: EntityManager, n: NewNotification): string[] {
    const recipients = [...new Set(n.userIds)];
    const org = tx.getReference(Organization, n.organizationId);
    for (const userId of recipients) {
      const row = new Notification(org, ref(tx.getReference(User, userId)), n.kind, n.title);
      row.body = n.body ?? null;
      row.link = n.link ?? null;
      tx.persist(row);
    }
    return recipients;
  }

  async notify(tx: EntityManager, n: NewNotification): Promise<void> {
    const recipients = this.queue(tx, n);
    await tx.flush();
    if (!n.email || !this.smtpConfigured || recipients.length === 0) return;
    const users = await tx.find(User, { id: { $in: recipients } });
    for (const user of users) {
      const text = [n.body ?? n.title, n.link ? `${this.mailer.publicUrl.replace(/\/$/, '')}${n.link}` : null]
        .filter(Boolean)
        .join('\n\n');
      await this.mailer.send(tx, {
        to: user.email,
        subject: n.title,
        text,
        kind: `notification.${n.kind}`,
        organizationId: n.organizationId,
      });
    }
  }

  /** Who hears about a contact's news: its owner, else the organization's admins. */
  async ownerOrAdmins(tx: EntityManager, organizationId: string, ownerId: string | null): Promise<string[]> {
    if (ownerId) return [ownerId];
    const admins = await tx.find(User, { organization: organizationId, role: Role.admin }, { fields: ['id'] });
    return admins.map((u) => u.id);
  }

  private async own(em: EntityManager, principal: Principal, id: string): Promise<Notification> {
    const n = await findOr404(em, Notification, id, 'Notification');
    if (n.recipient.id !== principal.userId) throw AppError.notFound('Notification');
    return n;
  }
}
