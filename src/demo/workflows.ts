import { ref } from '@mikro-orm/core';
import { TENANT_FILTER } from '../db/tenant-filter';
import { Notification } from '../modules/accounts/notifications/notification.entity';
import { User } from '../modules/accounts/users/user.entity';
import { Contact } from '../modules/crm/contacts/contact.entity';
import { Customer } from '../modules/crm/customers/customer.entity';
import { Opportunity } from '../modules/sales/opportunities/opportunity.entity';
import { Task, TaskPriority, TaskSource } from '../modules/sales/tasks/task.entity';
import { checkDefinition } from '../modules/workflows/definition';
import { TEMPLATES } from '../modules/workflows/templates';
import { dueRecords } from '../modules/workflows/time-sweep';
import { type RunStep, WorkflowRun, WorkflowRunStatus } from '../modules/workflows/workflow-run.entity';
import { runSteps } from '../modules/workflows/workflow-runner';
import { Workflow, WorkflowVersion } from '../modules/workflows/workflow.entity';
import { at, dayOf, type DemoContext, demoId, place } from './demo-context';

const HISTORY_DAYS = 14;

/**
 * The demo's workflows (docs/workflows.md, "Templates"): every rental template switched on a month ago, with the run
 * history of the last two weeks. Each run is what the runner would have done: the definition is run dry on the
 * record as it is (conditions, owner, round robin, merge fields) and its planned actions are written as the tasks
 * and notifications a run makes (source workflow, linked to the run).
 */
export async function seedWorkflows(ctx: DemoContext): Promise<void> {
  const { data, em } = ctx;
  // The dry runs read as the runner does: through the tenant filter, for the demo organization.
  em.setFilterParams(TENANT_FILTER, { organizationId: ctx.org.id });
  const [admin, , , , office] = data.team;
  const made: Workflow[] = [];
  let n = 0;
  for (const template of TEMPLATES) {
    for (const body of template.build({ userId: office.id, userIds: data.sales.map((u) => u.id) })) {
      const { errors, definition } = checkDefinition(body);
      if (errors.length) throw new Error(`demo workflow ${body.name}: ${JSON.stringify(errors)}`);
      const w = new Workflow(ctx.org, body.name, definition);
      Object.assign(w, { active: true, owner: ref(office), templateKey: template.key });
      const created = at(ctx, dayOf(ctx, -30), 8);
      place(ctx, w, 'workflow', n, created);
      const v = place(ctx, new WorkflowVersion(w, 1, definition), 'workflow-version', n, created);
      v.createdBy = ref(admin);
      w.currentVersionId = v.id;
      made.push(w);
      n++;
    }
  }
  await em.flush();
  let runs = 0;
  for (const w of made) {
    const version = await em.findOneOrFail(WorkflowVersion, { id: w.currentVersionId as string });
    for (const record of await history(ctx, w)) {
      const steps: RunStep[] = [];
      const run = new WorkflowRun();
      Object.assign(run, {
        organization: ref(ctx.org),
        workflow: ref(w),
        workflowVersion: ref(version),
        version: 1,
        eventId: record.key,
        triggerEvent: w.triggerEvent,
      });
      place(ctx, run, 'workflow-run', runs++, record.at);
      const never = { update: () => undefined as never };
      const deps = {
        tasks: { createInTransaction: () => undefined as never },
        notifications: { queue: () => [] },
        ...{ leads: never, contacts: never, customers: never, opportunities: never },
        activities: { record: () => undefined as never },
        // a dry run plans call_webhook without calling
        webhooks: { cipher: { decrypt: () => undefined as never }, allowPrivate: false, timeoutMs: 0 },
        outbound: { sendInTransaction: () => undefined as never, textMemberInTransaction: () => undefined as never },
        mailer: { send: () => undefined as never },
      };
      const met = await runSteps(
        em,
        deps,
        {
          workflowId: w.id,
          runId: run.id,
          version,
          event: w.triggerEvent,
          data: record.data,
          at: record.at.toISOString(),
        },
        true,
        steps,
      ).catch(() => null);
      if (met === null) {
        em.remove(run);
        continue;
      }
      Object.assign(run, {
        triggerData: record.data,
        steps: steps.map((s) => ({ ...s, outcome: s.outcome === 'planned' ? 'done' : s.outcome })),
        status: met ? WorkflowRunStatus.succeeded : WorkflowRunStatus.skipped,
        attempts: 1,
        finishedAt: record.at,
      });
      for (const s of run.steps) if (s.outcome === 'done') s.output = materialize(ctx, s, run, runs);
      // the run took its turn of a round robin (a dry run only reads the cursor)
      if (met && JSON.stringify(version.definition.actions).includes('round_robin'))
        await em.execute('update workflows set round_robin_cursor = round_robin_cursor + 1 where id = ?', [w.id]);
    }
  }
  // One flush for every run: a flush compares all of the seed's managed records (about 9,000), so one per run cost
  // half a second each (docs/performance.md, "The test suite's time"). No dry run reads what an earlier run wrote.
  await em.flush();
}

