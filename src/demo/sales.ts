import { ref } from '@mikro-orm/core';
import { formatMoney } from '../lib/money';
import type { User } from '../modules/accounts/users/user.entity';
import { ContactStatus, type Contact } from '../modules/crm/contacts/contact.entity';
import { LeadStatus } from '../modules/crm/leads/lead.entity';
import { priceRental } from '../modules/rental/inventory/quote-engine';
import { RentalOrderStatus } from '../modules/rental/orders/rental-order.entity';
import { Opportunity, OpportunityStatus } from '../modules/sales/opportunities/opportunity.entity';
import { OpportunityLine } from '../modules/sales/opportunities/opportunity-line.entity';
import { linesTotal } from '../modules/sales/opportunities/opportunity-lines';
import { OpportunityStageChange } from '../modules/sales/opportunities/stage-change.entity';
import { STANDARD_STAGES } from '../modules/sales/pipelines/default-pipeline';
import { Pipeline } from '../modules/sales/pipelines/pipeline.entity';
import { PipelineStage } from '../modules/sales/pipelines/pipeline-stage.entity';
import { at, dayOf, DemoContext, place } from './demo-context';
import { present } from '../lib/present';

const DAY_MS = 86_400_000;
/** Open opportunities per open stage (Prospecting, Qualified, Proposal, Negotiation), then won and lost. */
const OPEN_PER_STAGE = [9, 9, 8, 7];
const WON = 14;
const LOST = 10;
/** Deals named as the trade names them: by the customer's industry (names.ts), the job and what it needs. */
export const PROJECTS: Record<string, string[]> = {
  Construction: [
    'Tilt-wall warehouse: boom lifts and telehandlers',
    'Foundation dig: excavators for six weeks',
    'Parking garage repair: scissor lifts and breakers',
    'Winter pour: heaters and light towers',
  ],
  Landscaping: ['Retaining walls: mini excavator and dumper', 'Park renovation: track loader and compactors'],
  Events: [
    'Festival power and lighting',
    'Stadium concert: generators and fencing',
    'Wedding season tents: heaters and fans',
  ],
  'Film and TV': ['Film shoot power: towable generators', 'Night exterior: light towers and boom lift'],
  Facilities: ['Atrium glass cleaning: 80 ft boom lift', 'Warehouse racking: forklifts and scissor lifts'],
  Utilities: ['Pipeline crossing: excavator and trench pump', 'Fiber trenching: mini excavators'],
  Roofing: ['Roof replacement: telehandler and boom lift', 'Hail season: scissor lifts on call'],
  Electrical: ['Substation upgrade: generator and lifts', 'Street lighting retrofit: boom lifts'],
};
const HOME_PROJECTS = [
  'Backyard pool dig: mini excavator',
  'Storm cleanup: skid steer and trash pumps',
  'Driveway pour: mixer and compactor',
];
const LOST_REASONS = [
  'Went with a competitor on price',
  'Project postponed to next year',
  'Bought their own equipment',
  'No response after the proposal',
  'Needed delivery we could not make',
];

interface Line {
  item: OpportunityLine['item'];
  description: string;
  quantity: number;
  unitPrice: string;
}

/**
 * Sales: the default pipeline with the standard stages, and opportunities in every stage with their stage
 * history (a few open ones stagnant, so the drift job and GET /api/opportunities/stagnant have work). A won
 * opportunity is the origin of one of the year's orders, as winning one books a rental order.
 */
