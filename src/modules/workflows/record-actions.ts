import type { ContactService } from '../crm/contacts/contact.service';
import type { CustomerService } from '../crm/customers/customer.service';
import type { LeadService } from '../crm/leads/lead.service';
import type { OpportunityService } from '../sales/opportunities/opportunity.service';
import { type ActionContext, ActionError } from './action-context';
import type { FieldType } from './field-type';
import { recordIdField, type RecordKind } from './record-targets';
import { systemPrincipal } from './system-actor';
import type { RunStep } from './workflow-run.entity';

export interface RecordWriters {
  leads: Pick<LeadService, 'update'>;
  contacts: Pick<ContactService, 'update'>;
  customers: Pick<CustomerService, 'update'>;
  opportunities: Pick<OpportunityService, 'update'>;
}

const TABLES: Record<RecordKind, string> = {
  lead: 'leads',
  opportunity: 'opportunities',
  customer: 'customers',
  contact: 'contacts',
};

/** The id of the action's record in the run's data, when it is one of the organization's (row-level security). */
async function recordId(kind: RecordKind, ctx: ActionContext, fields: Record<string, FieldType>): Promise<string> {
  const field = recordIdField(ctx.event, fields, kind);
  const id = field ? ctx.data[field] : undefined;
  const rows: unknown[] =
    typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)
      ? await ctx.tx.execute(`select 1 from ${TABLES[kind]} where id = ?`, [id])
      : [];
  if (!rows.length) throw new ActionError(`the ${ctx.event} record names no ${kind} of the organization`);
  return id as string;
}

/** Writes one field (or the owner) of the record through its module's service, as the system, in the run's transaction. */
async function write(
  kind: RecordKind,
  id: string,
  patch: Record<string, unknown>,
  ctx: ActionContext,
  w: RecordWriters,
) {
  if (kind === 'lead') await w.leads.update(ctx.tx, systemPrincipal(ctx.organizationId), id, patch);
  else if (kind === 'opportunity') await w.opportunities.update(ctx.tx, id, patch);
  else if (kind === 'customer') await w.customers.update(ctx.tx, id, patch);
  else await w.contacts.update(ctx.tx, id, patch);
}

/** assign_owner and update_field: the record from the trigger's data, the patch, planned (dry) or written. */
export async function performRecordAction(
  a: { type: 'assign_owner' | 'update_field'; record: RecordKind },
  patch: Record<string, unknown>,
  ctx: ActionContext & { fields: Record<string, FieldType> },
  writers: RecordWriters,
  index: number,
): Promise<RunStep> {
  const id = await recordId(a.record, ctx, ctx.fields);
  const input = { record: a.record, recordId: id, ...patch };
  if (ctx.dryRun) return { index, type: a.type, input, outcome: 'planned' };
  await write(a.record, id, patch, ctx, writers);
  return { index, type: a.type, input, outcome: 'done' };
}
