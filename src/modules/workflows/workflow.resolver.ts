import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Page } from '../../db/pagination';
import { DeletePayload } from '../../lib/fields';
import { WorkflowRun } from './workflow-run.entity';
import { Workflow, WorkflowVersion } from './workflow.entity';
import type { WorkflowContext } from './workflows.services';
import {
  WorkflowInput,
  WorkflowListArgs,
  WorkflowPage,
  WorkflowRunListArgs,
  WorkflowRunPage,
  WorkflowSimulation,
  WorkflowTestInput,
  WorkflowTemplateInput,
  WorkflowTemplateType,
  WorkflowTestResult,
  WorkflowUpdateInput,
} from './workflow.types';
import { Guard } from '../../graphql/guard';
import { isAdmin } from '../../graphql/rules';

/** Workflows (admins): /api/workflows (docs/workflows.md). */
@Resolver(() => Workflow)
export class WorkflowResolver {
  @Guard(isAdmin)
  @Query(() => WorkflowPage, { description: 'Workflows of your organization (active, triggerEvent filters)' })
  workflows(@Args() args: WorkflowListArgs, @Ctx() ctx: WorkflowContext): Promise<Page<Workflow>> {
    return ctx.services.workflows.list(ctx.em, args);
  }

  @Guard(isAdmin)
  @Query(() => Workflow)
  workflow(@Arg('id', () => ID) id: string, @Ctx() ctx: WorkflowContext): Promise<Workflow> {
    return ctx.services.workflows.get(ctx.em, id);
  }

  @Guard(isAdmin)
  @Query(() => WorkflowRunPage, {
    description: "A workflow's runs, newest first: trigger, each step's input, outcome and error (status, dates)",
  })
  workflowRuns(@Args() args: WorkflowRunListArgs, @Ctx() ctx: WorkflowContext): Promise<Page<WorkflowRun>> {
    return ctx.services.workflows.runs(ctx.em, args);
  }

  @Guard(isAdmin)
  @Query(() => [WorkflowVersion], {
    description: "A workflow's versions, newest first: each definition, when and by whom it was made",
  })
  workflowVersions(
    @Arg('workflowId', () => ID) workflowId: string,
    @Ctx() ctx: WorkflowContext,
  ): Promise<WorkflowVersion[]> {
    return ctx.services.workflows.versions(ctx.em, workflowId);
  }

  @Guard(isAdmin)
  @Mutation(() => Workflow, { description: 'Creates a workflow (version 1), inactive unless active: true' })
  createWorkflow(@Arg('input') input: WorkflowInput, @Ctx() ctx: WorkflowContext): Promise<Workflow> {
    return ctx.services.workflows.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAdmin)
  @Mutation(() => Workflow, {
    description: 'Changes a workflow; a new trigger, conditions or actions make a new version (runs finish on theirs)',
  })
  updateWorkflow(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: WorkflowUpdateInput,
    @Ctx() ctx: WorkflowContext,
  ): Promise<Workflow> {
    return ctx.services.workflows.update(ctx.em, ctx.principal, id, input);
  }

  @Guard(isAdmin)
  @Mutation(() => DeletePayload, { description: 'Deletes a workflow with its versions and runs' })
  deleteWorkflow(@Arg('id', () => ID) id: string, @Ctx() ctx: WorkflowContext): Promise<DeletePayload> {
    return ctx.services.workflows.delete(ctx.em, id);
  }

  @Guard(isAdmin)
  @Query(() => [WorkflowTemplateType], { description: 'The rental templates, and whether each is on' })
  workflowTemplates(@Ctx() ctx: WorkflowContext): Promise<WorkflowTemplateType[]> {
    return ctx.services.workflowTemplates.list(ctx.em);
  }

  @Guard(isAdmin)
  @Mutation(() => [Workflow], {
    description: 'Switches a template on: its workflows are made active (or switched back on when they exist)',
  })
  enableWorkflowTemplate(@Arg('input') input: WorkflowTemplateInput, @Ctx() ctx: WorkflowContext): Promise<Workflow[]> {
    return ctx.services.workflowTemplates.enable(ctx.em, ctx.principal, input);
  }

  @Guard(isAdmin)
  @Mutation(() => WorkflowTestResult, {
    description: 'Runs the current version on a record (an event, or its data) without writing anything',
  })
  testWorkflow(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => WorkflowTestInput, { nullable: true }) input: WorkflowTestInput | null,
    @Ctx() ctx: WorkflowContext,
  ): Promise<WorkflowTestResult> {
    return ctx.services.workflowTrials.test(ctx.em, id, input ?? {});
  }

  @Guard(isAdmin)
  @Mutation(() => WorkflowSimulation, {
    description:
      "Replays the last 30 days of the organization's events: runs and actions that would have happened, per day",
  })
  simulateWorkflow(@Arg('id', () => ID) id: string, @Ctx() ctx: WorkflowContext): Promise<WorkflowSimulation> {
    return ctx.services.workflowTrials.simulate(ctx.em, ctx.principal.organizationId, id);
  }
}
