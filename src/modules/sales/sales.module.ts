import { defineModule } from '../module';
import { boolSetting, readSettings } from '../../config-settings';

const salesSettings = {
  stageDriftJob: boolSetting(
    'STAGE_DRIFT_JOB',
    true,
    'work the hourly stale-deal queue (follow-up tasks) in this process; it runs once per cluster either way',
  ),
};
import { ForecastResolver } from './forecast/forecast.resolver';
import { StageDriftJob } from './opportunities/drift.job';
import { OpportunityLine } from './opportunities/opportunity-line.entity';
import { Opportunity } from './opportunities/opportunity.entity';
import { OpportunityResolver } from './opportunities/opportunity.resolver';
import { OpportunityProposal } from './opportunities/opportunity-proposal.entity';
import { OpportunityProposalResolver } from './opportunities/opportunity-proposal.resolver';
import { proposalRoutes } from './opportunities/opportunity-proposal.routes';
import { ContactOpportunitiesResolver } from './opportunities/contact-opportunities.resolver';
import { OpportunityStageChange } from './opportunities/stage-change.entity';
import { PipelineStage } from './pipelines/pipeline-stage.entity';
import { Pipeline } from './pipelines/pipeline.entity';
import { PipelineResolver } from './pipelines/pipeline.resolver';
import { SalesSettings } from './pipelines/sales-settings.entity';
import { salesRoutes } from './sales.routes';
import { createSalesServices, SalesNeeds } from './sales.services';
import { Task } from './tasks/task.entity';
import { TaskResolver } from './tasks/task.resolver';
import { taskRoutes } from './tasks/task.routes';

/** Sales pipeline and tasks (docs/sales.md). */
export const salesModule = defineModule<ReturnType<typeof createSalesServices>, SalesNeeds, 'sales'>({
  name: 'sales',
  summary:
    'Pipelines and stages, opportunities with stage history (won books a rental order), stage-drift follow-ups, forecast, tasks',
  entities: [
    Pipeline,
    PipelineStage,
    SalesSettings,
    Opportunity,
    OpportunityLine,
    OpportunityProposal,
    OpportunityStageChange,
    Task,
  ],
  resolvers: [
    PipelineResolver,
    OpportunityResolver,
    OpportunityProposalResolver,
    ContactOpportunitiesResolver,
    ForecastResolver,
    TaskResolver,
  ],
  routes: [...salesRoutes, ...proposalRoutes, ...taskRoutes],
  migrations: () => import('./migrations'),
  events: ['opportunity.created', 'opportunity.stage_changed', 'task.created', 'task.completed'],
  idSegments: {
    pipelines: 'pipelines',
    'pipeline-stages': 'pipeline_stages',
    opportunities: 'opportunities',
    'opportunity-proposals': 'opportunity_proposals',
    tasks: 'tasks',
  },
  settings: salesSettings,
  needs: ['rentalOrders', 'quotes', 'notifications', 'aiAccess'],
  services: createSalesServices,
  conflicts: { sales_settings_organization_id_unique: 'The sales settings were changed at the same time; try again' },
  schedules: [
    {
      // Stale deals raise follow-up tasks, hourly, once per cluster (docs/sales.md); STAGE_DRIFT_JOB=false: not in this process.
      name: 'stage-drift',
      cron: '7 * * * *',
      enabled: (config) => readSettings(salesSettings, config.environment).stageDriftJob,
      run: ({ orm, services }) => new StageDriftJob(orm, services.tasks).runOnce(),
    },
  ],
});
