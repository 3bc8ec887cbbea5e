import type { EntityManager } from '@mikro-orm/postgresql';
import { customerInsights } from '../../../ai/insights/customer-insights';
import type { RentalOrder } from '../../../ai/insights/cross-sell';
import { AppError } from '../../../lib/errors';
import { addDays } from '../../../lib/calendar-days';
import { Customer } from '../../crm/customers/customer.entity';
import type { CustomerService } from '../../crm/customers/customer.service';
import type { CommunicationRecord, RecentCommunications } from './recent-communications';
import type { CustomerIntelligence, RentalHistoryEvidence, SentimentInsight } from './customer-intelligence.types';
import { customerOrders, organizationOrders, overdueInvoices } from './customer-intelligence.query';
import type { FeatureGate } from '../../accounts/organizations/organization-ai.service';
import { organizationToday } from '../../../db/organization-day';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Communications read: the last 180 days; activity compares the last 30 days with the 30 before. */
const COMMUNICATION_DAYS = 180;
const ACTIVITY_DAYS = 30;

/**
 * GET /api/customer-intelligence/:id (docs/ai.md, "Customer intelligence"): the customer (by its id or
 * its contact's id; another organization's id is 404), its rental history, overdue invoices and recent
 * communications, through src/ai's customerInsights: sentiment trend, risk, upsell and cross-sell, next
 * actions, each with its evidence.
 */
export class CustomerIntelligenceService {
  constructor(
    private readonly communications: RecentCommunications,
    private readonly customers: CustomerService,
    private readonly features: FeatureGate,
  ) {}

  async intelligence(em: EntityManager, organizationId: string, id: string): Promise<CustomerIntelligence> {
    await this.features.requireFeature(em, organizationId, 'customerInsights');
    const customer = await this.resolve(em, id);
    const asOf = await organizationToday(em, organizationId);
    const [contactIds] = await this.customers.historyContactIds(em, [customer.contact.id]);
    const comms = await this.communications(em, contactIds, addDays(asOf, -COMMUNICATION_DAYS));
    const own = await customerOrders(em, organizationId, customer.id);
    const all = await organizationOrders(em, organizationId, addDays(asOf, -730));
    const insights = customerInsights({
      asOf,
      overdueInvoices: await overdueInvoices(em, organizationId, customer.id, asOf),
      activity: activity(comms, asOf),
      sentiment: comms
        .filter((c) => c.sentimentScore !== null)
        .map((c) => ({ date: c.at, score: c.sentimentScore as number })),
      rentalDates: own.map((o) => o.date),
      customerOrders: own,
      organizationOrders: all,
    });
    const s = insights.sentiment;
    const sentiment: SentimentInsight = {
      count: s.count,
      average: s.average,
      recentAverage: s.recentAverage,
      label: s.label,
      slopePer30Days: s.slopePer30Days,
      direction: s.direction,
      evidence:
        s.count === 0
          ? `no communication with a sentiment in the last ${COMMUNICATION_DAYS} days`
          : `${s.count} communication(s) since ${addDays(asOf, -COMMUNICATION_DAYS)}, latest ${s.latest?.date} (${s.latest?.score})`,
    };
    return {
      customerId: customer.id,
      contactId: customer.contact.id,
      customer,
      asOf,
      sentiment,
      risk: insights.risk,
      opportunities: insights.opportunities.map((o) => ({ ...o, strength: Math.round(o.strength * 1000) / 1000 })),
      nextActions: insights.nextActions,
      rentalHistory: history(own),
    };
  }

  /** The customer by its id, else the customer whose contact has this id; 404 otherwise (tenant-scoped em). */
  private async resolve(em: EntityManager, id: string): Promise<Customer> {
    if (UUID.test(id)) {
      const populate = { populate: ['contact'] as never };
      const customer =
        (await em.findOne(Customer, { id }, populate)) ?? (await em.findOne(Customer, { contact: id }, populate));
      if (customer) return customer;
    }
    throw AppError.notFound('Customer');
  }
}

function activity(comms: CommunicationRecord[], asOf: string): { recent: number; previous: number } {
  const recentFrom = addDays(asOf, -ACTIVITY_DAYS);
  const previousFrom = addDays(asOf, -2 * ACTIVITY_DAYS);
  const day = (c: CommunicationRecord) => c.at.slice(0, 10);
  return {
    recent: comms.filter((c) => day(c) > recentFrom).length,
    previous: comms.filter((c) => day(c) > previousFrom && day(c) <= recentFrom).length,
  };
}

function history(orders: RentalOrder[]): RentalHistoryEvidence {
  const counts = new Map<string, number>();
  for (const o of orders) for (const c of new Set(o.categories)) counts.set(c, (counts.get(c) ?? 0) + 1);
  const dates = orders.map((o) => o.date).sort();
  return {
    orders: orders.length,
    firstOrderDate: dates[0] ?? null,
    lastOrderDate: dates[dates.length - 1] ?? null,
    categories: [...counts]
      .map(([category, n]) => ({ category, orders: n }))
      .sort((a, b) => b.orders - a.orders || a.category.localeCompare(b.category)),
  };
}
