import type { EntityManager } from '@mikro-orm/postgresql';
import Decimal from 'decimal.js';
import { AppError, ErrorCode } from '../../../lib/errors';
import type { InventoryItem } from './inventory-item.entity';
import { InventoryUnit, UnitStatus } from './inventory-unit.entity';
import { HoldSource, MaintenanceHold } from './maintenance-hold.entity';
import { setUnitStatus } from './unit.service';

/**
 * Maintenance holds that name a unit (docs/rental.md, "Inspections and service"): damage found at check-in and
 * service intervals come due. A unit has at most one open (no end date) hold; while it is open, the hold is what
 * takes the unit out of the pool (the unit's own status is not counted a second time, availability-sources.ts).
 */
export function openHoldOf(tx: EntityManager, unit: InventoryUnit): Promise<MaintenanceHold | null> {
  return tx.findOne(MaintenanceHold, { unit: unit.id, endDate: null }, { orderBy: { startDate: 'asc' } });
}

/** An open-ended hold of the unit from `startDate` on (or the open one it already has), the unit in maintenance. */
export async function holdUnit(
  tx: EntityManager,
  unit: InventoryUnit,
  hold: { source: HoldSource; startDate: string; reason: string },
): Promise<MaintenanceHold> {
  setUnitStatus(unit, UnitStatus.in_maintenance, hold.startDate);
  const open = await openHoldOf(tx, unit);
  if (open) {
    open.reason = `${open.reason ?? ''}; ${hold.reason}`.replace(/^; /, '').slice(0, 500);
    return open;
  }
  const row = new MaintenanceHold(unit.organization as never, unit.item, {
    quantity: 1,
    startDate: hold.startDate,
  });
  Object.assign(row, {
    source: hold.source,
    reason: hold.reason.slice(0, 500),
    unit: tx.getReference(InventoryUnit, unit.id, { wrapped: true }),
  });
  tx.persist(row);
  return row;
}

/** Why a unit is due for service after its latest meter reading and rentals (hour and rental intervals), or null. */
export function serviceDue(item: InventoryItem, unit: InventoryUnit): string | null {
  if (item.serviceEveryHours && unit.meterReading !== null) {
    const since = new Decimal(unit.meterReading).minus(unit.lastServiceMeter ?? 0);
    if (since.gte(item.serviceEveryHours))
      return `Service due: ${since.toFixed(1)} meter hours since the last service (every ${item.serviceEveryHours})`;
  }
  if (item.serviceEveryRentals && unit.rentalsSinceService >= item.serviceEveryRentals)
    return `Service due: ${unit.rentalsSinceService} rentals since the last service (every ${item.serviceEveryRentals})`;
  return null;
}

/**
 * 409 for a unit with an open hold that starts by `lastDay` (due for service or damaged before the rental ends):
 * it must not go out. Nothing is written.
 */
export async function assertInService(tx: EntityManager, units: InventoryUnit[], lastDay: string): Promise<void> {
  if (!units.length) return;
  const holds = await tx.find(MaintenanceHold, {
    unit: { $in: units.map((u) => u.id) },
    endDate: null,
    startDate: { $lte: lastDay },
  });
  if (!holds.length) return;
  const named = holds.map((h) => {
    const tag = units.find((u) => u.id === h.unitId)?.assetTag ?? h.unitId;
    const why = h.source === HoldSource.service ? 'due for service' : 'in maintenance';
    return { tag, message: `${tag} is ${why} from ${h.startDate}; it cannot go out` };
  });
  throw new AppError(
    ErrorCode.CONFLICT,
    named.map((n) => n.message).join('; '),
    named.map((n) => ({ field: 'assetTag', message: n.message })),
  );
}
