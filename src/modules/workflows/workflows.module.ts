import { defineModule } from '../module';
import { WorkflowRun } from './workflow-run.entity';
import { workflowJob } from './workflow.jobs';
import { WorkflowResolver } from './workflow.resolver';
import { workflowRoutes } from './workflow.routes';
import { workflowSettings } from './workflow.settings';
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
  migrations: () => import('./migrations'),
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
