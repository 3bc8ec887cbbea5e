import type { EntityManager } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import type { WorkflowConfig } from './workflow.settings';
import { findOr404, referenced } from '../../db/find-or-404';
import { listPage, type ListSpec } from '../../db/list-query';
import { type Page, SortOrder } from '../../db/pagination';
import { OutboxEvent } from '../../events/outbox-event.entity';
import type { Principal } from '../../http/principal';
import { AppError, type FieldError } from '../../lib/errors';
import { deleted, type DeletePayload } from '../../lib/fields';
import { Organization } from '../accounts/organizations/organization.entity';
import { User } from '../accounts/users/user.entity';
import { checkDefinition, triggerKey, userIdsOf, webhookUrlsOf, type WorkflowDefinition } from './definition';
import type { CredentialCipher } from '../../lib/credential-cipher';
import { assertPublicUrl, type HostResolver, UnsafeUrlError } from '../../events/url-guard';
import { WorkflowRun } from './workflow-run.entity';
import { Workflow, WorkflowVersion } from './workflow.entity';
import type { WorkflowInput, WorkflowListArgs, WorkflowRunListArgs, WorkflowUpdateInput } from './workflow.types';

const LIST: ListSpec<Workflow> = {
  searchFields: ['name', 'description'],
  sortable: { createdAt: 'createdAt', updatedAt: 'updatedAt', name: 'name' },
  defaultSort: { field: 'createdAt', order: SortOrder.asc },
  dateField: 'createdAt',
};
const RUNS: ListSpec<WorkflowRun> = {
  searchFields: ['triggerEvent'],
  sortable: { createdAt: 'createdAt', finishedAt: 'finishedAt', status: 'status' },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
  dateField: 'createdAt',
};

/** Workflow definitions and their versions (admins; docs/workflows.md). */
export class WorkflowService {
  constructor(
    private readonly config: WorkflowConfig,
    private readonly webhooks: {
      cipher: Pick<CredentialCipher, 'encrypt'>;
      allowPrivate: boolean;
      resolve?: HostResolver;
    },
  ) {}

  list(em: EntityManager, args: WorkflowListArgs): Promise<Page<Workflow>> {
    const where: Record<string, unknown> = {};
    if (args.active !== undefined && args.active !== null) where.active = args.active;
    if (args.triggerEvent) where.triggerEvent = args.triggerEvent;
    return listPage(em, Workflow, args, LIST, where);
  }

  get(em: EntityManager, id: string): Promise<Workflow> {
    return findOr404(em, Workflow, id, 'Workflow');
  }

  async create(em: EntityManager, principal: Principal, input: WorkflowInput): Promise<Workflow> {
    return em.transactional(async (tx) => {
      const definition = await this.checked(tx, input, Boolean(input.webhookSecret));
      const count = await tx.count(Workflow, {});
      if (count >= this.config.maxPerOrganization)
        throw AppError.conflict(`An organization may have ${this.config.maxPerOrganization} workflows at most`);
      const owner = input.ownerId ? await referenced(tx, User, input.ownerId, 'ownerId') : null;
      const w = new Workflow(tx.getReference(Organization, principal.organizationId), input.name, definition);
      w.description = input.description ?? null;
      w.active = input.active ?? false;
      w.owner = ref(owner ?? tx.getReference(User, principal.userId));
      if (input.webhookSecret) w.webhookSecret = this.webhooks.cipher.encrypt(input.webhookSecret);
      tx.persist(w);
      this.newVersion(tx, w, 1, definition, principal);
      return w;
    });
  }

  async update(em: EntityManager, principal: Principal, id: string, input: WorkflowUpdateInput): Promise<Workflow> {
    return em.transactional(async (tx) => {
      const w = await findOr404(tx, Workflow, id, 'Workflow', { lock: true });
      if (input.ownerId) w.owner = ref(await referenced(tx, User, input.ownerId, 'ownerId'));
      if (input.name !== undefined && input.name !== null) {
        if (!input.name.trim()) throw AppError.validation([{ field: 'name', message: 'name is required' }]);
        w.name = input.name;
      }
      if (input.description !== undefined) w.description = input.description;
      if (input.active !== undefined && input.active !== null) w.active = input.active;
      if (input.webhookSecret) w.webhookSecret = this.webhooks.cipher.encrypt(input.webhookSecret);
      if (input.trigger != null || input.conditions !== undefined || input.actions != null) {
        const definition = await this.checked(
          tx,
          {
            trigger: input.trigger ?? w.definition.trigger,
            conditions: input.conditions === undefined ? w.definition.conditions : input.conditions,
            actions: input.actions ?? w.definition.actions,
          },
          w.webhookSecret !== null,
        );
        w.version += 1;
        this.newVersion(tx, w, w.version, definition, principal);
      }
      return w;
    });
  }

