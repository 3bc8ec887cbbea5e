import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntityClass, FilterQuery } from '@mikro-orm/core';
import { ref } from '@mikro-orm/core';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import { AppError } from '../../../lib/errors';
import { clock } from '../../../lib/clock';
import type { EventEmitter } from '../../../events/event-emitter';
import type { Principal } from '../../../http/principal';
import type { NotificationService } from '../../accounts/notifications/notification.service';
import { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Contact } from '../../crm/contacts/contact.entity';
import { Customer } from '../../crm/customers/customer.entity';
import { Opportunity } from '../opportunities/opportunity.entity';
import { deleted, DeletePayload } from '../../../lib/fields';
import { findOr404, referenced } from '../../../db/find-or-404';
import { Task, TaskPriority, TaskSource, TaskStatus } from './task.entity';
import type { TaskInput, TaskListArgs, TaskUpdateInput } from './task.types';
import { dayRangeFilter } from '../../../db/day-range';

const LIST: ListSpec<Task> = {
  searchFields: ['title', 'description'],
  sortable: {
    dueDate: 'dueDate',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    title: 'title',
    status: 'status',
    completedAt: 'completedAt',
  },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
};

/** What the system (AI extraction, stage drift, workflows) passes to create a task; ids are already checked. */
export interface SystemTask {
  title: string;
  description?: string | null;
  assigneeId?: string | null;
  contactId?: string | null;
  customerId?: string | null;
  opportunityId?: string | null;
  priority?: TaskPriority;
  dueDate?: string | null;
  source: TaskSource;
  sourceId?: string | null;
  isAiGenerated?: boolean;
  dedupeKey?: string | null;
  createdById?: string | null;
}

type Links = Pick<TaskInput, 'assigneeId' | 'contactId' | 'customerId' | 'opportunityId'>;
const LINKS: [keyof Links, 'assignee' | 'contact' | 'customer' | 'opportunity', EntityClass<object>][] = [
  ['assigneeId', 'assignee', User],
  ['contactId', 'contact', Contact],
  ['customerId', 'customer', Customer],
  ['opportunityId', 'opportunity', Opportunity],
];

/** Tasks: any member creates, edits and completes them; task.created and task.completed go to the outbox. */
export class TaskService {
  constructor(
    private readonly events: EventEmitter,
    private readonly notifications: NotificationService,
  ) {}

  /** `today`: the organization's (Context.today), for `overdue`. */
  list(em: EntityManager, args: TaskListArgs, today: string): Promise<Page<Task>> {
    const where: Record<string, unknown>[] = [dayRangeFilter('dueDate', args)];
    const plain = {
      status: args.status,
      priority: args.priority,
      contact: args.contactId,
      customer: args.customerId,
      opportunity: args.opportunityId,
      isAiGenerated: args.isAiGenerated,
    };
    for (const [k, v] of Object.entries(plain)) if (v !== undefined) where.push({ [k]: v });
    if (args.assigneeId) where.push({ assignee: args.assigneeId });
    if (args.ownerId) where.push({ assignee: args.ownerId });
    if (args.overdue === true) where.push({ status: TaskStatus.open, dueDate: { $lt: today } });
    if (args.overdue === false)
      where.push({ $or: [{ status: TaskStatus.completed }, { dueDate: null }, { dueDate: { $gte: today } }] });
    return listPage(em, Task, args, LIST, { $and: where } as FilterQuery<Task>);
  }

  get(em: EntityManager, id: string): Promise<Task> {
    return findOr404(em, Task, id, 'Task');
  }

  create(em: EntityManager, principal: Principal, input: TaskInput): Promise<Task> {
    const source = input.source ?? TaskSource.manual;
    if (source === TaskSource.opportunity && !input.opportunityId) {
      throw AppError.validation([
        { field: 'opportunityId', message: 'a task whose source is opportunity must name the opportunity' },
      ]);
    }
    return em.transactional(async (tx) => {
      await this.checkLinks(tx, input);
      return this.createInTransaction(tx, principal.organizationId, {
        ...input,
        assigneeId: input.assigneeId === undefined ? principal.userId : input.assigneeId,
        source,
        sourceId: source === TaskSource.opportunity ? input.opportunityId : null,
        createdById: principal.userId,
      });
    });
  }

