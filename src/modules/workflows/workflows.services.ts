import { workflowConfig } from './workflow.settings';
import type { AuthedContext } from '../../graphql/context';
import type { AuditService } from '../accounts/audit/audit.service';
import type { NotificationService } from '../accounts/notifications/notification.service';
import type { TaskService } from '../sales/tasks/task.service';
import type { SharedDeps } from '../module';
import type { ActivityService } from '../communications/activities/activity.service';
import type { OutboundService } from '../communications/outbound/outbound.service';
import type { RecordWriters } from './record-actions';
import { WorkflowRunner } from './workflow-runner';
import { WorkflowTemplateService } from './workflow-template.service';
import { WorkflowTrialService } from './workflow-trial.service';
import { WorkflowService } from './workflow.service';

/**
 * What workflows call in other modules: tasks (sales), notifications and the audit log (accounts), and the
 * services that own the records assign_owner and update_field write (crm, sales) and log_activity's activities (communications).
 */
export interface WorkflowNeeds extends RecordWriters {
  activities: ActivityService;
  outbound: OutboundService;
  tasks: TaskService;
  notifications: NotificationService;
  audit: AuditService;
}

/** Workflow automations (docs/workflows.md). */
export function createWorkflowServices({ config, cipher, resolveHost, mailer }: SharedDeps, needs: WorkflowNeeds) {
  const webhooks = {
    cipher,
    allowPrivate: config.webhooks.allowPrivateUrls,
    timeoutMs: config.webhooks.timeoutMs,
    resolve: resolveHost,
  };
  const workflows = new WorkflowService(workflowConfig(config), webhooks);
  const { leads, contacts, customers, opportunities, activities, tasks, notifications, outbound } = needs;
  const writers = { leads, contacts, customers, opportunities, activities, tasks, notifications };
  const actionDeps = { ...writers, webhooks, outbound, mailer };
  return {
    workflows,
    workflowTemplates: new WorkflowTemplateService(workflows),
    workflowTrials: new WorkflowTrialService(workflows, actionDeps),
    workflowRunner: new WorkflowRunner(workflowConfig(config), { ...actionDeps, audit: needs.audit }),
  };
}

export type WorkflowServices = ReturnType<typeof createWorkflowServices>;
export type WorkflowContext = AuthedContext<WorkflowServices>;
