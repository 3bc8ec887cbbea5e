import { DELETED, EXAMPLE_ID, page, type RouteRow } from '../../../http/route-row';
import { TASK_SELECTION as TASK } from './task.entity';
const tag = 'Tasks';

/** Tasks (docs/sales.md): any member creates, edits and completes them. */
export const taskRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/tasks',
    operation: 'tasks',
    exportable: true,
    tag,
    summary:
      'Tasks (paginated; search, status, priority, assigneeId/ownerId, contactId, customerId, opportunityId, startDate/endDate on dueDate, overdue, sortBy, sortOrder)',
    selection: page(TASK),
  },
  { method: 'GET', path: '/api/tasks/:id', operation: 'task', tag, summary: 'One task', selection: TASK },
  {
    method: 'POST',
    path: '/api/tasks',
    operation: 'createTask',
    body: 'input',
    status: 201,
    tag,
    summary: 'Create a task (any member; isAiGenerated cannot be set); emits task.created',
    selection: TASK,
    example: {
      title: 'Call about the crane delivery',
      priority: 'high',
      dueDate: '2026-07-01',
      assigneeId: EXAMPLE_ID,
      opportunityId: EXAMPLE_ID,
    },
  },
  {
    method: 'PUT',
    path: '/api/tasks/:id',
    operation: 'updateTask',
    body: 'input',
    tag,
    summary: 'Edit a task',
    selection: TASK,
    example: { priority: 'low', contactId: EXAMPLE_ID },
  },
  {
    method: 'DELETE',
    path: '/api/tasks/:id',
    operation: 'deleteTask',
    tag,
    summary: 'Delete a task',
    selection: DELETED,
  },
  {
    method: 'POST',
    path: '/api/tasks/:id/complete',
    operation: 'completeTask',
    tag,
    summary: 'open -> completed (409 if already); emits task.completed',
    selection: TASK,
  },
];
