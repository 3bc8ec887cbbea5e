/**
 * The indexes of the report filters (docs/analytics.md, "Indexes"), declared on the entities of the modules
 * that own the tables so that MikroORM sees them and the schema test (entities = migrations) holds; they are
 * created by Migration20261123020000_analytics. They live here, with the reports that need them: removing the
 * analytics module removes them from the model too. Every one leads with organization_id, the tenant predicate
 * of every report statement.
 */
import { Index } from '@mikro-orm/core';
import { OutboxEvent } from '../../events/outbox-event.entity';
import { Customer } from '../crm/customers/customer.entity';
import { Invoice } from '../rental/orders/invoice.entity';
import { Payment } from '../rental/orders/payment.entity';
import { RentalOrder } from '../rental/orders/rental-order.entity';
import { RentalOrderLine } from '../rental/orders/rental-order-line.entity';
import { Opportunity } from '../sales/opportunities/opportunity.entity';
import { OpportunityStageChange } from '../sales/opportunities/stage-change.entity';
import { Task } from '../sales/tasks/task.entity';

type Entity = Parameters<ReturnType<typeof Index>>[0];

/** index name -> [entity, properties]: the names are the ones MikroORM would give, the SQL is in the migration. */
export const ANALYTICS_INDEXES: Record<string, [Entity, string[]]> = {
  // earned revenue by the day of completion
  rental_orders_organization_id_completed_at_index: [RentalOrder, ['organization', 'completedAt']],
  // utilisation overlaps, upcoming returns, churn (last rental day)
  rental_orders_organization_id_return_date_index: [RentalOrder, ['organization', 'returnDate']],
  // upcoming pickups, idle items
  rental_orders_organization_id_pickup_date_index: [RentalOrder, ['organization', 'pickupDate']],
  // per-customer aggregates: first order, top customers, new vs returning
  rental_orders_organization_id_customer_id_order_date_index: [RentalOrder, ['organization', 'customer', 'orderDate']],
  // order lines by their order's facts (copied onto the lines): utilisation and idle items, booked and earned revenue per item
  rental_order_lines_organization_id_return_date_index: [RentalOrderLine, ['organization', 'returnDate']],
  rental_order_lines_organization_id_order_date_index: [RentalOrderLine, ['organization', 'orderDate']],
  rental_order_lines_organization_id_order_completed_at_index: [RentalOrderLine, ['organization', 'orderCompletedAt']],
  // churn risk: customers by their last rental day (kept from the orders by the database)
  customers_organization_id_last_rental_date_index: [Customer, ['organization', 'lastRentalDate']],
  // receivables ageing by due date
  invoices_organization_id_due_date_index: [Invoice, ['organization', 'dueDate']],
  // collected revenue and ageing by payment day
  payments_organization_id_paid_on_index: [Payment, ['organization', 'paidOn']],
  // tasks created / completed in a range
  tasks_organization_id_created_at_index: [Task, ['organization', 'createdAt']],
  tasks_organization_id_completed_at_index: [Task, ['organization', 'completedAt']],
  // win rate and sales cycle by close day
  opportunities_organization_id_closed_at_index: [Opportunity, ['organization', 'closedAt']],
  // time in stage by the day a stay ended
  opportunity_stage_changes_organization_id_changed_at_index: [OpportunityStageChange, ['organization', 'changedAt']],
  // AI task acceptance: task.created events of a range
  outbox_events_organization_id_event_created_at_index: [OutboxEvent, ['organization', 'event', 'createdAt']],
};

for (const [name, [entity, properties]] of Object.entries(ANALYTICS_INDEXES))
  Index({ name, properties: properties as never })(entity);