/** The records a workflow ran on over the last two weeks: its time trigger's due records, or the new leads. */
async function history(
  ctx: DemoContext,
  w: Workflow,
): Promise<{ key: string; at: Date; data: Record<string, unknown> }[]> {
  const out: { key: string; at: Date; data: Record<string, unknown> }[] = [];
  const trigger = w.definition.trigger;
  if ('event' in trigger) {
    const since = at(ctx, dayOf(ctx, -HISTORY_DAYS), 0);
    for (const lead of ctx.data.leads) {
      if (lead.createdAt < since) continue;
      const contact = lead.contact.getEntity();
      out.push({
        key: demoId('workflow-event', `${w.id}:${lead.id}`),
        at: new Date(lead.createdAt.getTime() + 60_000),
        data: { id: lead.id, leadName: contact.name, email: contact.email },
      });
    }
    return out;
  }
  for (let d = HISTORY_DAYS; d >= 1; d--) {
    const day = dayOf(ctx, -d);
    for (const [i, r] of (await dueRecords(ctx.em, ctx.org.id, trigger, day, 23, 0)).entries())
      out.push({ key: demoId('workflow-event', `${w.id}:${day}:${i}`), at: at(ctx, day, 7), data: r.data });
  }
  return out;
}

/** The task or notification a done step made, as the runner writes it. */
function materialize(ctx: DemoContext, s: RunStep, run: WorkflowRun, n: number): Record<string, unknown> {
  const input = s.input as Record<string, string | null>;
  const data = run.triggerData;
  if (s.type === 'create_task') {
    const task = new Task(ctx.org, input.title as string);
    const id = (v: unknown) => (typeof v === 'string' ? v : null);
    const deal = run.triggerEvent.startsWith('opportunity.') ? id(data.id) : null;
    Object.assign(task, {
      description: input.description,
      assignee: ref(ctx.em.getReference(User, input.assigneeId as string)),
      priority: input.priority as TaskPriority,
      dueDate: input.dueDate,
      source: TaskSource.workflow,
      sourceId: run.id,
      isAiGenerated: false,
      contact: id(data.contactId) ? ref(ctx.em.getReference(Contact, id(data.contactId) as string)) : null,
      customer: id(data.customerId) ? ref(ctx.em.getReference(Customer, id(data.customerId) as string)) : null,
      opportunity: deal ? ref(ctx.em.getReference(Opportunity, deal)) : null,
    });
    place(ctx, task, 'workflow-task', `${n}:${s.index}`, run.createdAt);
    return { taskId: task.id };
  }
  const note = new Notification(
    ctx.org,
    ctx.em.getReference(User, input.userId as string),
    'workflow',
    input.title as string,
  );
  Object.assign(note, { body: input.body, link: `/api/workflows/${run.workflowId}/runs`, readAt: run.createdAt });
  place(ctx, note, 'workflow-notification', `${n}:${s.index}`, run.createdAt);
  return {};
}
