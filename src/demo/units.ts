import { InventoryTracking } from '../modules/rental/inventory/inventory-item.entity';
import { InventoryUnit, MeterKind } from '../modules/rental/inventory/inventory-unit.entity';
import { InventoryUnitEvent } from '../modules/rental/inventory/inventory-unit-event.entity';
import { present } from '../lib/present';
import { DemoContext, place } from './demo-context';

/** The big machines, tracked by unit (make, model, first model year, hour meter); the small ones stay in bulk. */
const MACHINES: Record<string, [make: string, model: string, year: number]> = {
  'EX-17': ['Kubota', 'U17', 2019],
  'EX-35': ['Kubota', 'KX040-4', 2020],
  'EX-80': ['Caterpillar', '308 CR', 2021],
  'BL-45': ['Genie', 'Z-45 XC', 2018],
  'BL-60': ['JLG', '600S', 2019],
  'BL-80': ['JLG', '800S', 2022],
  'TH-55': ['JCB', '505-20', 2020],
  'TH-10K': ['SkyTrak', '10054', 2021],
};

/** Their service intervals (docs/rental.md, "Inspections and service"); desk-service.ts sets the units' counters. */
export const SERVICE_EVERY = { hours: '250', days: 90 };

/** Asset tag of the n-th unit (from 1) of an item: `EX35-02`. */
export const assetTagOf = (itemNumber: string, n: number) =>
  `${itemNumber.replace(/-/g, '')}-${String(n).padStart(2, '0')}`;

/**
 * Units (docs/rental.md, "Units"): each big machine on record with its serial number, make, model, year and hour
 * meter, and a `created` line of history on the day its item joined the catalog. The rental desk part moves them.
 */
export function seedUnits(ctx: DemoContext): void {
  for (const [itemNumber, [make, model, firstYear]] of Object.entries(MACHINES)) {
    const item = present(
      ctx.data.items.find((i) => i.itemNumber === itemNumber),
      `demo item ${itemNumber}`,
    );
    Object.assign(item, {
      tracking: InventoryTracking.unit,
      serviceEveryHours: SERVICE_EVERY.hours,
      serviceEveryDays: SERVICE_EVERY.days,
    });
    const units = Array.from({ length: item.quantityOwned }, (_, k) => {
      const unit = new InventoryUnit(ctx.org, item, assetTagOf(itemNumber, k + 1));
      Object.assign(unit, {
        serialNumber: `${make.slice(0, 3).toUpperCase()}${firstYear + k}${String(ctx.rng.int(10_000, 99_999))}`,
        make,
        model,
        year: firstYear + k,
        meterKind: MeterKind.hours,
        meterReading: String(ctx.rng.int(300, 2_400)),
      });
      place(ctx, unit, 'unit', unit.assetTag, item.createdAt);
      const created = new InventoryUnitEvent(unit, 'created', item.createdAt);
      place(ctx, created, 'unit-event', `${unit.assetTag}:created`, item.createdAt);
      return unit;
    });
    ctx.data.units.set(item, units);
  }
}
