/**
 * Sales pipeline and tasks (docs/sales.md): entities, resolvers, shield rules and services of the
 * pipelines, opportunities, forecast and tasks modules, registered in the shared files with one line each.
 */
import type { RootRules } from '../graphql/rules';
import { EventEmitter } from '../events/event-emitter';
import { Pipeline } from './sales/pipelines/pipeline.entity';
import { PipelineStage } from './sales/pipelines/pipeline-stage.entity';
import { SalesSettings } from './sales/pipelines/sales-settings.entity';
import { PipelineResolver } from './sales/pipelines/pipeline.resolver';
import { pipelineRules } from './sales/pipelines/pipeline.rules';
import { PipelineService } from './sales/pipelines/pipeline.service';
import { StageService } from './sales/pipelines/stage.service';
import { Opportunity } from './sales/opportunities/opportunity.entity';
import { OpportunityLine } from './sales/opportunities/opportunity-line.entity';
import { OpportunityStageChange } from './sales/opportunities/stage-change.entity';
import { OpportunityResolver } from './sales/opportunities/opportunity.resolver';
import { opportunityRules } from './sales/opportunities/opportunity.rules';
import { OpportunityService } from './sales/opportunities/opportunity.service';
import { StageMoveService } from './sales/opportunities/stage-move.service';
import { RentalOrderFromOpportunity } from './sales/opportunities/won-order';
import { ForecastResolver } from './sales/forecast/forecast.resolver';
import { ForecastService } from './sales/forecast/forecast.service';
import { Task } from './sales/tasks/task.entity';
import { TaskResolver } from './sales/tasks/task.resolver';
import { taskRules } from './sales/tasks/task.rules';
import { TaskService } from './sales/tasks/task.service';
import { RentalOrderService } from './rental/orders/rental-order.service';
import { RentalSettingsService } from './rental/orders/rental-settings.service';

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
