/**
 * Sales pipeline and tasks (docs/sales.md): entities, resolvers, shield rules and services of the
 * pipelines, opportunities, forecast and tasks modules, registered in the shared files with one line each.
 */
import type { RootRules } from '../graphql/rules';
import { EventEmitter } from '../events/event-emitter';
import { Pipeline } from './pipelines/pipeline.entity';
import { PipelineStage } from './pipelines/pipeline-stage.entity';
import { SalesSettings } from './pipelines/sales-settings.entity';
import { PipelineResolver } from './pipelines/pipeline.resolver';
import { pipelineRules } from './pipelines/pipeline.rules';
import { PipelineService } from './pipelines/pipeline.service';
import { StageService } from './pipelines/stage.service';
import { Opportunity } from './opportunities/opportunity.entity';
import { OpportunityLine } from './opportunities/opportunity-line.entity';
import { OpportunityStageChange } from './opportunities/stage-change.entity';
import { OpportunityResolver } from './opportunities/opportunity.resolver';
import { opportunityRules } from './opportunities/opportunity.rules';
import { OpportunityService } from './opportunities/opportunity.service';
import { StageMoveService } from './opportunities/stage-move.service';
import { RentalOrderFromOpportunity } from './opportunities/won-order';
import { ForecastResolver } from './forecast/forecast.resolver';
import { ForecastService } from './forecast/forecast.service';
import { Task } from './tasks/task.entity';
import { TaskResolver } from './tasks/task.resolver';
import { taskRules } from './tasks/task.rules';
import { TaskService } from './tasks/task.service';
import { RentalOrderService } from './rentals/rental-order.service';
import { RentalSettingsService } from './rentals/rental-settings.service';

export const SALES_ENTITIES = [Pipeline, PipelineStage, SalesSettings, Opportunity, OpportunityLine, OpportunityStageChange, Task];

export const SALES_RESOLVERS = [PipelineResolver, OpportunityResolver, ForecastResolver, TaskResolver] as const;

export const SALES_RULES: RootRules[] = [pipelineRules, opportunityRules, taskRules];

/** Won opportunities become rental orders through the (stateless) rental order service of src/modules/rentals. */
export function createSalesServices(rentalOrders = new RentalOrderService(new RentalSettingsService())) {
  const events = new EventEmitter(); // stateless: the outbox row goes into the caller's transaction
  const pipelines = new PipelineService();
  return {
    pipelines,
    stages: new StageService(events),
    opportunities: new OpportunityService(events),
    stageMoves: new StageMoveService(events, new RentalOrderFromOpportunity(rentalOrders)),
    forecast: new ForecastService(pipelines),
    tasks: new TaskService(events),
  };
}
