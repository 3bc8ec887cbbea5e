import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { clock } from '../../../lib/clock';
import { addDays, knownTimezone, localDate } from '../../../lib/calendar-days';
import { TENANT_FILTER } from '../../../db/tenant-filter';
import { findOr404 } from '../../../db/find-or-404';
import type { RentalSettingsService } from './rental-settings.service';
import type { MoveRecorder } from './desk-support';
import { RentalOrder } from './rental-order.entity';
import { isOverdue, OUT_FULFILLMENTS } from './overdue';
import { daysLate } from './late-charges';
import { latePolicy, refreshLateCharges } from './order-charges';

export interface OverdueRun {
  /** Orders overdue on their organization's today. */
  overdue: number;
  /** Of those, the ones that became overdue since the last run: order.overdue and a timeline entry each. */
  notified: number;
}

interface Candidate {
  id: string;
  organization_id: string;
  return_date: string;
  timezone: string | null;
}

/**
 * Overdue orders (docs/rental.md, "Overdue and late charges"), on each organization's own day: an order with units
 * out whose return date is before its organization's today. For each, once per return date (an extension that runs
 * late again is announced again), the outbox event order.overdue and a move on the customer's timeline; and every
 * run brings its draft late charges up to today. Idempotent under concurrency: each order is handled under its row
 * lock, and `overdueNotifiedFor` says whether its current lateness was announced. Tests call runOnce(orm, now).
 */
export class OverdueJob {
  constructor(
    private readonly moves: MoveRecorder,
    private readonly settings: RentalSettingsService,
  ) {}

  async runOnce(orm: MikroORM, now: Date = clock.now()): Promise<OverdueRun> {
    // the latest local day anywhere is at most one day after the UTC day (UTC+14)
    const latest = addDays(now.toISOString().slice(0, 10), 1);
    const candidates = await orm.em.fork().execute<Candidate[]>(
      `select o.id, o.organization_id, to_char(o.return_date, 'YYYY-MM-DD') as return_date, org.timezone
         from rental_orders o join organizations org on org.id = o.organization_id
        where o.status = 'pending' and o.fulfillment in (${OUT_FULFILLMENTS.map(() => '?').join(', ')})
          and o.return_date < ?
        order by o.organization_id, o.return_date`,
      [...OUT_FULFILLMENTS, latest],
    );
    const run: OverdueRun = { overdue: 0, notified: 0 };
    for (const row of candidates) {
      const today = localDate(knownTimezone(row.timezone), now);
      if (row.return_date >= today) continue;
      const em = orm.em.fork({ clear: true });
      em.setFilterParams(TENANT_FILTER, { organizationId: row.organization_id });
      const notified = await em.transactional((tx) => this.handle(tx, row, today));
      if (notified !== null) run.overdue++;
      if (notified) run.notified++;
    }
    return run;
  }

  /** null: no longer overdue (checked in or extended meanwhile); true: announced now; false: announced before. */
  private async handle(tx: EntityManager, row: Candidate, today: string): Promise<boolean | null> {
    const order = await findOr404(tx, RentalOrder, row.id, 'Transaction', { lock: true });
    if (!isOverdue(order, today)) return null;
    const first = order.overdueNotifiedFor !== order.returnDate;
    const late = daysLate(order.returnDate, today);
    if (first) {
      order.overdueNotifiedFor = order.returnDate;
      this.moves.record(tx, { organizationId: row.organization_id, userId: null }, order, {
        kind: 'overdue',
        event: 'order.overdue',
        title: `Overdue: due back ${order.returnDate}`,
        detail: `${late} day${late === 1 ? '' : 's'} late on ${today}`,
        data: { asOf: today, daysLate: late },
      });
    }
    const policy = latePolicy(await this.settings.get(tx, row.organization_id));
    await refreshLateCharges(tx, order, today, policy);
    return first;
  }
}
