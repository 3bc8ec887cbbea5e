import { type FieldType, INVOICE_FIELDS, ORDER_FIELDS } from './field-type';

/**
 * Triggers at a time relative to a date of a record (docs/workflows.md, "Time triggers"): the run happens on the
 * organization's day `date + offsetDays` (negative: before). Each kind says its record's fields (what conditions and
 * merge fields may name), where its owner is, and how to read the records whose date falls in a window of days.
 */
export interface DateTrigger {
  fields: Record<string, FieldType>;
  /** The field that names the record whose owner the `owner` rule assigns, and the statement that reads it. */
  owner: { field: string; sql: string };
  /**
   * Records of one organization whose date is in [from, to]: `id`, `day` (the date as text) and `data` (the record's
   * fields, named as in `fields`). Bound: organization id, from, to.
   */
  sql: string;
}

const CUSTOMER_OWNER = 'select c.owner_id from customers cu join contacts c on c.id = cu.contact_id where cu.id = ?';

export const DATE_TRIGGERS = {
  /** An order's return date, while it is pending (not completed, not cancelled). */
  'order.returnDate': {
    fields: ORDER_FIELDS,
    owner: { field: 'customerId', sql: CUSTOMER_OWNER },
    sql: `select r.id, r.return_date::text as day, jsonb_build_object('id', r.id, 'customerId', r.customer_id,
            'status', r.status, 'fulfillment', r.fulfillment, 'pickupDate', r.pickup_date::text,
            'returnDate', r.return_date::text, 'total', r.total::text) as data
          from rental_orders r where r.organization_id = ? and r.status = 'pending' and r.return_date between ? and ?`,
  },
  /** An invoice's due date, while it is sent and not fully paid (unpaid or partly paid). */
  'invoice.dueDate': {
    fields: INVOICE_FIELDS,
    owner: { field: 'customerId', sql: CUSTOMER_OWNER },
    sql: `select i.id, i.due_date::text as day, jsonb_build_object('id', i.id, 'customerId', i.customer_id,
            'orderId', i.order_id, 'number', i.number, 'status', i.status, 'issueDate', i.issue_date::text,
            'dueDate', i.due_date::text, 'total', i.total::text, 'amountPaid', i.amount_paid::text,
            'balanceDue', (i.total - i.amount_paid)::text) as data
          from invoices i where i.organization_id = ? and i.status = 'sent' and i.total > i.amount_paid
            and i.due_date between ? and ?`,
  },
  /** An open deal's last activity: its latest logged activity, or when it entered its stage if later. */
  'opportunity.lastActivity': {
    fields: {
      id: 'id',
      name: 'string',
      contactId: 'id',
      customerId: 'id',
      stageId: 'id',
      value: 'number',
      ownerId: 'id',
      lastActivityDate: 'date',
    },
    owner: { field: 'id', sql: 'select owner_id from opportunities where id = ?' },
    sql: `select o.id, x.day, jsonb_build_object('id', o.id, 'name', o.name, 'contactId', o.contact_id,
            'customerId', o.customer_id, 'stageId', o.stage_id, 'value', o.value::text, 'ownerId', o.owner_id,
            'lastActivityDate', x.day) as data
          from opportunities o
          cross join lateral (select greatest(o.stage_entered_at,
            (select max(a.occurred_at) from activities a where a.opportunity_id = o.id))::date::text as day) x
          where o.organization_id = ? and o.status = 'open' and o.archived_at is null and x.day::date between ? and ?`,
  },
} satisfies Record<string, DateTrigger>;

export type DateTriggerKind = keyof typeof DATE_TRIGGERS;
export const DATE_TRIGGER_KINDS = Object.keys(DATE_TRIGGERS) as DateTriggerKind[];

/** A schedule's record: the organization's day it runs on. */
export const SCHEDULE = 'schedule';
export const SCHEDULE_FIELDS: Record<string, FieldType> = { date: 'date', weekday: 'number' };

/** Days a missed time trigger is still made up for (the worker was down): the unique run key keeps it to once. */
export const CATCH_UP_DAYS = 2;
