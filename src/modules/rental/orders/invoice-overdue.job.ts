import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventEmitter } from '../../../events/event-emitter';
import { clock } from '../../../lib/clock';
import { addDays, daysInclusive, knownTimezone, localDate } from '../../../lib/calendar-days';
import { TENANT_FILTER } from '../../../db/tenant-filter';
import { Invoice } from './invoice.entity';
import { emitInvoiceEvent } from './invoice-events';

/** How far back a due date is still announced: a job that was down catches up, a first run does not flood. */
export const OVERDUE_EVENT_WINDOW_DAYS = 30;

export interface InvoiceOverdueRun {
  /** Invoices that became overdue and were announced by this run (invoice.overdue each). */
  notified: number;
}

interface Candidate {
  id: string;
  organization_id: string;
  due_date: string;
  timezone: string | null;
}

/**
 * invoice.overdue (docs/events.md, docs/rental.md): once per invoice, the first run after it becomes overdue (sent,
 * not fully paid, its due date before its organization's today). Exactly once however many instances run it at once:
 * the announcement is claimed by one conditional update (`overdue_notified_at` from null) in the transaction that
 * emits the event, so a second claimant finds it set (after the first commits) and emits nothing; a rolled-back
 * emit rolls the claim back with it. Tests call runOnce(orm, now).
 */
export class InvoiceOverdueJob {
  constructor(private readonly events: EventEmitter) {}

  async runOnce(orm: MikroORM, now: Date = clock.now()): Promise<InvoiceOverdueRun> {
    const utcDay = now.toISOString().slice(0, 10);
    // the latest local day anywhere is at most one day after the UTC day (UTC+14), the earliest one before it
    const candidates = await orm.em.fork().execute<Candidate[]>(
      `select i.id, i.organization_id, to_char(i.due_date, 'YYYY-MM-DD') as due_date, org.timezone
         from invoices i join organizations org on org.id = i.organization_id
        where i.status = 'sent' and i.overdue_notified_at is null and i.due_date < ? and i.due_date >= ?
        order by i.organization_id, i.due_date`,
      [addDays(utcDay, 1), addDays(utcDay, -OVERDUE_EVENT_WINDOW_DAYS - 1)],
    );
    const run: InvoiceOverdueRun = { notified: 0 };
    for (const row of candidates) {
      const today = localDate(knownTimezone(row.timezone), now);
      if (row.due_date >= today || row.due_date < addDays(today, -OVERDUE_EVENT_WINDOW_DAYS)) continue;
      const em = orm.em.fork({ clear: true });
      em.setFilterParams(TENANT_FILTER, { organizationId: row.organization_id });
      const claimed = await em.transactional(async (tx) => {
        const won: unknown[] = await tx.execute(
          `update invoices set overdue_notified_at = ? where id = ? and organization_id = ?
             and overdue_notified_at is null and status = 'sent' and due_date < ? returning id`,
          [now, row.id, row.organization_id, today],
        );
        if (won.length === 0) return false;
        const invoice = await tx.findOneOrFail(Invoice, { id: row.id });
        emitInvoiceEvent(this.events, tx, invoice, 'invoice.overdue', null, {
          asOf: today,
          daysLate: daysInclusive(invoice.dueDate, today) - 1,
        });
        return true;
      });
      if (claimed) run.notified++;
    }
    return run;
  }
}
