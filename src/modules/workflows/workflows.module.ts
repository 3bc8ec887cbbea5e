import { defineModule } from '../module';
import { WorkflowRun } from './workflow-run.entity';
import { workflowJob } from './workflow.jobs';
import { WorkflowResolver } from './workflow.resolver';
import { workflowRoutes } from './workflow.routes';
import { workflowSettings } from './workflow.settings';
import { Migration20261201100000_workflows } from './migrations/Migration20261201100000_workflows';
import { Migration20261208100000_workflow_activities } from './migrations/Migration20261208100000_workflow_activities';
import { Migration20261210100000_workflow_waits } from './migrations/Migration20261210100000_workflow_waits';
import { Workflow, WorkflowVersion } from './workflow.entity';
import { createWorkflowServices } from './workflows.services';

/** Workflow automations (docs/workflows.md): "when X happens, do Y", tested before and recorded after. */
export const workflowsModule = defineModule({
  name: 'workflows',
  summary:
    'Workflow automations: event triggers, conditions and actions (tasks, notifications, owners, fields, activities, emails and SMS from templates, signed webhooks, waits, branches), versioned, run exactly once, tested and simulated',
  entities: [Workflow, WorkflowVersion, WorkflowRun],
  resolvers: [WorkflowResolver],
  routes: workflowRoutes,
  migrations: [
    { name: 'Migration20261201100000_workflows', class: Migration20261201100000_workflows },
    { name: 'Migration20261208100000_workflow_activities', class: Migration20261208100000_workflow_activities },
    { name: 'Migration20261210100000_workflow_waits', class: Migration20261210100000_workflow_waits },
  ],
  idSegments: { workflows: 'workflows' },
  settings: workflowSettings,
  needs: [
    'tasks',
    'notifications',
    'audit',
    'leads',
    'contacts',
    'customers',
    'opportunities',
    'activities',
    'outbound',
  ],
  services: createWorkflowServices,
  jobs: [workflowJob],
});
