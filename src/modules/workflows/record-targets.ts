import type { FieldError } from '../../lib/errors';
import { LeadStatus } from '../crm/leads/lead.entity';
import type { FieldType } from './field-type';

/** The records a workflow may write to (docs/workflows.md, "Definitions", actions `assign_owner` and `update_field`). */
export const RECORD_KINDS = ['lead', 'opportunity', 'customer', 'contact'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const LEAD_TARGETS: string[] = Object.values(LeadStatus).filter((s) => s !== LeadStatus.converted);

/** The fields update_field may set, per record kind, each with the values it takes. */
export const UPDATABLE_FIELDS: Record<string, Record<string, { takes: string; fits(v: unknown): boolean }>> = {
  lead: {
    status: {
      takes: `one of ${LEAD_TARGETS.join(', ')} (a move the lead's status allows)`,
      fits: (v) => LEAD_TARGETS.includes(v as string),
    },
  },
  opportunity: {
    probability: {
      takes: 'a whole number 0-100',
      fits: (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100,
    },
    value: {
      takes: 'an amount, 0-1000000000',
      fits: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1e9,
    },
    expectedCloseDate: {
      takes: 'a day YYYY-MM-DD or null',
      fits: (v) => v === null || (typeof v === 'string' && CALENDAR_DAY.test(v) && !Number.isNaN(Date.parse(v))),
    },
  },
};

/** The field of a trigger's record that holds the id of its `kind` record (null: the trigger names none). */
export function recordIdField(key: string, fields: Record<string, FieldType>, kind: RecordKind): string | null {
  const own = key.startsWith(`${kind}.`) && fields.id === 'id' ? 'id' : null;
  const named = fields[`${kind}Id`] === 'id' ? `${kind}Id` : null;
  return kind === 'lead' || kind === 'opportunity' ? (named ?? own) : named;
}

/** The problems of an assign_owner or update_field action's record (and field, value) for this trigger. */
export function checkRecordTarget(
  a: Record<string, unknown>,
  at: string,
  key: string,
  fields: Record<string, FieldType> | null,
): FieldError[] {
  const kinds = a.type === 'update_field' ? Object.keys(UPDATABLE_FIELDS) : [...RECORD_KINDS];
  if (!kinds.includes(a.record as string))
    return [{ field: `${at}.record`, message: `must be one of ${kinds.join(', ')}` }];
  const kind = a.record as RecordKind;
  const errors: FieldError[] = [];
  if (fields && !recordIdField(key, fields, kind))
    errors.push({ field: `${at}.record`, message: `a ${key} trigger names no ${kind}` });
  if (a.type !== 'update_field') return errors;
  const field = UPDATABLE_FIELDS[kind][a.field as string];
  if (!field)
    return [...errors, { field: `${at}.field`, message: `one of ${Object.keys(UPDATABLE_FIELDS[kind]).join(', ')}` }];
  if (!('value' in a) || !field.fits(a.value)) errors.push({ field: `${at}.value`, message: `must be ${field.takes}` });
  return errors;
}

/**
 * Where a trigger's record names its contact: its `contactId`, else its lead's or customer's contact (log_activity).
 * The id field and the statement that reads the contact's id from it (null: the trigger names no contact).
 */
export function contactIdField(key: string, fields: Record<string, FieldType>): { field: string; sql: string } | null {
  if (fields.contactId === 'id') return { field: 'contactId', sql: 'select id from contacts where id = ?' };
  const lead = recordIdField(key, fields, 'lead');
  if (lead) return { field: lead, sql: 'select contact_id as id from leads where id = ?' };
  const customer = recordIdField(key, fields, 'customer');
  if (customer) return { field: customer, sql: 'select contact_id as id from customers where id = ?' };
  return null;
}
