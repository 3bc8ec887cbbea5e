import { clock } from '../../lib/clock';
import type { ActivityService } from '../communications/activities/activity.service';
import { ActivityDirection, ActivitySource, ActivityType } from '../communications/activities/activity.entity';
import { type ActionContext, ActionError } from './action-context';
import { type LogActivityAction, render } from './definition';
import { contactIdField } from './record-targets';
import { triggerRecord } from './trigger-fields';
import type { RunStep } from './workflow-run.entity';

/**
 * A note on the timeline of the trigger's contact, written by the activity service in the run's transaction
 * (source `workflow`, no author; linked to the trigger's opportunity when it has one). The contact is found under the
 * organization's row-level security: another organization's is not found and the action fails.
 */
export async function logActivity(
  a: LogActivityAction,
  ctx: ActionContext,
  deps: { activities: Pick<ActivityService, 'record'> },
  index: number,
): Promise<RunStep> {
  const contactId = await contactOf(ctx);
  const opportunityId = await opportunityOf(ctx);
  const input = {
    contactId,
    opportunityId,
    subject: render(a.subject, ctx.data),
    body: a.body ? render(a.body, ctx.data) : null,
  };
  if (ctx.dryRun) return { index, type: a.type, input, outcome: 'planned' };
  const activity = await deps.activities.record(ctx.tx, {
    ...input,
    organizationId: ctx.organizationId,
    type: ActivityType.note,
    direction: ActivityDirection.outbound,
    source: ActivitySource.workflow,
    occurredAt: clock.now(),
    authorId: null,
  });
  return { index, type: a.type, input, outcome: 'done', output: { activityId: activity.id } };
}

/** The trigger's contact (its contactId, else its lead's or customer's), found among the organization's; else the action fails. */
export async function contactOf(ctx: ActionContext): Promise<string> {
  const where = contactIdField(ctx.event, triggerRecord(ctx.event)?.fields ?? {});
  const key = where ? ctx.data[where.field] : undefined;
  const rows: { id: string }[] =
    where && typeof key === 'string' && /^[0-9a-f-]{36}$/i.test(key) ? await ctx.tx.execute(where.sql, [key]) : [];
  if (!rows[0]?.id) throw new ActionError(`the ${ctx.event} record names no contact of the organization`);
  return rows[0].id;
}

/** The trigger's opportunity (an opportunity.* record's id, or an opportunityId), when it is the organization's. */
export async function opportunityOf(ctx: ActionContext): Promise<string | null> {
  const id = ctx.event.startsWith('opportunity.') ? ctx.data.id : ctx.data.opportunityId;
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows: unknown[] = await ctx.tx.execute('select 1 from opportunities where id = ?', [id]);
  return rows.length ? id : null;
}
