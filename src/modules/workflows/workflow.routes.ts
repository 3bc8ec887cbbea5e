import { DELETED, EXAMPLE_ID, page, type RouteRow } from '../../http/route-row';

const TAG = 'Workflows';
const WORKFLOW =
  '{ id name description active version triggerEvent definition ownerId templateKey hasWebhookSecret organizationId createdAt updatedAt }';
const STEP = '{ index path type input outcome output error }';
const RUN = `{ id workflowId version eventId triggerEvent triggerData status steps ${STEP} error attempts depth finishedAt resumeAt organizationId createdAt updatedAt }`;
const EXAMPLE = {
  name: 'Call new leads within the hour',
  active: false,
  trigger: { event: 'lead.created' },
  conditions: { all: [{ field: 'email', op: 'not_empty' }] },
  actions: [
    {
      type: 'create_task',
      title: 'Call {{leadName}}',
      assignee: { rule: 'owner' },
      dueInHours: 1,
      priority: 'high',
    },
  ],
};

/** Workflow definitions, their runs, test and simulation (admins; docs/workflows.md). */
export const workflowRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/workflows',
    operation: 'workflows',
    tag: TAG,
    summary: 'Workflows (paginated; active, triggerEvent)',
    selection: page(WORKFLOW),
  },
  {
    method: 'POST',
    path: '/api/workflows',
    operation: 'createWorkflow',
    body: 'input',
    status: 201,
    tag: TAG,
    summary: 'Create a workflow (version 1); every name in the definition is checked (400 with details)',
    selection: WORKFLOW,
    example: EXAMPLE,
  },
  {
    method: 'GET',
    path: '/api/workflows/:id',
    operation: 'workflow',
    tag: TAG,
    summary: 'One workflow with its current definition and version',
    selection: WORKFLOW,
  },
  {
    method: 'PUT',
    path: '/api/workflows/:id',
    operation: 'updateWorkflow',
    body: 'input',
    tag: TAG,
    summary: 'Change a workflow; a new trigger, conditions or actions make a new version',
    selection: WORKFLOW,
    example: { active: true, actions: EXAMPLE.actions },
  },
  {
    method: 'DELETE',
    path: '/api/workflows/:id',
    operation: 'deleteWorkflow',
    tag: TAG,
    summary: 'Delete a workflow with its versions and runs',
    selection: DELETED,
  },
  {
    method: 'GET',
    path: '/api/workflows/:id/runs',
    operation: 'workflowRuns',
    params: { id: 'workflowId' },
    tag: TAG,
    summary: "Runs, newest first: trigger, each step's input, outcome and error (status, startDate, endDate)",
    selection: page(RUN),
  },
  {
    method: 'GET',
    path: '/api/workflows/:id/versions',
    operation: 'workflowVersions',
    params: { id: 'workflowId' },
    tag: TAG,
    summary: "A workflow's versions, newest first: each definition, when and by whom it was made",
    selection: '{ id workflowId version triggerEvent definition createdById createdAt }',
  },
  {
    method: 'POST',
    path: '/api/workflows/:id/test',
    operation: 'testWorkflow',
    body: 'input',
    tag: TAG,
    summary: 'Run the current version on a record (eventId, or its data) without writing: each step as it would run',
    selection: `{ event data conditionsMet steps ${STEP} }`,
    example: { data: { id: EXAMPLE_ID, leadName: 'Sam Rivera', email: 'sam@rivera.example' } },
  },
  {
    method: 'POST',
    path: '/api/workflows/:id/simulate',
    operation: 'simulateWorkflow',
    tag: TAG,
    summary: "Replay the last 30 days of the organization's events: runs and actions that would have happened, per day",
    selection: '{ from to events runs actions days { date events runs actions } }',
  },
  {
    method: 'GET',
    path: '/api/workflow-templates',
    operation: 'workflowTemplates',
    tag: TAG,
    summary:
      'The rental templates (return reminder, overdue-invoice escalation, new-lead round robin, hot lead, stagnant deal) and whether each is on',
    selection: '{ key name description enabled }',
  },
  {
    method: 'POST',
    path: '/api/workflow-templates/enable',
    operation: 'enableWorkflowTemplate',
    body: 'input',
    tag: TAG,
    summary:
      'Switch a template on: its workflows are made active (or switched back on); userId, userIds name who gets the work',
    selection: WORKFLOW,
    example: { key: 'return-reminder' },
  },
];