  /** The one place a task row is made (client or system), with task.created in the same transaction. */
  createInTransaction(tx: EntityManager, organizationId: string, data: SystemTask): Task {
    const task = new Task(tx.getReference(Organization, organizationId), data.title);
    task.description = data.description ?? null;
    for (const [key, prop, entity] of LINKS) {
      const id = data[key];
      (task as unknown as Record<string, unknown>)[prop] = id ? ref(tx.getReference(entity, id as never)) : null;
    }
    task.priority = data.priority ?? TaskPriority.medium;
    task.dueDate = data.dueDate ?? null;
    task.source = data.source;
    task.sourceId = data.sourceId ?? null;
    task.isAiGenerated = data.isAiGenerated ?? false;
    task.dedupeKey = data.dedupeKey ?? null;
    task.createdBy = data.createdById ? ref(tx.getReference(User, data.createdById)) : null;
    tx.persist(task);
    this.notifyAssignee(tx, organizationId, task, data.createdById ?? null);
    this.events.emit(tx, organizationId, 'task.created', {
      id: task.id,
      title: task.title,
      priority: task.priority,
      dueDate: task.dueDate,
      assignedTo: task.assigneeId,
      contactId: task.contactId,
      customerId: task.customerId,
      opportunityId: task.opportunityId,
      isAiGenerated: task.isAiGenerated,
      source: task.source,
      sourceId: task.sourceId,
      createdBy: task.createdById,
    });
    return task;
  }

  update(em: EntityManager, principal: Principal, id: string, input: TaskUpdateInput): Promise<Task> {
    return em.transactional(async (tx) => {
      const task = await findOr404(tx, Task, id, 'Task');
      const before = task.assignee?.id ?? null;
      await this.checkLinks(tx, input);
      for (const [key, prop, entity] of LINKS) {
        const value = input[key];
        if (value !== undefined)
          (task as unknown as Record<string, unknown>)[prop] = value
            ? ref(tx.getReference(entity, value as never))
            : null;
      }
      if (input.assigneeId && input.assigneeId !== before)
        this.notifyAssignee(tx, task.organization.id, task, principal.userId);
      if (input.title !== undefined) task.title = input.title.trim();
      if (input.description !== undefined) task.description = input.description;
      if (input.priority !== undefined) task.priority = input.priority;
      if (input.dueDate !== undefined) task.dueDate = input.dueDate;
      return task;
    });
  }

  /** open -> completed (409 when already completed); emits task.completed. The row is locked, so it completes once. */
  complete(em: EntityManager, principal: Principal, id: string): Promise<Task> {
    return em.transactional(async (tx) => {
      const task = await findOr404(tx, Task, id, 'Task', { lock: true });
      if (task.status === TaskStatus.completed) throw AppError.conflict(`Task ${id} is already completed`);
      task.status = TaskStatus.completed;
      task.completedAt = clock.now();
      task.completedBy = ref(tx.getReference(User, principal.userId));
      this.events.emit(tx, principal.organizationId, 'task.completed', {
        id: task.id,
        title: task.title,
        completedBy: principal.userId,
        completedAt: task.completedAt.toISOString(),
      });
      return task;
    });
  }

  delete(em: EntityManager, id: string): Promise<DeletePayload> {
    return em.transactional(async (tx) => {
      tx.remove(await findOr404(tx, Task, id, 'Task'));
      return deleted(id, 'Task');
    });
  }

  /** A task given to someone else than the one who made it (a colleague, or the system: AI, stage drift) is news to them. */
  private notifyAssignee(tx: EntityManager, organizationId: string, task: Task, byUserId: string | null): void {
    const assigneeId = task.assignee?.id;
    if (!assigneeId || assigneeId === byUserId) return;
    this.notifications.queue(tx, {
      organizationId,
      userIds: [assigneeId],
      kind: task.source === TaskSource.opportunity && !byUserId ? 'opportunity.stale' : 'task.assigned',
      title: `New task for you: ${task.title}`,
      body: task.dueDate ? `Due ${task.dueDate}` : null,
      link: `/api/tasks/${task.id}`,
    });
  }

  /** Every linked record must be of the caller's organization: another organization's id is "not found". */
  private async checkLinks(tx: EntityManager, input: Links): Promise<void> {
    for (const [key, , entity] of LINKS) {
      const id = input[key];
      if (id) await referenced(tx, entity, id, key);
    }
  }
}
