/**
 * The demo business (README, "Demo business"): an equipment-rental yard with a team, a catalog, a year of
 * orders, invoices and payments, a CRM and a sales pipeline. Deterministic: the same reference day gives
 * the same data and ids. Each domain is one part (one file) of DEMO_PARTS, after the parts whose records it uses
 * (they are in `ctx.data`); a module may instead bring its part in its definition (`demo`), run after these.
 */
import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { todayIn } from '../lib/calendar-days';
import { Organization } from '../modules/accounts/organizations/organization.entity';
import { User } from '../modules/accounts/users/user.entity';
import { modules } from '../modules';
import { seedBilling, seedInvoiceSequence } from './billing';
import { seedCommunications } from './communications';
import { seedDocuments } from './documents';
import { seedConvertedLeads, seedCrm } from './crm';
import { at, dayOf, DemoContext, demoId, place } from './demo-context';
import { emptyDemoData } from './demo-data';
import { seedInventory } from './inventory';
import { seedDesk } from './desk';
import { seedDepositsAndCredit } from './deposits';
import { seedNotifications } from './notifications';
import { seedOrders } from './orders';
import { seedPricingRules } from './pricing';
import { seedQuotes } from './quotes';
import { Rng } from './random';
import { seedSales } from './sales';
import { seedTasks } from './tasks';
import { DEMO, seedTeam, TEAM } from './team';
import { seedUnits } from './units';
import { seedVoiceMemos } from './voice-memos';
import { seedWorkflows } from './workflows';

export { DEMO, TEAM };

export interface DemoPart {
  name: string;
  /** Builds and persists the part's records (flushed together, once every part has run). */
  seed(ctx: DemoContext): void | Promise<void>;
  /** Inserts what needs the first flush's rows in the table; it must not change them (their updatedAt would move). */
  afterFlush?(ctx: DemoContext): void | Promise<void>;
}

/** In order: each part may use what the parts above it made. */
export const DEMO_PARTS: readonly DemoPart[] = [
  { name: 'team', seed: seedTeam },
  { name: 'inventory', seed: seedInventory },
  { name: 'pricing', seed: seedPricingRules },
  { name: 'crm', seed: seedCrm, afterFlush: seedConvertedLeads },
  { name: 'units', seed: seedUnits },
  { name: 'orders', seed: seedOrders },
  { name: 'desk', seed: seedDesk },
  { name: 'quotes', seed: seedQuotes },
  { name: 'billing', seed: seedBilling, afterFlush: seedInvoiceSequence },
  { name: 'deposits', seed: seedDepositsAndCredit },
  { name: 'documents', seed: seedDocuments },
  { name: 'sales', seed: seedSales },
  { name: 'tasks', seed: seedTasks },
  { name: 'communications', seed: seedCommunications },
  { name: 'voice-memos', seed: seedVoiceMemos },
  { name: 'notifications', seed: seedNotifications },
  { name: 'workflows', seed: () => undefined, afterFlush: seedWorkflows },
];

export interface DemoOptions {
  /**
   * The reference day (YYYY-MM-DD); default the organization's today (in its timezone), the day its overdue job and
   * late charges count with.
   */
  today?: string;
  seed?: number;
}

/** Creates the demo organization, replacing an earlier one (its data goes with it). Returns its id. */
export async function seedDemo(orm: MikroORM, options: DemoOptions = {}): Promise<string> {
  const today = options.today ?? todayIn(DEMO.timezone);
  return orm.em.fork().transactional(async (em) => {
    const id = demoId('organization', 0);
    const admin = await em.findOne(User, { email: DEMO.admin.email }, { filters: false });
    await em.nativeDelete(
      Organization,
      { id: { $in: [id, ...(admin ? [admin.organization.id] : [])] } },
      { filters: false },
    );
    await em.nativeDelete(User, { email: { $in: TEAM.map((m) => m.email) } }, { filters: false });

    const org = new Organization(DEMO.organization);
    // A fixed inbound address (demo-rentals@INBOUND_EMAIL_DOMAIN): the seed stays deterministic and the webhook
    // examples of docs/communications.md can name it.
    org.inboundEmailToken = 'demo-rentals';
    const ctx: DemoContext = {
      em,
      org,
      today,
      now: new Date(`${today}T00:00:00.000Z`),
      rng: new Rng(0),
      data: emptyDemoData(),
    };
    place(ctx, org, 'organization', 0, at(ctx, dayOf(ctx, -400)));
    for (const part of DEMO_PARTS) {
      // each part draws from its own stream: a part added or changed does not reshuffle the others
      ctx.rng = new Rng(partSeed(options.seed ?? 2026, part.name));
      await part.seed(ctx);
    }
    await em.flush();
    for (const part of DEMO_PARTS) await part.afterFlush?.(ctx);
    await em.flush();
    for (const part of modules.flatMap((m) => m.demo ?? [])) {
      const rng = new Rng(partSeed(options.seed ?? 2026, part.name));
      await part.seed({ em, organizationId: id, today, now: ctx.now, random: () => rng.next(), id: demoId });
      await em.flush();
    }
    return id;
  });
}

function partSeed(seed: number, name: string): number {
  return createHash('sha1').update(`${seed}:${name}`).digest().readUInt32BE(0);
}

/** Seeds only a database that has no organization yet (first start). */
export async function seedIfEmpty(orm: MikroORM): Promise<boolean> {
  const count = await orm.em.fork().count(Organization, {}, { filters: false });
  if (count > 0) return false;
  await seedDemo(orm);
  return true;
}