export function seedSales(ctx: DemoContext): void {
  const { rng, data } = ctx;
  const created = at(ctx, dayOf(ctx, -365));
  const pipeline = place(ctx, new Pipeline(ctx.org, 'Sales', true), 'pipeline', 0, created);
  const stages = STANDARD_STAGES.map((s, position) =>
    place(ctx, new PipelineStage(ctx.org, pipeline, { ...s, position }), 'stage', position, created),
  );
  const [won, lost] = [
    present(
      stages.find((s) => s.isWon),
      'won stage',
    ),
    present(
      stages.find((s) => s.isLost),
      'lost stage',
    ),
  ];
  const open = stages.filter((s) => !s.isWon && !s.isLost);
  let n = 0;

  const opportunity = (
    contact: Contact,
    owner: User,
    path: PipelineStage[],
    times: Date[],
    lines: Line[],
    note?: string,
  ): Opportunity => {
    const company = contact.company?.getEntity();
    const opp = new Opportunity(
      ctx.org,
      `${company?.name ?? contact.name}: ${rng.pick(PROJECTS[company?.industry ?? ''] ?? HOME_PROJECTS)}`,
      path[0],
      times[0],
    );
    Object.assign(opp, { contact: ref(contact), company: contact.company, owner: ref(owner), createdBy: ref(owner) });
    place(ctx, opp, 'opportunity', n, times[0]);
    const placed = lines.map((l, position) =>
      place(
        ctx,
        new OpportunityLine(ctx.org, opp, { position, ...l, item: l.item?.getEntity() ?? null }),
        'opportunity-line',
        `${n}:${position}`,
        times[0],
      ),
    );
    opp.value = linesTotal(placed);
    path.forEach((stage, i) => {
      const change = place(
        ctx,
        new OpportunityStageChange(ctx.org, opp, stage, times[i]),
        'stage-change',
        `${n}:${i}`,
        times[i],
      );
      change.changedBy = ref(owner);
      if (i > 0)
        Object.assign(change, {
          fromStage: ref(path[i - 1]),
          fromStageName: path[i - 1].name,
          secondsInPreviousStage: Math.floor((times[i].getTime() - times[i - 1].getTime()) / 1000),
          note: stage.isLost ? note : null,
        });
    });
    const last = path[path.length - 1];
    const closed = last.isWon || last.isLost ? times[times.length - 1] : null;
    Object.assign(opp, {
      stage: ref(last),
      stageEnteredAt: times[times.length - 1],
      probability: last.probability,
      status: last.isWon ? OpportunityStatus.won : last.isLost ? OpportunityStatus.lost : OpportunityStatus.open,
      closedAt: closed,
      archivedAt: last.isLost ? closed : null,
      lostReason: last.isLost ? note : null,
      updatedAt: times[times.length - 1],
    });
    data.opportunities.push(opp);
    n++;
    return opp;
  };

  /** Moves spread from `start` to `end`, one per stage of the path. */
  const timeline = (start: Date, end: Date, steps: number): Date[] =>
    steps === 1
      ? [end] // still in its first stage: it came in at the end
      : Array.from(
          { length: steps },
          (_, i) =>
            new Date(start.getTime() + Math.round(((end.getTime() - start.getTime()) * i) / Math.max(1, steps - 1))),
        );

  const quoteLines = (): Line[] =>
    rng.sample(data.items, rng.int(1, 3)).map((item) => {
      const days = rng.pick([7, 14, 30, 60]);
      return {
        item: ref(item),
        description: item.name,
        quantity: rng.int(1, 3),
        unitPrice: priceRental(days, 1, { daily: item.dailyRate, weekly: item.weeklyRate, monthly: item.monthlyRate })
          .unitPrice,
      };
    });

  const prospects = data.leads
    .filter((l) => [LeadStatus.contacted, LeadStatus.qualified, LeadStatus.negotiation].includes(l.status))
    .map((l) => l.contact.getEntity());
  const regulars = data.contacts.filter((c) => c.status === ContactStatus.customer);
  OPEN_PER_STAGE.forEach((count, position) => {
    for (let k = 0; k < count; k++) {
      const contact = k % 3 === 2 ? rng.pick(regulars) : rng.pick(prospects);
      const stagnant = k === 0;
      const start = at(ctx, dayOf(ctx, -rng.int(stagnant ? 40 : 10, 120)), 10);
      const end = at(ctx, dayOf(ctx, stagnant ? -rng.int(20, 35) : -rng.int(0, 8)), 15);
      const opp = opportunity(
        contact,
        contact.owner?.getEntity() ?? rng.pick(data.sales),
        open.slice(0, position + 1),
        timeline(start, end, position + 1),
        quoteLines(),
      );
      opp.expectedCloseDate = dayOf(ctx, k === count - 1 ? -rng.int(3, 15) : rng.int(5, 90)); // one per stage has slipped past its date
      if (regulars.includes(contact))
        opp.customer = ref(
          present(
            data.customers.find((c) => c.contact.id === contact.id),
            `customer of ${contact.id}`,
          ),
        );
    }
  });

  const winnable = data.orders.filter(
    (o) => o.status !== RentalOrderStatus.cancelled && !o.notes && o.orderDate >= dayOf(ctx, -300),
  );
  for (const order of rng.sample(winnable, WON)) {
    const customer = order.customer.getEntity();
    const contact = customer.contact.getEntity();
    const close = order.createdAt;
    const lines = present(data.orderLines.get(order), 'order lines').map((l) => ({
      item: l.item,
      description: l.itemName,
      quantity: l.quantity,
      unitPrice: formatMoney(l.unitPrice),
    }));
    const owner = contact.owner?.getEntity() ?? rng.pick(data.sales);
    const opp = opportunity(
      contact,
      owner,
      [...open, won],
      timeline(new Date(close.getTime() - rng.int(10, 60) * DAY_MS), close, open.length + 1),
      lines,
    );
    Object.assign(opp, { customer: ref(customer), rentalOrder: ref(order), expectedCloseDate: order.orderDate });
    Object.assign(order, { notes: `From opportunity "${opp.name}" (${opp.id})`, createdBy: ref(owner) });
  }

  const lostLeads = data.leads.filter((l) => l.status === LeadStatus.lost).map((l) => l.contact.getEntity());
  for (let k = 0; k < LOST; k++) {
    const contact = rng.pick(lostLeads);
    const reached = rng.int(1, open.length);
    const close = at(ctx, dayOf(ctx, -rng.int(5, 200)), 16);
    const opp = opportunity(
      contact,
      contact.owner?.getEntity() ?? rng.pick(data.sales),
      [...open.slice(0, reached), lost],
      timeline(new Date(close.getTime() - rng.int(7, 45) * DAY_MS), close, reached + 1),
      quoteLines(),
      rng.pick(LOST_REASONS),
    );
    opp.expectedCloseDate = close.toISOString().slice(0, 10);
  }
}
