import Decimal from 'decimal.js';
import { ref } from '@mikro-orm/core';
import { addDays } from '../lib/calendar-days';
import type { InventoryItem } from '../modules/rental/inventory/inventory-item.entity';
import { InventoryUnit, UnitStatus } from '../modules/rental/inventory/inventory-unit.entity';
import { HoldSource, MaintenanceHold } from '../modules/rental/inventory/maintenance-hold.entity';
import { SERVICE_HORIZON_DAYS } from '../modules/rental/inventory/servicing.service';
import { RentalReturn, ReturnCondition } from '../modules/rental/orders/rental-return.entity';
import { at, dayOf, DemoContext, place } from './demo-context';
import { unitEvent } from './desk-records';
import { DAYS_AHEAD, ledgerOf } from './ledger';
import { SERVICE_EVERY } from './units';

/** Each unit's last service is no older than this (days): the daily job would have held it for its day interval. */
const RECENT = SERVICE_EVERY.days - SERVICE_HORIZON_DAYS - 1;

/**
 * Service counters of the big machines (docs/rental.md, "Inspections and service"), from their history: each unit
 * was serviced in the yard the day after its earliest check-in of the last RECENT days that leaves it under the hour
 * interval since (or on day -RECENT without one), so no interval is due and the daily job holds nothing. One idle
 * unit is in for its day-interval service: the job's open `service` hold from its due day, and the unit in
 * maintenance.
 */
export function seedServiceCounters(ctx: DemoContext, returns: readonly RentalReturn[]): void {
  const back = new Map<InventoryUnit, RentalReturn[]>();
  for (const r of [...returns].sort((a, b) => a.returnedOn.localeCompare(b.returnedOn)))
    if (r.unit) back.set(r.unit.getEntity(), [...(back.get(r.unit.getEntity()) ?? []), r]);
  let inService = false;
  for (const [item, units] of ctx.data.units)
    for (const unit of units) {
      const history = back.get(unit) ?? [];
      if (!inService && dueByDays(ctx, item, unit, history)) {
        inService = true;
        continue;
      }
      const since = (meter: string | null) => new Decimal(unit.meterReading ?? 0).minus(meter ?? 0);
      const after = history.find(
        (r) => r.returnedOn >= dayOf(ctx, -RECENT - 1) && since(r.meterIn).lt(SERVICE_EVERY.hours),
      );
      serviced(ctx, unit, history, after ? addDays(after.returnedOn, 1) : dayOf(ctx, -RECENT), after?.meterIn);
    }
  if (!inService) throw new Error('demo: no unit to take in for its service');
}

/** Counters from a service on `day` at `meter` (default: the current reading), with its line of history. */
function serviced(ctx: DemoContext, unit: InventoryUnit, history: RentalReturn[], day: string, meter?: string | null) {
  Object.assign(unit, {
    lastServiceOn: day,
    lastServiceMeter: meter ?? unit.meterReading,
    rentalsSinceService: history.filter((r) => r.returnedOn >= day).length,
  });
  unitEvent(
    ctx,
    unit,
    'serviced',
    at(ctx, day, 7),
    null,
    `Service: every ${SERVICE_EVERY.hours} hours or ${SERVICE_EVERY.days} days`,
  );
}

/**
 * The unit in for its day-interval service, if this one can be: idle in the yard since its last check-in (clean),
 * serviced the day after a check-in 90 days before a due day between then and today, under the hour interval since,
 * and its item able to spare it from the due day on. Then the job's hold (made HORIZON days ahead) and the unit in
 * maintenance from that day.
 */
function dueByDays(ctx: DemoContext, item: InventoryItem, unit: InventoryUnit, history: RentalReturn[]): boolean {
  const last = history.at(-1);
  if (unit.status !== UnitStatus.available || !last || last.condition !== ReturnCondition.good) return false;
  const ledger = ledgerOf(ctx);
  const far = dayOf(ctx, DAYS_AHEAD + 30);
  const before = history.find((r) => {
    const due = addDays(r.returnedOn, 1 + SERVICE_EVERY.days);
    return (
      due > last.returnedOn &&
      due <= ctx.today &&
      new Decimal(last.meterIn ?? 0).minus(r.meterIn ?? 0).lt(SERVICE_EVERY.hours) &&
      ledger.free(item, due, far) > 0
    );
  });
  if (!before) return false;
  const due = addDays(before.returnedOn, 1 + SERVICE_EVERY.days);
  serviced(ctx, unit, history, addDays(before.returnedOn, 1), before.meterIn);
  const hold = new MaintenanceHold(ctx.org, item, { quantity: 1, startDate: due });
  Object.assign(hold, {
    source: HoldSource.service,
    unit: ref(unit),
    reason: `Service due: every ${SERVICE_EVERY.days} days`,
  });
  place(ctx, hold, 'hold', `service:${unit.assetTag}`, at(ctx, addDays(due, -SERVICE_HORIZON_DAYS), 6));
  ledger.take(item, due, far, 1);
  Object.assign(unit, {
    status: UnitStatus.in_maintenance,
    outOfServiceFrom: due,
    notes: 'In the shop: 90-day service',
  });
  unitEvent(ctx, unit, 'status_changed', at(ctx, due, 8), null, `In for its service: ${hold.reason}`);
  return true;
}
