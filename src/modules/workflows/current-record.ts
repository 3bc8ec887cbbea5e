import type { EntityManager } from '@mikro-orm/postgresql';
import { RECORD_EXTRAS, triggerRecord } from './trigger-fields';

/** Where the current fields of a trigger's record are read, by the start of its key (`invoice.` for invoice.paid and invoice.dueDate). */
const CURRENT: { prefix: string; sql: string }[] = [
  {
    prefix: 'opportunity.',
    sql: `select jsonb_build_object('name', o.name, 'ownerId', o.owner_id, 'contactId', o.contact_id,
            'customerId', o.customer_id, 'stageId', o.stage_id, 'value', o.value::text, 'probability', o.probability,
            'expectedCloseDate', o.expected_close_date::text, 'status', o.status) as extra
          from opportunities o where o.id = ?`,
  },
  {
    prefix: 'task.',
    sql: `select jsonb_build_object('title', t.title, 'priority', t.priority, 'dueDate', t.due_date::text,
            'assignedTo', t.assignee_id, 'status', t.status) as extra from tasks t where t.id = ?`,
  },
  {
    prefix: 'order.',
    sql: `select jsonb_build_object('status', r.status, 'fulfillment', r.fulfillment, 'pickupDate', r.pickup_date::text,
            'returnDate', r.return_date::text, 'total', r.total::text) as extra from rental_orders r where r.id = ?`,
  },
  {
    prefix: 'invoice.',
    sql: `select jsonb_build_object('status', i.status, 'dueDate', i.due_date::text, 'total', i.total::text,
            'amountPaid', i.amount_paid::text, 'balanceDue', (i.total - i.amount_paid)::text) as extra
          from invoices i where i.id = ?`,
  },
];

const UUID = /^[0-9a-f-]{36}$/i;

async function read(tx: EntityManager, sql: string, id: unknown): Promise<Record<string, unknown> | null> {
  if (typeof id !== 'string' || !UUID.test(id)) return null;
  const rows: { extra: Record<string, unknown> }[] = await tx.execute(sql, [id]);
  return rows[0]?.extra ?? null;
}

/**
 * The trigger's record as it is now, for a run that resumes after a wait (docs/workflows.md, action `wait`): its
 * data with the fields its record has now in place of the event's (those the trigger's record lists), read under the
 * run's organization. Null: the record is gone (deleted, or not the organization's). A record without a stored
 * counterpart (an inbound call's data, a schedule's day) is its data as it was.
 */
export async function currentRecord(
  tx: EntityManager,
  event: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  const fields = triggerRecord(event)?.fields ?? {};
  const fresh: Record<string, unknown> = {};
  const extras = RECORD_EXTRAS[event];
  if (extras) {
    const extra = await read(tx, extras.sql, data[extras.field]);
    if (!extra) return null;
    Object.assign(fresh, extra);
  }
  const own = CURRENT.find((c) => event.startsWith(c.prefix));
  if (own) {
    const now = await read(tx, own.sql, data.id);
    if (!now) return null;
    Object.assign(fresh, now);
  }
  const known = Object.fromEntries(Object.entries(fresh).filter(([k]) => k in fields));
  return { ...data, ...known };
}