  async delete(em: EntityManager, id: string): Promise<DeletePayload> {
    return em.transactional(async (tx) => {
      const w = await findOr404(tx, Workflow, id, 'Workflow');
      // Versions and runs go with it (on delete cascade).
      await tx.nativeDelete(Workflow, { id: w.id });
      return deleted(id, 'Workflow');
    });
  }

  async runs(em: EntityManager, args: WorkflowRunListArgs): Promise<Page<WorkflowRun>> {
    const w = await this.get(em, args.workflowId);
    return listPage(em, WorkflowRun, args, RUNS, {
      workflow: w.id,
      ...(args.status ? { status: args.status } : {}),
    });
  }

  /** Every version of a workflow, newest first, each with its definition and who made it when. */
  async versions(em: EntityManager, workflowId: string): Promise<WorkflowVersion[]> {
    const w = await this.get(em, workflowId);
    return em.find(WorkflowVersion, { workflow: w.id }, { orderBy: { version: 'desc' } });
  }

  /** The version a run started on (any version of the organization's workflows). */
  version(em: EntityManager, id: string): Promise<WorkflowVersion> {
    return findOr404(em, WorkflowVersion, id, 'Workflow version');
  }

  /** An event of the organization for a test run (the trigger's kind). */
  async event(em: EntityManager, id: string, kind: string): Promise<{ data: Record<string, unknown>; at: string }> {
    const e = await referenced(em, OutboxEvent, id, 'eventId');
    if (e.event !== kind)
      throw AppError.validation([
        { field: 'eventId', message: `the workflow's trigger is ${kind}, the event is ${e.event}` },
      ]);
    return { data: e.payload.data, at: e.payload.timestamp };
  }

  private async webhookProblems(d: WorkflowDefinition, hasSecret: boolean): Promise<FieldError[]> {
    const urls = webhookUrlsOf(d);
    const errors: FieldError[] = [];
    if (urls.length && !hasSecret)
      errors.push({
        field: 'webhookSecret',
        message: 'call_webhook signs with the workflow secret: set webhookSecret',
      });
    for (const u of urls) {
      try {
        await assertPublicUrl(u.url, this.webhooks.allowPrivate, this.webhooks.resolve);
      } catch (e) {
        if (!(e instanceof UnsafeUrlError)) throw e;
        errors.push({ field: u.field, message: e.message });
      }
    }
    return errors;
  }

  private newVersion(tx: EntityManager, w: Workflow, n: number, d: WorkflowDefinition, principal: Principal) {
    const v = new WorkflowVersion(w, n, d);
    v.createdBy = ref(tx.getReference(User, principal.userId));
    tx.persist(v);
    w.currentVersionId = v.id;
    w.definition = d;
    w.triggerEvent = triggerKey(d.trigger);
  }

  /**
   * The definition checked (400 with every problem): its user ids members of this organization, its webhook URLs
   * public (unless WEBHOOK_ALLOW_PRIVATE_URLS) and signed with a secret the workflow has.
   */
  private async checked(
    tx: EntityManager,
    input: { trigger: unknown; conditions?: unknown; actions: unknown },
    hasSecret: boolean,
  ): Promise<WorkflowDefinition> {
    const { errors, definition } = checkDefinition(input);
    if (!errors.length) errors.push(...(await this.webhookProblems(definition, hasSecret)));
    if (!errors.length) {
      const ids = userIdsOf(definition);
      const found = new Set(
        (await tx.find(User, { id: { $in: [...new Set(ids.map((i) => i.id))] } }, { fields: ['id'] })).map((u) => u.id),
      );
      for (const i of ids)
        if (!found.has(i.id)) errors.push({ field: i.field, message: 'not a member of your organization' });
    }
    if (errors.length)
      throw AppError.validation(errors.slice(0, 50) as FieldError[], 'The workflow definition is not valid');
    return definition;
  }
}
