import { workflowConfig } from './workflow.settings';
import type { AuthedContext } from '../../graphql/context';
import type { AuditService } from '../accounts/audit/audit.service';
import type { NotificationService } from '../accounts/notifications/notification.service';
import type { TaskService } from '../sales/tasks/task.service';
import type { SharedDeps } from '../module';
import { WorkflowRunner } from './workflow-runner';
import { WorkflowTemplateService } from './workflow-template.service';
import { WorkflowTrialService } from './workflow-trial.service';
import { WorkflowService } from './workflow.service';

/** What workflows call in other modules: tasks (sales), notifications and the audit log (accounts). */
export interface WorkflowNeeds {
  tasks: TaskService;
  notifications: NotificationService;
  audit: AuditService;
}

/** Workflow automations (docs/workflows.md). */
export function createWorkflowServices({ config }: SharedDeps, { tasks, notifications, audit }: WorkflowNeeds) {
  const workflows = new WorkflowService(workflowConfig(config));
  return {
    workflows,
    workflowTemplates: new WorkflowTemplateService(workflows),
    workflowTrials: new WorkflowTrialService(workflows, { tasks, notifications }),
    workflowRunner: new WorkflowRunner(workflowConfig(config), { tasks, notifications, audit }),
  };
}

export type WorkflowServices = ReturnType<typeof createWorkflowServices>;
export type WorkflowContext = AuthedContext<WorkflowServices>;
