import { ref } from '@mikro-orm/core';
import type { User } from '../modules/accounts/users/user.entity';
import { LeadStatus } from '../modules/crm/leads/lead.entity';
import { InvoiceStatus } from '../modules/rental/orders/invoice.entity';
import { OpportunityStatus } from '../modules/sales/opportunities/opportunity.entity';
import { Task, TaskPriority, TaskStatus } from '../modules/sales/tasks/task.entity';
import { at, dayOf, DemoContext, place } from './demo-context';
import { present } from '../lib/present';

interface Todo {
  title: string;
  assignee: User;
  due: number;
  priority: TaskPriority;
  link?: Partial<Pick<Task, 'contact' | 'customer' | 'opportunity'>>;
  description?: string;
}

/**
 * Tasks: next steps on open deals, collection calls on overdue invoices, lead follow-ups and yard chores.
 * Those due in the past are mostly done; some are not (overdue), and the week ahead is full.
 */
export function seedTasks(ctx: DemoContext): void {
  const { rng, data } = ctx;
  const [admin, desk, , , office] = data.team;
  const todos: Todo[] = [];
  for (const opp of data.opportunities.filter((o) => o.status === OpportunityStatus.open)) {
    todos.push({
      title: `Next step on "${opp.name}"`,
      assignee: present(opp.owner, `owner of ${opp.name}`).getEntity(),
      due: rng.int(-20, 10),
      priority: rng.pick([TaskPriority.medium, TaskPriority.high]),
      link: { opportunity: ref(opp), contact: opp.contact },
    });
  }
  for (const invoice of data.invoices.filter((i) => i.storedStatus === InvoiceStatus.sent && i.dueDate < ctx.today)) {
    const customer = invoice.customer.getEntity();
    todos.push({
      title: `Collect ${invoice.invoiceNumber} (${invoice.balance} ${invoice.currency} open)`,
      assignee: office,
      due: rng.int(-5, 5),
      priority: TaskPriority.high,
      link: { customer: ref(customer), contact: customer.contact },
    });
  }
  for (const lead of rng.sample(
    data.leads.filter((l) => l.status === LeadStatus.new || l.status === LeadStatus.contacted),
    20,
  )) {
    const contact = lead.contact.getEntity();
    todos.push({
      title: `Call ${contact.name} back about their inquiry`,
      assignee: contact.owner?.getEntity() ?? rng.pick(data.sales),
      due: rng.int(-30, 7),
      priority: rng.pick([TaskPriority.low, TaskPriority.medium]),
      link: { contact: ref(contact) },
    });
  }
  const chores: [string, User, TaskPriority][] = [
    ['Order the cylinder seal kit for BL-60', desk, TaskPriority.high],
    ['Annual inspection of the 80 ft boom lift', desk, TaskPriority.medium],
    ['Renew the equipment floater insurance', admin, TaskPriority.medium],
    ['Reconcile the card terminal with the bank', office, TaskPriority.low],
    ['Call back about the 60ft boom lift', desk, TaskPriority.high],
    ['Price list review for the spring season', admin, TaskPriority.low],
  ];
  for (let week = -40; week <= 1; week += 3)
    for (const [title, assignee, priority] of rng.sample(chores, 1))
      todos.push({ title, assignee, due: week * 7 + rng.int(0, 4), priority });

  todos.forEach((t, n) => {
    const task = new Task(ctx.org, t.title);
    const due = dayOf(ctx, t.due);
    const createdAt = at(ctx, dayOf(ctx, Math.min(t.due, 0) - rng.int(1, 14)), 9);
    Object.assign(task, {
      assignee: ref(t.assignee),
      createdBy: ref(rng.pick(data.team)),
      priority: t.priority,
      dueDate: due,
      description: t.description ?? null,
      ...t.link,
    });
    if (due < ctx.today && rng.chance(0.75))
      Object.assign(task, {
        status: TaskStatus.completed,
        completedAt: at(ctx, due, 16),
        completedBy: ref(t.assignee),
      });
    data.tasks.push(place(ctx, task, 'task', n, createdAt));
  });
}
