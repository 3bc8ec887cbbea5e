import { DELETED, EXAMPLE_ID, page, type RouteRow } from '../../http/route-row';
import { OPPORTUNITY_CELLS } from './opportunities/opportunity.cells';

const STAGE =
  '{ id pipelineId name position probability isWon isLost stagnantDays organizationId createdAt updatedAt }';
const PIPELINE = `{ id name isDefault stages ${STAGE} organizationId createdAt updatedAt }`;
const LINE = '{ id position itemId description quantity unitPrice amount }';
const OPPORTUNITY = `{ id name contactId customerId companyId ownerId pipelineId stageId stage { id name probability isWon isLost } value probability expectedCloseDate status stageEnteredAt closedAt archivedAt lostReason transactionId isAiGenerated aiSource aiSourceId aiEvidence createdById lines ${LINE} organizationId createdAt updatedAt }`;
const HISTORY =
  '{ id opportunityId fromStageId fromStageName toStageId toStageName changedById changedAt secondsInPreviousStage note }';
const FORECAST_ROW = '{ key label openCount wonCount pipelineValue weightedValue bestCase commitCase worstCase }';

const P = 'Pipelines';
const O = 'Opportunities';

/** Sales pipeline (docs/sales.md): pipelines and stages, opportunities, stage moves, drift, forecast. */
export const salesRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/pipelines',
    operation: 'pipelines',
    tag: P,
    summary: 'Your pipelines with their stages, the default first (created on first use)',
    selection: PIPELINE,
  },
  {
    method: 'POST',
    path: '/api/pipelines',
    operation: 'createPipeline',
    body: 'input',
    status: 201,
    tag: P,
    summary: 'Create a pipeline with the given or the standard stages (admin)',
    selection: PIPELINE,
    example: {
      name: 'Large projects',
      stages: [
        { name: 'New', probability: 10 },
        { name: 'Won', probability: 100, isWon: true },
        { name: 'Lost', probability: 0, isLost: true },
      ],
    },
  },
  {
    method: 'GET',
    path: '/api/pipelines/:id',
    operation: 'pipeline',
    tag: P,
    summary: 'One pipeline with its stages',
    selection: PIPELINE,
  },
  {
    method: 'PUT',
    path: '/api/pipelines/:id',
    operation: 'updatePipeline',
    body: 'input',
    tag: P,
    summary: 'Rename a pipeline (admin)',
    selection: PIPELINE,
    example: { name: 'Sales' },
  },
  {
    method: 'POST',
    path: '/api/pipelines/:pipelineId/stages',
    operation: 'createPipelineStage',
    body: 'input',
    status: 201,
    tag: P,
    summary: 'Add a stage (position default last) (admin)',
    selection: STAGE,
    example: { name: 'Site visit', probability: 40, stagnantDays: 7, position: 2 },
  },
  {
    method: 'PUT',
    path: '/api/pipelines/:pipelineId/stages/order',
    operation: 'reorderPipelineStages',
    body: 'input',
    tag: P,
    summary: 'Reorder the stages: every stage id of the pipeline, in the new order (admin)',
    selection: STAGE,
    example: { stageIds: [EXAMPLE_ID] },
  },
  {
    method: 'PUT',
    path: '/api/pipeline-stages/:id',
    operation: 'updatePipelineStage',
    body: 'input',
    tag: P,
    summary: 'Rename a stage, set its default probability or stagnation threshold (admin)',
    selection: STAGE,
    example: { name: 'Proposal sent', probability: 55, stagnantDays: 10 },
  },
  {
    method: 'DELETE',
    path: '/api/pipeline-stages/:id',
    operation: 'deletePipelineStage',
    tag: P,
    summary:
      'Delete a stage; 409 while it holds opportunities unless ?moveToStageId= (same pipeline, same kind) takes them (admin)',
    selection: DELETED,
  },
  {
    method: 'GET',
    path: '/api/settings/sales',
    operation: 'salesSettings',
    tag: 'Settings',
    summary: 'Default stagnation threshold (days) and forecast commit probability',
  },
  {
    method: 'PUT',
    path: '/api/settings/sales',
    operation: 'updateSalesSettings',
    body: 'input',
    tag: 'Settings',
    summary: 'Change the sales settings (admin)',
    example: { stagnantDays: 21, commitProbability: 70 },
  },

  {
    method: 'GET',
    path: '/api/opportunities',
    operation: 'opportunities',
    exportable: true,
    exportCells: OPPORTUNITY_CELLS,
    tag: O,
    summary:
      'Opportunities (paginated; search, status (default open+won; lost = archived), ownerId, stageId, pipelineId, probability (minimum), startDate/endDate on expectedCloseDate, sortBy incl. expectedCloseDate, sortOrder)',
    selection: page(OPPORTUNITY),
  },
  {
    method: 'GET',
    path: '/api/opportunities/stagnant',
    operation: 'stagnantOpportunities',
    tag: O,
    summary: 'Open opportunities past their stage’s stagnation threshold (paginated; ownerId, stageId)',
    selection: page(`{ daysInStage thresholdDays opportunity ${OPPORTUNITY} }`),
  },
  {
    method: 'GET',
    path: '/api/opportunities/:id',
    operation: 'opportunity',
    tag: O,
    summary: 'One opportunity with its lines',
    selection: OPPORTUNITY,
  },
  {
    method: 'POST',
    path: '/api/opportunities',
    operation: 'createOpportunity',
    body: 'input',
    status: 201,
    tag: O,
    selection: OPPORTUNITY,
    summary:
      'Create an opportunity (contactId or customerId required; default stage: first of the default pipeline); emits opportunity.created',
    example: {
      name: 'Riverside tower cranes',
      contactId: EXAMPLE_ID,
      ownerId: EXAMPLE_ID,
      stageId: EXAMPLE_ID,
      value: '12500.00',
      expectedCloseDate: '2026-09-30',
      lines: [
        { itemId: EXAMPLE_ID, quantity: 2, unitPrice: '4500.00' },
        { description: 'Delivery', quantity: 1, unitPrice: '350.00' },
      ],
    },
  },
  {
    method: 'PUT',
    path: '/api/opportunities/:id',
    operation: 'updateOpportunity',
    body: 'input',
    tag: O,
    summary: 'Edit an opportunity (lines replace all); stages move only through move-stage',
    selection: OPPORTUNITY,
    example: { probability: 60, customerId: EXAMPLE_ID },
  },
  {
    method: 'DELETE',
    path: '/api/opportunities/:id',
    operation: 'deleteOpportunity',
    tag: O,
    summary: 'Delete an opportunity',
    selection: DELETED,
  },
  {
    method: 'POST',
    path: '/api/opportunities/:id/move-stage',
    operation: 'moveOpportunityStage',
    body: 'input',
    tag: O,
    selection: OPPORTUNITY,
    summary:
      'Move to a stage: history + opportunity.stage_changed; won creates a pending rental order in the same transaction (pickupDate/returnDate); lost archives (lostReason)',
    example: { stageId: EXAMPLE_ID, pickupDate: '2026-10-01', returnDate: '2026-10-14' },
  },
  {
    method: 'GET',
    path: '/api/opportunities/:id/history',
    operation: 'opportunityStageHistory',
    tag: O,
    summary: 'Stage history: from, to, who, when, seconds in the previous stage',
    selection: HISTORY,
  },
  {
    method: 'GET',
    path: '/api/forecast',
    operation: 'forecast',
    tag: O,
    summary: 'Weighted pipeline, best/commit/worst cases by month, quarter, owner or stage (docs/sales.md)',
    selection: `{ groupBy commitProbability rows ${FORECAST_ROW} totals ${FORECAST_ROW} }`,
  },
];
