import type { EntityManager } from '@mikro-orm/postgresql';
import { findOr404 } from '../../../db/find-or-404';
import { Page, pagination, SortOrder } from '../../../db/pagination';
import { AppError } from '../../../lib/errors';
import { checkDay } from '../../../lib/calendar-days';
import type { FieldError } from '../../../lib/errors';
import { Contact } from '../../crm/contacts/contact.entity';
import { TimelineArgs, TimelineEntry, TimelineKind } from './timeline.types';

const LINK: Record<TimelineKind, string> = {
  activity: '/api/activities/',
  task: '/api/tasks/',
  stage_change: '/api/opportunities/',
  rental_order: '/api/transactions/',
};

/**
 * The contact's ids (itself and every contact converted or merged into it, recursively: their history is its
 * history), its customers, then one UNION ALL of activities, tasks, stage changes, rental orders and their moves on
 * the floor (check-out, return, extension, ...), sorted and
 * paged by PostgreSQL. Every branch is scoped to the organization, on top of the tenant check of the contact.
 */
const ENTRIES = `
with recursive ids(id) as (
  select c.id from contacts c where c.id = ? and c.organization_id = ?
  union select c.id from contacts c join ids on c.superseded_by_id = ids.id where c.organization_id = ?
), custs as (select cu.id from customers cu where cu.contact_id in (select id from ids) and cu.organization_id = ?),
entries as (
  select 'activity' as kind, a.id, a.occurred_at as occurred_at, coalesce(a.subject, left(a.body, 120), a.type) as title,
         a.type || ' ' || a.direction as detail, a.id as link_id
    from activities a where a.organization_id = ? and a.contact_id in (select id from ids)
  union all
  select 'task', t.id, t.created_at, t.title, t.status, t.id
    from tasks t where t.organization_id = ? and (t.contact_id in (select id from ids) or t.customer_id in (select id from custs))
  union all
  select 'stage_change', s.id, s.changed_at, o.name, coalesce(s.from_stage_name || ' -> ', '') || s.to_stage_name, o.id
    from opportunity_stage_changes s join opportunities o on o.id = s.opportunity_id
   where s.organization_id = ? and (o.contact_id in (select id from ids) or o.customer_id in (select id from custs))
  union all
  select 'rental_order', r.id, r.created_at, 'Rental order ' || to_char(r.order_date, 'YYYY-MM-DD'), r.status || ' ' || r.total::text, r.id
    from rental_orders r where r.organization_id = ? and r.customer_id in (select id from custs)
  union all
  select 'rental_order', m.id, m.occurred_at, m.title, m.detail, m.order_id
    from rental_order_moves m where m.organization_id = ? and m.customer_id in (select id from custs)
)`;

interface Row {
  kind: TimelineKind;
  id: string;
  occurred_at: Date;
  title: string;
  detail: string | null;
  link_id: string;
}

/** A contact's whole history, newest first (docs/communications.md, "Timeline"). */
export class TimelineService {
  async forContact(em: EntityManager, contactId: string, args: TimelineArgs): Promise<Page<TimelineEntry>> {
    const contact = await findOr404(em, Contact, contactId, 'Contact');
    if (args.sortBy && args.sortBy !== 'occurredAt')
      throw AppError.validation([{ field: 'sortBy', message: 'sortBy must be one of: occurredAt' }]);
    if (args.search) throw AppError.validation([{ field: 'search', message: 'the timeline does not support search' }]);
    const org = contact.organization.id;
    const conditions: string[] = [];
    const params: unknown[] = [contact.id, org, org, org, org, org, org, org, org];
    if (args.kind) {
      conditions.push('kind = ?');
      params.push(args.kind);
    }
    for (const [field, op, shift] of [
      ['startDate', '>=', 0],
      ['endDate', '<', 1],
    ] as const) {
      const day = args[field];
      if (!day) continue;
      const errors: FieldError[] = [];
      if (!checkDay(day, field, errors)) throw AppError.validation(errors);
      conditions.push(`occurred_at ${op} (?::date + ${shift})`);
      params.push(day);
    }
    const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
    const order = args.sortOrder === SortOrder.asc ? 'asc' : 'desc';
    const [rows, [{ total }]] = await Promise.all([
      em.execute<Row[]>(
        `${ENTRIES} select * from entries ${where} order by occurred_at ${order}, id limit ? offset ?`,
        [...params, args.limit, (args.page - 1) * args.limit],
      ),
      em.execute<{ total: string }[]>(`${ENTRIES} select count(*) as total from entries ${where}`, params),
    ]);
    return {
      data: rows.map((r) => ({
        kind: r.kind,
        id: r.id,
        occurredAt: new Date(r.occurred_at),
        title: r.title,
        detail: r.detail,
        link: `${LINK[r.kind]}${r.link_id}`,
      })),
      pagination: pagination(Number(total), args.page, args.limit),
    };
  }
}
