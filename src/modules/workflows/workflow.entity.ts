import { Entity, Index, ManyToOne, Property, ref, Ref, Unique } from '@mikro-orm/core';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { TenantEntity } from '../../db/tenant.entity';
import { User } from '../accounts/users/user.entity';
import type { TenantRoot } from '../../db/tenant-root';
import { triggerKey, type WorkflowDefinition } from './definition';

/**
 * A workflow of an organization (docs/workflows.md): "when X happens, do Y". The definition lives in its versions;
 * editing makes a new version and `currentVersion` points at it, so a run started on an older version finishes on
 * that one. `roundRobinCursor` is where the next round-robin assignment continues.
 */
@ObjectType('Workflow')
@Entity({ tableName: 'workflows' })
@Index({ properties: ['organization', 'active'] })
export class Workflow extends TenantEntity {
  @Field()
  @Property({ length: 200 })
  name: string;

  @Field(() => String, { nullable: true })
  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Field({ description: 'Only active workflows run; test and simulate work either way' })
  @Property({ default: false })
  active: boolean = false;

  /** Hears about failed runs: the admin who made it, unless named otherwise. */
  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null', index: true })
  owner: Ref<User> | null = null;

  @Field(() => Int, { description: 'The version new runs start on (1 at creation, +1 per edit)' })
  @Property({ type: 'integer', default: 1 })
  version: number = 1;

  @Property({ type: 'uuid', nullable: true })
  currentVersionId: string | null = null;

  @Field({ description: "The event kind that starts a run (the current version's trigger.event)" })
  @Property({ length: 64 })
  triggerEvent: string;

  /** A copy of the current version's definition, to read a workflow in one row. */
  @Field(() => GraphQLJSONObject, {
    description: 'The current version: trigger, conditions, actions (docs/workflows.md)',
  })
  @Property({ type: 'jsonb' })
  definition: WorkflowDefinition;

  @Property({ type: 'integer', default: 0 })
  roundRobinCursor: number = 0;

  @Field(() => String, { nullable: true, description: 'The template it was made from (GET /api/workflow-templates)' })
  @Property({ length: 64, nullable: true })
  templateKey: string | null = null;

  /** The call_webhook actions' signing secret, encrypted by the credential cipher; never returned. */
  @Property({ type: 'text', nullable: true, hidden: true })
  webhookSecret: string | null = null;

  @Field({ description: 'A webhook secret is set (call_webhook signs with it; it is never returned)' })
  get hasWebhookSecret(): boolean {
    return this.webhookSecret !== null;
  }

  @Field(() => ID, { nullable: true, description: 'Hears about failed runs' })
  get ownerId(): string | null {
    return this.owner?.id ?? null;
  }

  constructor(organization: TenantRoot, name: string, definition: WorkflowDefinition) {
    super();
    this.organization = ref(organization);
    this.name = name;
    this.definition = definition;
    this.triggerEvent = triggerKey(definition.trigger);
  }
}

/** One version of a workflow's definition, never changed once written. */
@ObjectType('WorkflowVersion')
@Entity({ tableName: 'workflow_versions' })
@Unique({ properties: ['workflow', 'version'] })
export class WorkflowVersion extends TenantEntity {
  @ManyToOne({ entity: () => Workflow, ref: true, deleteRule: 'cascade', index: true })
  workflow: Ref<Workflow>;

  @Field(() => Int)
  @Property({ type: 'integer' })
  version: number;

  @Field({ description: 'The event kind that starts a run of this version' })
  @Property({ length: 64 })
  triggerEvent: string;

  @Field(() => GraphQLJSONObject, { description: 'trigger, conditions and actions (docs/workflows.md)' })
  @Property({ type: 'jsonb' })
  definition: WorkflowDefinition;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  createdBy: Ref<User> | null = null;

  @Field(() => ID)
  get workflowId(): string {
    return this.workflow.id;
  }

  @Field(() => ID, { nullable: true, description: 'The admin whose edit made this version (null once they are gone)' })
  get createdById(): string | null {
    return this.createdBy?.id ?? null;
  }

  constructor(workflow: Workflow, version: number, definition: WorkflowDefinition) {
    super();
    this.organization = workflow.organization;
    this.workflow = ref(workflow);
    this.version = version;
    this.definition = definition;
    this.triggerEvent = triggerKey(definition.trigger);
  }
}
