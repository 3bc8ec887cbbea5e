import type { EventKind } from '../../events/event-kinds';
import { DATE_TRIGGERS, type DateTriggerKind, SCHEDULE, SCHEDULE_FIELDS } from './time-triggers';

import { type FieldType, INVOICE_FIELDS, ORDER_FIELDS } from './field-type';

export type { FieldType } from './field-type';

const ORDER: Record<string, FieldType> = { ...ORDER_FIELDS, changedBy: 'id' };
const INVOICE: Record<string, FieldType> = { ...INVOICE_FIELDS, currency: 'string', changedBy: 'id' };

/**
 * The fields of each trigger's record: the data of its event (docs/events.md, "Event kinds and their data").
 * A definition's conditions and merge fields are checked against this list.
 */
export const TRIGGER_FIELDS: Record<EventKind, Record<string, FieldType>> = {
  'lead.created': { id: 'id', leadName: 'string', email: 'string', score: 'number', ownerId: 'id' },
  'lead.converted': { leadId: 'id', customerId: 'id', convertedBy: 'id' },
  'opportunity.created': {
    id: 'id',
    name: 'string',
    contactId: 'id',
    customerId: 'id',
    stageId: 'id',
    stage: 'string',
    value: 'number',
    probability: 'number',
    expectedCloseDate: 'date',
    ownerId: 'id',
    createdBy: 'id',
    isAiGenerated: 'boolean',
    source: 'string',
    sourceId: 'id',
  },
  'opportunity.stage_changed': {
    id: 'id',
    previousStageId: 'id',
    previousStage: 'string',
    stageId: 'id',
    stage: 'string',
    probability: 'number',
    value: 'number',
    changedBy: 'id',
    status: 'string',
    secondsInPreviousStage: 'number',
    lostReason: 'string',
    transactionId: 'id',
  },
  'task.created': {
    id: 'id',
    title: 'string',
    priority: 'string',
    dueDate: 'date',
    assignedTo: 'id',
    contactId: 'id',
    customerId: 'id',
    opportunityId: 'id',
    isAiGenerated: 'boolean',
    source: 'string',
    sourceId: 'id',
    createdBy: 'id',
  },
  'task.completed': { id: 'id', title: 'string', completedBy: 'id', completedAt: 'date' },
  'call.received': {
    activityId: 'id',
    contactId: 'id',
    contactCreated: 'boolean',
    from: 'string',
    to: 'string',
    durationSeconds: 'number',
    provider: 'string',
    receivedAt: 'date',
  },
  'email.received': {
    activityId: 'id',
    contactId: 'id',
    contactCreated: 'boolean',
    from: 'string',
    to: 'list',
    subject: 'string',
    ownerId: 'id',
    receivedAt: 'date',
  },
  'order.reserved': ORDER,
  'order.updated': { ...ORDER, previousTotal: 'number' },
  'order.checked_out': ORDER,
  'order.returned': { ...ORDER, returnedOn: 'date', previousTotal: 'number' },
  'order.extended': { ...ORDER, previousReturnDate: 'date', previousTotal: 'number' },
  'order.swapped': { ...ORDER, lineId: 'id', returnAssetTag: 'string', newAssetTag: 'string', previousTotal: 'number' },
  'order.cancelled': ORDER,
  'order.overdue': { ...ORDER, asOf: 'date', daysLate: 'number' },
  'invoice.created': INVOICE,
  'invoice.paid': INVOICE,
  'invoice.overdue': { ...INVOICE, asOf: 'date', daysLate: 'number' },
};

/**
 * Fields an event's data does not carry, read from its record when a run (or a test or simulation) looks at it: the
 * record as it is then (docs/workflows.md, "The trigger's record"). Bound: the id in `field`.
 */
export interface RecordExtras {
  field: string;
  fields: Record<string, FieldType>;
  sql: string;
}

