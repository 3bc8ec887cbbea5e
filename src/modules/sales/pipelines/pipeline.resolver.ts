import { Arg, Ctx, Extensions, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import type { SalesContext } from '../sales.services';
import { DeletePayload } from '../../../lib/fields';
import { Pipeline } from './pipeline.entity';
import { PipelineStage } from './pipeline-stage.entity';
import { SalesSettings } from './sales-settings.entity';
import {
  MAX_STAGES,
  PipelineInput,
  PipelineUpdateInput,
  SalesSettingsInput,
  StageInput,
  StageOrderInput,
  StageUpdateInput,
} from './pipeline.types';
import { Guard } from '../../../graphql/guard';
import { isAdmin, isAuthenticated } from '../../../graphql/rules';

@Resolver(() => Pipeline)
export class PipelineResolver {
  @Guard(isAuthenticated)
  @Query(() => [Pipeline], {
    description: 'Your pipelines, the default first (created with the standard stages on first use)',
  })
  pipelines(@Ctx() ctx: SalesContext): Promise<Pipeline[]> {
    return ctx.services.pipelines.list(ctx.em, ctx.principal);
  }

  @Guard(isAuthenticated)
  @Query(() => Pipeline)
  pipeline(@Arg('id', () => ID) id: string, @Ctx() ctx: SalesContext): Promise<Pipeline> {
    return ctx.services.pipelines.get(ctx.em, id);
  }

  @Guard(isAdmin)
  @Mutation(() => Pipeline, { description: 'A new pipeline, with the given stages or the standard ones (admin)' })
  createPipeline(@Arg('input') input: PipelineInput, @Ctx() ctx: SalesContext): Promise<Pipeline> {
    return ctx.services.pipelines.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAdmin)
  @Mutation(() => Pipeline, { description: 'Rename a pipeline (admin)' })
  updatePipeline(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: PipelineUpdateInput,
    @Ctx() ctx: SalesContext,
  ): Promise<Pipeline> {
    return ctx.services.pipelines.rename(ctx.em, id, input);
  }

  @Guard(isAdmin)
  @Mutation(() => PipelineStage, { description: 'Add a stage at a position (default last) (admin)' })
  createPipelineStage(
    @Arg('pipelineId', () => ID) pipelineId: string,
    @Arg('input') input: StageInput,
    @Ctx() ctx: SalesContext,
  ): Promise<PipelineStage> {
    return ctx.services.stages.create(ctx.em, pipelineId, input);
  }

  @Guard(isAdmin)
  @Mutation(() => PipelineStage, {
    description: 'Rename a stage, change its default probability or stagnation threshold (admin)',
  })
  updatePipelineStage(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: StageUpdateInput,
    @Ctx() ctx: SalesContext,
  ): Promise<PipelineStage> {
    return ctx.services.stages.update(ctx.em, id, input);
  }

  @Guard(isAdmin)
  @Mutation(() => [PipelineStage], {
    description: 'Reorder the stages: every stage id of the pipeline, in the new order (admin)',
  })
  reorderPipelineStages(
    @Arg('pipelineId', () => ID) pipelineId: string,
    @Arg('input') input: StageOrderInput,
    @Ctx() ctx: SalesContext,
  ): Promise<PipelineStage[]> {
    return ctx.services.stages.reorder(ctx.em, pipelineId, input);
  }

  @Guard(isAdmin)
  @Mutation(() => DeletePayload, {
    description:
      'Delete a stage; 409 while it holds opportunities unless moveToStageId (same pipeline, same kind) takes them (admin)',
  })
  deletePipelineStage(
    @Arg('id', () => ID) id: string,
    @Arg('moveToStageId', () => ID, { nullable: true }) moveToStageId: string | null,
    @Ctx() ctx: SalesContext,
  ): Promise<DeletePayload> {
    return ctx.services.stages.delete(ctx.em, ctx.principal, id, moveToStageId);
  }

  @Guard(isAuthenticated)
  @Query(() => SalesSettings, {
    description: 'Organization default stagnation threshold and forecast commit probability',
  })
  salesSettings(@Ctx() ctx: SalesContext): Promise<SalesSettings> {
    return ctx.services.pipelines.settings(ctx.em, ctx.principal.organizationId);
  }

  @Guard(isAdmin)
  @Mutation(() => SalesSettings, { description: 'Change the sales settings (admin)' })
  updateSalesSettings(@Arg('input') input: SalesSettingsInput, @Ctx() ctx: SalesContext): Promise<SalesSettings> {
    return ctx.services.pipelines.updateSettings(ctx.em, ctx.principal.organizationId, input);
  }

  @FieldResolver(() => [PipelineStage], { description: `In order; at most ${MAX_STAGES}` })
  @Extensions({ maxItems: MAX_STAGES }) // its size for the query cost (graphql/query-cost.ts)
  stages(@Root() pipeline: Pipeline, @Ctx() ctx: Context): Promise<PipelineStage[]> {
    return ctx.loaders
      .manyBy(PipelineStage, 'pipeline', { orderBy: { position: 'asc' }, limit: MAX_STAGES })
      .load(pipeline.id);
  }
}
