import type { ActionContext } from './action-context';
import type { NotificationService } from '../accounts/notifications/notification.service';
import { TaskPriority, TaskSource } from '../sales/tasks/task.entity';
import type { TaskService } from '../sales/tasks/task.service';
import type { ActivityService } from '../communications/activities/activity.service';
import { type Action, type BranchAction, render, type WaitAction } from './definition';
import type { RunStep } from './workflow-run.entity';
import { triggerRecord } from './trigger-fields';
import { logActivity } from './log-activity';
import { performRecordAction, type RecordWriters } from './record-actions';
import { callWebhook, type WebhookCaller } from './call-webhook';
import { resolveAssignee } from './assignees';
import { type MessageSenders, sendMessage } from './send-message';

export type { ActionContext } from './action-context';

export interface ActionDeps extends RecordWriters, MessageSenders {
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
  if (a.type === 'send_email' || a.type === 'send_sms') return sendMessage(a, ctx, deps, index);
  if (a.type === 'assign_owner' || a.type === 'update_field') {
    const patch = a.type === 'assign_owner' ? { ownerId: await resolveAssignee(a.owner, ctx) } : { [a.field]: a.value };
    const fields = triggerRecord(ctx.event)?.fields ?? {};
    return performRecordAction(a, patch, { ...ctx, fields }, deps, index);
  }
  if (a.type === 'log_activity') return logActivity(a, ctx, deps, index);
  if (a.type === 'create_task') {
    const assigneeId = await resolveAssignee(a.assignee, ctx);
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
  const userId = await resolveAssignee(a.to, ctx);
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
