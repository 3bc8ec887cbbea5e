import type { OrderCharge } from '../modules/rental/orders/order-charge.entity';
import type { User } from '../modules/accounts/users/user.entity';
import type { Company } from '../modules/crm/companies/company.entity';
import type { Contact } from '../modules/crm/contacts/contact.entity';
import type { Customer } from '../modules/crm/customers/customer.entity';
import type { Lead } from '../modules/crm/leads/lead.entity';
import type { InventoryItem } from '../modules/rental/inventory/inventory-item.entity';
import type { InventoryUnit } from '../modules/rental/inventory/inventory-unit.entity';
import type { Invoice } from '../modules/rental/orders/invoice.entity';
import type { RentalOrder } from '../modules/rental/orders/rental-order.entity';
import type { RentalOrderLine } from '../modules/rental/orders/rental-order-line.entity';
import type { Opportunity } from '../modules/sales/opportunities/opportunity.entity';
import type { Task } from '../modules/sales/tasks/task.entity';
import type { Activity } from '../modules/communications/activities/activity.entity';
import type { DeskStory } from './desk-stories';
import type { PricingRuleData } from '../modules/rental/inventory/pricing-rules';

/**
 * The records each part of the demo makes, for the parts after it. A new part adds its own fields here
 * (and fills them); nothing else reads this.
 */
export interface DemoData {
  /** The team: admin, desk, two sales reps, office manager. */
  team: User[];
  /** The members who own contacts and deals. */
  sales: User[];
  items: InventoryItem[];
  /** The pricing rules every order is priced with (pricing.ts). */
  pricingRules: PricingRuleData[];
  /** The units of the items tracked by unit (the big machines). */
  units: Map<InventoryItem, InventoryUnit[]>;
  companies: Company[];
  /** Current contacts (not superseded), every status. */
  contacts: Contact[];
  /** Customers, biggest accounts first. */
  customers: Customer[];
  leads: Lead[];
  orders: RentalOrder[];
  orderLines: Map<RentalOrder, RentalOrderLine[]>;
  /** The orders of the rental desk's stories (desk-stories.ts). */
  stories: Map<RentalOrder, DeskStory>;
  invoices: Invoice[];
  /** The orders' charges (damage at check-in, late days): billing puts the approved ones on the invoices. */
  charges: OrderCharge[];
  opportunities: Opportunity[];
  tasks: Task[];
  activities: Activity[];
}

export function emptyDemoData(): DemoData {
  return {
    team: [],
    sales: [],
    items: [],
    pricingRules: [],
    units: new Map(),
    companies: [],
    contacts: [],
    customers: [],
    leads: [],
    orders: [],
    orderLines: new Map(),
    stories: new Map(),
    invoices: [],
    charges: [],
    opportunities: [],
    tasks: [],
    activities: [],
  };
}
