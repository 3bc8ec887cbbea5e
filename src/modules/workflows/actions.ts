import { type ActionContext, ActionError } from './action-context';
import type { NotificationService } from '../accounts/notifications/notification.service';
import { User } from '../accounts/users/user.entity';
import { TaskPriority, TaskSource } from '../sales/tasks/task.entity';
import type { TaskService } from '../sales/tasks/task.service';
import type { ActivityService } from '../communications/activities/activity.service';
import { type Action, type Assignee, type BranchAction, render, type WaitAction } from './definition';
import type { RunStep } from './workflow-run.entity';
import { triggerRecord } from './trigger-fields';
import { logActivity } from './log-activity';
import { performRecordAction, type RecordWriters } from './record-actions';
import { callWebhook, type WebhookCaller } from './call-webhook';

export type { ActionContext } from './action-context';

export interface ActionDeps extends RecordWriters {
  webhooks: WebhookCaller;
  activities: Pick<ActivityService, 'record'>;
  tasks: Pick<TaskService, 'createInTransaction'>;
  notifications: Pick<NotificationService, 'queue'>;
}

/**
 * Does (or, dry, plans) one action in the run's transaction and says what it did. Writes go through the owning
 * modules' services (tasks, notifications), so a task made here emits task.created like any other.
 */
export async function perform(
  a: Exclude<Action, BranchAction | WaitAction>,
  ctx: ActionContext,
  deps: ActionDeps,
  index: number,
  path: string,
): Promise<RunStep> {
  if (a.type === 'call_webhook') return callWebhook(a, { ...ctx, path }, deps.webhooks, index);
  if (a.type === 'assign_owner' || a.type === 'update_field') {
    const patch = a.type === 'assign_owner' ? { ownerId: await resolve(a.owner, ctx) } : { [a.field]: a.value };
    const fields = triggerRecord(ctx.event)?.fields ?? {};
    return performRecordAction(a, patch, { ...ctx, fields }, deps, index);
  }
  if (a.type === 'log_activity') return logActivity(a, ctx, deps, index);
  if (a.type === 'create_task') {
    const assigneeId = await resolve(a.assignee, ctx);
    const input = {
      title: render(a.title, ctx.data),
      description: a.description ? render(a.description, ctx.data) : null,
      assigneeId,
      priority: a.priority ?? 'medium',
      dueDate: a.dueInHours === undefined ? null : dueDay(ctx.at, a.dueInHours),
    };
    if (ctx.dryRun) return { index, type: a.type, input, outcome: 'planned' };
    const task = deps.tasks.createInTransaction(ctx.tx, ctx.organizationId, {
      ...input,
      priority: input.priority as TaskPriority,
      ...links(ctx),
      source: TaskSource.workflow,
      sourceId: ctx.runId,
      isAiGenerated: false,
    });
    return { index, type: a.type, input, outcome: 'done', output: { taskId: task.id } };
  }
  const userId = await resolve(a.to, ctx);
  const input = { userId, title: render(a.title, ctx.data), body: a.body ? render(a.body, ctx.data) : null };
  if (ctx.dryRun) return { index, type: a.type, input, outcome: 'planned' };
  deps.notifications.queue(ctx.tx, {
    organizationId: ctx.organizationId,
    userIds: [userId],
    kind: 'workflow',
    title: input.title,
    body: input.body,
    link: `/api/workflows/${ctx.workflowId}/runs`,
  });
  return { index, type: a.type, input, outcome: 'done' };
}

/** The task's links: the trigger record's contact, customer and opportunity, when the event names them. */
function links(ctx: ActionContext) {
  const d = ctx.data;
  const id = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    contactId: id(d.contactId),
    customerId: id(d.customerId),
    opportunityId: ctx.event.startsWith('opportunity.') ? id(d.id) : id(d.opportunityId),
  };
}

/** The day `hours` after the event, UTC (a task's due date is a day). */
function dueDay(at: string, hours: number): string {
  return new Date(Date.parse(at) + hours * 3600_000).toISOString().slice(0, 10);
}

async function resolve(who: Assignee, ctx: ActionContext): Promise<string> {
  let id: string | null;
  if (who.rule === 'owner') {
    const lookup = triggerRecord(ctx.event)?.owner;
    if (!lookup) throw new ActionError(`a ${ctx.event} trigger has no record owner`);
    const key = ctx.data[lookup.field];
    const rows: { owner_id: string | null }[] = typeof key === 'string' ? await ctx.tx.execute(lookup.sql, [key]) : [];
    id = rows[0]?.owner_id ?? null;
    if (!id) throw new ActionError(`the ${ctx.event} record has no owner`);
  } else if (who.rule === 'user') {
    id = who.userId;
  } else {
    id = who.userIds[await nextTurn(ctx, who.userIds.length)];
  }
  // Under the organization's filter: a user who left (or of another organization) is not found.
  const user = await ctx.tx.findOne(User, { id }, { fields: ['id'] });
  if (!user) throw new ActionError(`user ${id} is not a member of the organization`);
  return id;
}

/** Round robin: the workflow's cursor moves on once per assignment (dry runs only read it). */
async function nextTurn(ctx: ActionContext, size: number): Promise<number> {
  const rows: { n: number }[] = ctx.dryRun
    ? await ctx.tx.execute('select round_robin_cursor as n from workflows where id = ?', [ctx.workflowId])
    : await ctx.tx.execute(
        'update workflows set round_robin_cursor = round_robin_cursor + 1 where id = ? returning round_robin_cursor - 1 as n',
        [ctx.workflowId],
      );
  return Number(rows[0]?.n ?? 0) % size;
}
