import { Entity, Enum, Index, ManyToOne, Property, Ref, Unique } from '@mikro-orm/core';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../db/tenant.entity';
import { Workflow, WorkflowVersion } from './workflow.entity';

export enum WorkflowRunStatus {
  queued = 'queued',
  retrying = 'retrying',
  succeeded = 'succeeded',
  skipped = 'skipped',
  failed = 'failed',
  waiting = 'waiting',
  stopped = 'stopped',
}
registerEnumType(WorkflowRunStatus, {
  name: 'WorkflowRunStatus',
  description:
    'queued (waits for the job); retrying (an attempt failed, the next one is scheduled); succeeded (every action done); skipped (the conditions did not hold, or a cap); failed (retries spent: the owner was notified); waiting (a wait action: resumes at resumeAt); stopped (after a wait the conditions no longer held, or the workflow was switched off)',
});

/** What one step of a run did: its input as resolved, its outcome, and the error when it failed. */
export interface RunStep {
  index: number;
  /** The action's place in the definition (`actions[0].then[1]`); none for the conditions and the cap. */
  path?: string;
  type: string;
  input: Record<string, unknown>;
  outcome: 'done' | 'planned' | 'not_met' | 'met' | 'failed' | 'waiting';
  output?: Record<string, unknown>;
  error?: string;
}

@ObjectType('WorkflowRunStep')
export class WorkflowRunStepType {
  @Field(() => Int) index: number;
  @Field(() => String, {
    nullable: true,
    description: "The action's place in the definition (actions[0].then[1]); null for conditions and the cap",
  })
  path?: string;
  @Field({ description: 'conditions, or the action type' }) type: string;
  @Field(() => GraphQLJSONObject) input: Record<string, unknown>;
  @Field({ description: 'done, planned (test and simulate), met / not_met (conditions), failed' }) outcome: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) output?: Record<string, unknown>;
  @Field(() => String, { nullable: true }) error?: string;
}

/**
 * One run of a workflow version for one triggering event: unique per (version, event), which is what makes a run
 * exactly once however many dispatchers saw the event. The steps say what each action got and did.
 */
@ObjectType('WorkflowRun')
@Entity({ tableName: 'workflow_runs' })
@Unique({ properties: ['workflowVersion', 'eventId'] })
@Index({ properties: ['organization', 'workflow', 'createdAt'] })
@Index({
  name: 'workflow_runs_waiting_index',
  expression:
    'create index "workflow_runs_waiting_index" on "workflow_runs" ("resume_at") where "status" = \'waiting\';',
})
export class WorkflowRun extends TenantEntity {
  @ManyToOne({ entity: () => Workflow, ref: true, deleteRule: 'cascade', index: true })
  workflow: Ref<Workflow>;

  @ManyToOne({ entity: () => WorkflowVersion, ref: true, deleteRule: 'cascade' })
  workflowVersion: Ref<WorkflowVersion>;

  @Field(() => Int, { description: 'The version the run started on (and finishes on)' })
  @Property({ type: 'integer' })
  version: number;

  /** The outbox event (no foreign key: events are pruned after RETENTION_EVENT_DAYS, runs stay). */
  @Field(() => ID, { description: 'The triggering event (GET /api/events/:id while it is kept)' })
  @Property({ type: 'uuid' })
  eventId: string;

  @Field({ description: 'Its kind, e.g. lead.created' })
  @Property({ length: 64 })
  triggerEvent: string;

  @Field(() => GraphQLJSONObject, { description: "The triggering event's data, as the run saw it" })
  @Property({ type: 'jsonb' })
  triggerData: Record<string, unknown> = {};

  @Field(() => WorkflowRunStatus)
  @Enum({ items: () => WorkflowRunStatus })
  status: WorkflowRunStatus = WorkflowRunStatus.queued;

  @Field(() => [WorkflowRunStepType], { description: 'Each step: its input, outcome and error' })
  @Property({ type: 'jsonb' })
  steps: RunStep[] = [];

  @Field(() => String, { nullable: true, description: 'Why the last attempt failed' })
  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Field(() => Int)
  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  /** How many workflow runs led to the triggering event (the loop guard: docs/workflows.md). */
  @Field(() => Int, { description: 'How many workflow runs led to the triggering event (loop guard)' })
  @Property({ type: 'integer', default: 0 })
  depth: number = 0;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null = null;

  @Field(() => Date, { nullable: true, description: 'A waiting run resumes then (its wait action), null otherwise' })
  @Property({ type: 'timestamptz', nullable: true })
  resumeAt: Date | null = null;

  /**
   * Set once the run has waited (null before any wait): the top-level action after the one that holds its wait. Where
   * it resumes exactly is the path of its last wait step (a wait may be inside a branch; workflow-runner.ts waitPath).
   */
  @Property({ type: 'integer', nullable: true })
  resumeFrom: number | null = null;

  @Field(() => ID)
  get workflowId(): string {
    return this.workflow.id;
  }
}
