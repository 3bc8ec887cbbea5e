import { ArrayMaxSize, IsBoolean, IsIn, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { WORKFLOW_EVENT_KINDS } from './trigger-fields';
import { ListArgs, Paginated } from '../../db/pagination';
import { OptionalId, RequiredText } from '../../lib/input-fields';
import { LIMITS } from './definition';
import { DATE_TRIGGER_KINDS, SCHEDULE } from './time-triggers';
import { TEMPLATE_KEYS } from './templates';

const TRIGGER_KEYS: string[] = [...WORKFLOW_EVENT_KINDS, ...DATE_TRIGGER_KINDS, SCHEDULE];
import { WorkflowRun, WorkflowRunStatus, WorkflowRunStepType } from './workflow-run.entity';
import { Workflow } from './workflow.entity';

type Json = Record<string, unknown>;

/** The secret call_webhook signs with (16-200 characters): written, stored encrypted, never returned. */
function WebhookSecret(): PropertyDecorator {
  const parts = [
    Field(() => String, {
      nullable: true,
      description: 'The secret call_webhook signs with (16-200 characters); stored encrypted, never returned',
    }),
    IsOptional(),
    IsString(),
    MinLength(16),
    MaxLength(200),
  ];
  return (target, key) => parts.forEach((d) => d(target, key));
}

@InputType()
export class WorkflowInput {
  @WebhookSecret()
  webhookSecret?: string;

  @RequiredText('name', 200)
  name: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string;

  @Field({ nullable: true, description: 'Default false: test and simulate it first, then switch it on' })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @OptionalId('ownerId', { description: 'Hears about failed runs; default: you' })
  ownerId?: string;

  @Field(() => GraphQLJSONObject, { description: '{event}: an event kind (docs/events.md)' })
  trigger: Json;

  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: '{all: [...]} or {any: [...]} of {field, op, value} and nested groups',
  })
  conditions?: Json;

  @Field(() => [GraphQLJSONObject], {
    description:
      'create_task, notify_user, assign_owner, update_field, log_activity, send_email, send_sms, call_webhook, wait, branch (docs/workflows.md, "Definitions")',
  })
  @ArrayMaxSize(LIMITS.actions)
  actions: Json[];
}

/** Only the fields sent change; a change of trigger, conditions or actions makes a new version. */
@InputType()
export class WorkflowUpdateInput {
  @WebhookSecret()
  webhookSecret?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  name?: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string | null;

  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @OptionalId('ownerId')
  ownerId?: string;

  @Field(() => GraphQLJSONObject, { nullable: true })
  trigger?: Json;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'null removes the conditions' })
  conditions?: Json | null;

  @Field(() => [GraphQLJSONObject], { nullable: true })
  @IsOptional()
  @ArrayMaxSize(LIMITS.actions)
  actions?: Json[];
}

@ArgsType()
export class WorkflowListArgs extends ListArgs {
  @Field({ nullable: true })
  @IsOptional()
  @IsBoolean()
  active?: boolean;

  @Field({ nullable: true, description: 'Only workflows of this trigger: an event kind, a date trigger, or schedule' })
  @IsOptional()
  @IsIn(TRIGGER_KEYS)
  triggerEvent?: string;
}

@ArgsType()
export class WorkflowRunListArgs extends ListArgs {
  @Field(() => ID)
  workflowId: string;

  @Field(() => WorkflowRunStatus, { nullable: true })
  @IsOptional()
  status?: WorkflowRunStatus;
}

/** The record a test runs on: an event of the organization, or the event's data as typed. */
@InputType()
export class WorkflowTestInput {
  @OptionalId('eventId', { description: "An event of the trigger's kind (GET /api/events)" })
  eventId?: string;

  @Field(() => GraphQLJSONObject, { nullable: true, description: "The trigger record's fields (without eventId)" })
  data?: Json;
}

@ObjectType()
export class WorkflowTestResult {
  @Field({ description: 'The event kind tested' }) event: string;
  @Field(() => GraphQLJSONObject) data: Json;
  @Field({ description: 'The conditions held: the actions would run' }) conditionsMet: boolean;
  @Field(() => [WorkflowRunStepType], { description: 'Each step as it would run; nothing was written' })
  steps: WorkflowRunStepType[];
}

@ObjectType()
export class WorkflowSimulationDay {
  @Field({ description: 'YYYY-MM-DD (UTC)' }) date: string;
  @Field(() => Int, { description: "Events of the trigger's kind" }) events: number;
  @Field(() => Int, { description: 'Runs whose conditions held' }) runs: number;
  @Field(() => GraphQLJSONObject, { description: 'Actions that would have happened, by type' }) actions: Json;
}

@ObjectType()
export class WorkflowSimulation {
  @Field() from: string;
  @Field() to: string;
  @Field(() => Int) events: number;
  @Field(() => Int) runs: number;
  @Field(() => GraphQLJSONObject, { description: 'Actions by type over the whole period' }) actions: Json;
  @Field(() => [WorkflowSimulationDay], { description: 'Days with at least one event' }) days: WorkflowSimulationDay[];
}

@ObjectType()
export class WorkflowTemplateType {
  @Field() key: string;
  @Field() name: string;
  @Field() description: string;
  @Field({ description: 'Its workflows exist and are active in your organization' }) enabled: boolean;
}

@InputType()
export class WorkflowTemplateInput {
  @Field({ description: 'A template key of GET /api/workflow-templates' })
  @IsIn(TEMPLATE_KEYS, { message: `key must be one of: ${TEMPLATE_KEYS.join(', ')}` })
  key: string;

  @OptionalId('userId', { description: 'The member the template names (sales manager, collections); default: you' })
  userId?: string;

  @Field(() => [ID], { nullable: true, description: 'The team of a round robin; default: every member' })
  @IsOptional()
  @ArrayMaxSize(LIMITS.teamSize)
  @IsUUID('all', { each: true, message: 'userIds must be UUIDs' })
  userIds?: string[];
}

export const WorkflowPage = Paginated(Workflow);
export const WorkflowRunPage = Paginated(WorkflowRun);