const LEAD_EXTRAS = (field: string): RecordExtras => ({
  field,
  fields: { score: 'number', scoreBand: 'string', status: 'string', ownerId: 'id', phone: 'string', companyId: 'id' },
  sql: `select jsonb_build_object('score', l.score, 'scoreBand', l.score_band, 'status', l.status, 'ownerId', c.owner_id,
          'phone', c.phone, 'companyId', c.company_id) as extra
        from leads l join contacts c on c.id = l.contact_id where l.id = ?`,
});
const DEAL_EXTRAS: RecordExtras = {
  field: 'id',
  fields: { name: 'string', ownerId: 'id', contactId: 'id', customerId: 'id', expectedCloseDate: 'date' },
  sql: `select jsonb_build_object('name', o.name, 'ownerId', o.owner_id, 'contactId', o.contact_id,
          'customerId', o.customer_id, 'expectedCloseDate', o.expected_close_date::text) as extra
        from opportunities o where o.id = ?`,
};

/** A task's status (`open`, `completed`): "a day after a task was made, if it is still open". */
const TASK_EXTRAS: RecordExtras = {
  field: 'id',
  fields: { status: 'string' },
  sql: `select jsonb_build_object('status', t.status) as extra from tasks t where t.id = ?`,
};

export const RECORD_EXTRAS: Partial<Record<string, RecordExtras>> = {
  'task.created': TASK_EXTRAS,
  'lead.created': LEAD_EXTRAS('id'),
  'lead.converted': LEAD_EXTRAS('leadId'),
  'opportunity.stage_changed': DEAL_EXTRAS,
};

/**
 * The event kinds a workflow may start on: those whose data this module knows the shape of (TRIGGER_FIELDS). Each is
 * a kind a module declares in its definition (test/workflows.spec.ts checks it against the composed list).
 */
export const WORKFLOW_EVENT_KINDS = Object.keys(TRIGGER_FIELDS) as EventKind[];

/**
 * Where a trigger's record keeps its owner (the `owner` assignee rule): a statement that reads the owner's user id
 * from the id in the event's `field`, under the organization's row-level security.
 */
export const OWNER_OF: Record<EventKind, { field: string; sql: string }> = Object.fromEntries(
  WORKFLOW_EVENT_KINDS.map((kind) => [kind, ownerLookup(kind)]),
) as Record<EventKind, { field: string; sql: string }>;

function ownerLookup(kind: EventKind): { field: string; sql: string } {
  const contact = 'select owner_id from contacts where id = ?';
  if (kind === 'lead.created' || kind === 'lead.converted')
    return {
      field: kind === 'lead.created' ? 'id' : 'leadId',
      sql: 'select c.owner_id from leads l join contacts c on c.id = l.contact_id where l.id = ?',
    };
  if (kind.startsWith('opportunity.')) return { field: 'id', sql: 'select owner_id from opportunities where id = ?' };
  if (kind.startsWith('task.')) return { field: 'id', sql: 'select assignee_id as owner_id from tasks where id = ?' };
  if (kind.startsWith('order.') || kind.startsWith('invoice.'))
    return {
      field: 'customerId',
      sql: 'select c.owner_id from customers cu join contacts c on c.id = cu.contact_id where cu.id = ?',
    };
  return { field: 'contactId', sql: contact };
}

/** A trigger's record: its fields and where its owner is (a schedule has no record, so no owner). */
export function triggerRecord(
  key: string,
): { fields: Record<string, FieldType>; owner: { field: string; sql: string } | null } | null {
  if ((WORKFLOW_EVENT_KINDS as readonly string[]).includes(key))
    return {
      fields: { ...RECORD_EXTRAS[key]?.fields, ...TRIGGER_FIELDS[key as EventKind] },
      owner: OWNER_OF[key as EventKind],
    };
  if (key in DATE_TRIGGERS) return DATE_TRIGGERS[key as DateTriggerKind];
  if (key === SCHEDULE) return { fields: SCHEDULE_FIELDS, owner: null };
  return null;
}
