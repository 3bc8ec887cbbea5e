import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { AppError, FieldError } from '../../../lib/errors';
import { clock } from '../../../lib/clock';
import { checkDay, today as utcToday } from '../../../lib/calendar-days';
import { organizationToday } from '../../../db/organization-day';
import type { Principal } from '../../../http/principal';
import { findOr404 } from '../../../db/find-or-404';
import { InventoryUnit, OUT_OF_SERVICE, UnitStatus } from './inventory-unit.entity';
import { recordUnitEvent, releaseUnitHolds, setUnitStatus } from './unit.service';
import type { UnitServiceInput } from './servicing.types';

/** How far ahead the daily job puts day-interval service holds on the calendar (availability sees them). */
export const SERVICE_HORIZON_DAYS = 30;

/**
 * Service intervals (docs/rental.md, "Inspections and service"): marking a unit serviced resets its counters and
 * ends its open holds; the daily job puts the next day-interval service on the calendar ahead of time.
 */
export class ServicingService {
  /** Service done on `servicedOn` (default today): counters reset, open holds end the day before (or go), unit available. */
  async recordService(
    em: EntityManager,
    principal: Principal,
    itemId: string,
    id: string,
    input: UnitServiceInput,
  ): Promise<InventoryUnit> {
    const today = await organizationToday(em, principal.organizationId);
    const servicedOn = input.servicedOn ?? today;
    const errors: FieldError[] = [];
    if (checkDay(servicedOn, 'servicedOn', errors) && servicedOn > today)
      errors.push({ field: 'servicedOn', message: 'servicedOn must not be after today' });
    if (errors.length) throw AppError.validation(errors);
    return em.transactional(async (tx) => {
      const unit = await findOr404(tx, InventoryUnit, id, 'Inventory unit', { lock: true });
      if (unit.item.id !== itemId) throw AppError.notFound('Inventory unit');
      if (unit.status === UnitStatus.on_rent || unit.status === UnitStatus.retired)
        throw AppError.conflict(`${unit.assetTag} is ${unit.status.replace(/_/g, ' ')}; it cannot be serviced now`);
      if (input.meterReading) unit.meterReading = input.meterReading;
      Object.assign(unit, { lastServiceOn: servicedOn, lastServiceMeter: unit.meterReading, rentalsSinceService: 0 });
      await releaseUnitHolds(tx, unit, servicedOn);
      if (OUT_OF_SERVICE.includes(unit.status)) setUnitStatus(unit, UnitStatus.available, null);
      recordUnitEvent(tx, unit, 'serviced', { userId: principal.userId, note: input.notes });
      return unit;
    });
  }
}

/**
 * The daily job: every unit whose day interval comes due within SERVICE_HORIZON_DAYS and that has no open hold
 * gets an open-ended service hold from its due day (today at the earliest), for every organization in one
 * statement (idempotent: a unit with an open hold is skipped). Tests call runOnce(day) directly.
 */
export class ServiceDueJob {
  constructor(private readonly orm: MikroORM) {}

  async runOnce(day: string = utcToday()): Promise<{ holds: number }> {
    const now = clock.now();
    const rows = await this.orm.em.fork().execute<{ id: string }[]>(
      `insert into maintenance_holds (id, created_at, updated_at, organization_id, item_id, unit_id, quantity, start_date, end_date, reason, source)
       select gen_random_uuid(), ?, ?, u.organization_id, u.item_id, u.id, 1,
              greatest(u.last_service_on + i.service_every_days, cast(? as date)), null,
              'Service due: every ' || i.service_every_days || ' days', 'service'
       from inventory_units u join inventory_items i on i.id = u.item_id
       where i.service_every_days is not null and i.status = 'active' and u.status <> 'retired'
         and u.last_service_on is not null
         and u.last_service_on + i.service_every_days <= cast(? as date) + ${SERVICE_HORIZON_DAYS}
         and not exists (select 1 from maintenance_holds h where h.unit_id = u.id and h.end_date is null)
       returning id`,
      [now, now, day, day],
    );
    return { holds: rows.length };
  }
}
