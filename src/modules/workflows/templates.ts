import type { Assignee } from './definition';

/** What an admin gives when switching a template on: who gets the work (each optional, see each template). */
export interface TemplateParams {
  /** The member named by the template (the sales manager, the collections contact); default: the admin. */
  userId: string;
  /** The team a round robin goes over; default: every member of the organization. */
  userIds: string[];
}

export interface WorkflowTemplate {
  key: string;
  name: string;
  description: string;
  /** The workflows it makes (several for a ladder of steps), as a create body. */
  build(p: TemplateParams): { name: string; trigger: object; conditions?: object; actions: object[] }[];
}

const OWNER: Assignee = { rule: 'owner' };

function overdueStep(days: number, priority: string, notify: boolean, p: TemplateParams) {
  const title = `Invoice #{{number}} is ${days} days overdue: {{balanceDue}} open`;
  return {
    name: `Overdue invoice: ${days} days`,
    trigger: { date: 'invoice.dueDate', offsetDays: days },
    conditions: { all: [{ field: 'balanceDue', op: 'greater_than', value: 0 }] },
    actions: [
      { type: 'create_task', title, assignee: OWNER, dueInHours: 0, priority },
      ...(notify ? [{ type: 'notify_user', to: { rule: 'user', userId: p.userId }, title }] : []),
    ],
  };
}

/** The rental business's templates (docs/workflows.md, "Templates"): switched on from a list. */
export const TEMPLATES: WorkflowTemplate[] = [
  {
    key: 'return-reminder',
    name: 'Return reminder',
    description: "A task for the customer's owner the day before an order's return date",
    build: () => [
      {
        name: 'Return reminder',
        trigger: { date: 'order.returnDate', offsetDays: -1 },
        actions: [
          {
            type: 'create_task',
            title: 'Return due tomorrow ({{returnDate}}): confirm the pickup with the customer',
            assignee: OWNER,
            dueInHours: 0,
            priority: 'medium',
          },
        ],
      },
    ],
  },
  {
    key: 'overdue-invoice-escalation',
    name: 'Overdue-invoice escalation',
    description:
      "A collection task for the customer's owner 7 days after an unpaid invoice's due date, a high-priority one at 14 days, and at 30 days the named member hears of it too",
    build: (p) => [
      overdueStep(7, 'medium', false, p),
      overdueStep(14, 'high', false, p),
      overdueStep(30, 'high', true, p),
    ],
  },
  {
    key: 'new-lead-round-robin',
    name: 'New lead: call within the hour',
    description:
      'Every new lead gets a high-priority call task due within the hour, assigned round-robin over the team',
    build: (p) => [
      {
        name: 'New lead: call within the hour',
        trigger: { event: 'lead.created' },
        actions: [
          {
            type: 'create_task',
            title: 'Call new lead {{leadName}}',
            description: '{{email}} {{phone}}',
            assignee: { rule: 'round_robin', userIds: p.userIds },
            dueInHours: 1,
            priority: 'high',
          },
        ],
      },
    ],
  },
  {
    key: 'hot-lead-alert',
    name: 'Hot lead alert',
    description: 'A new lead scored 6-7 (hot) notifies the sales manager (the named member)',
    build: (p) => [
      {
        name: 'Hot lead alert',
        trigger: { event: 'lead.created' },
        conditions: { all: [{ field: 'score', op: 'greater_than', value: 5 }] },
        actions: [
          {
            type: 'notify_user',
            to: { rule: 'user', userId: p.userId },
            title: 'Hot lead: {{leadName}} (score {{score}})',
            body: '{{email}} {{phone}}',
          },
        ],
      },
    ],
  },
  {
    key: 'stagnant-deal',
    name: 'Stagnant deal',
    description: 'An open deal without activity for 14 days gives its owner a task',
    build: () => [
      {
        name: 'Stagnant deal',
        trigger: { date: 'opportunity.lastActivity', offsetDays: 14 },
        actions: [
          {
            type: 'create_task',
            title: 'No activity for 14 days: {{name}}',
            assignee: OWNER,
            dueInHours: 0,
            priority: 'high',
          },
        ],
      },
    ],
  },
];

export const TEMPLATE_KEYS = TEMPLATES.map((t) => t.key);
