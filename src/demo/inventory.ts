import { InventoryItem, InventoryStatus } from '../modules/rental/inventory/inventory-item.entity';
import { HoldSource, MaintenanceHold } from '../modules/rental/inventory/maintenance-hold.entity';
import { RentalSettings } from '../modules/rental/orders/rental-settings.entity';
import { CHARGES_SETTINGS } from './deposits';
import { at, dayOf, DemoContext, place } from './demo-context';
import { present } from '../lib/present';

type Row = [
  itemNumber: string,
  name: string,
  daily: number,
  weekly: number | null,
  monthly: number | null,
  owned: number,
  specs: Record<string, string>,
];

/** The catalog: 40 rentable kinds of equipment in nine categories, priced like a mid-size yard. */
const CATALOG: Record<string, Row[]> = {
  Earthmoving: [
    ['EX-17', 'Mini excavator 1.7 t', 295, 1050, 2600, 3, { weight: '1.7 t', digDepth: '2.3 m' }],
    ['EX-35', 'Compact excavator 3.5 t', 395, 1400, 3500, 2, { weight: '3.5 t', digDepth: '3.1 m' }],
    ['EX-80', 'Excavator 8 t', 650, 2300, 5900, 1, { weight: '8 t', digDepth: '4.6 m' }],
    ['SS-70', 'Skid steer loader 70 hp', 325, 1150, 2900, 3, { ratedCapacity: '1,900 lb' }],
    ['TL-75', 'Compact track loader 75 hp', 375, 1300, 3300, 2, { ratedCapacity: '2,400 lb' }],
    ['BH-14', 'Backhoe loader 14 ft', 450, 1600, 4000, 1, { digDepth: '14 ft' }],
    ['TD-10', 'Tracked dumper 1 t', 175, 600, 1500, 2, { payload: '1 t' }],
  ],
  'Aerial lifts': [
    ['SL-19', 'Scissor lift 19 ft electric', 95, 300, 650, 8, { platformHeight: '19 ft', power: 'electric' }],
    ['SL-32', 'Scissor lift 32 ft electric', 150, 450, 1000, 4, { platformHeight: '32 ft', power: 'electric' }],
    ['SL-40RT', 'Rough-terrain scissor lift 40 ft', 260, 800, 1900, 2, { platformHeight: '40 ft', power: 'diesel' }],
    ['BL-45', 'Articulating boom lift 45 ft', 320, 1000, 2400, 2, { platformHeight: '45 ft' }],
    ['BL-60', 'Telescopic boom lift 60 ft', 420, 1300, 3200, 2, { platformHeight: '60 ft' }],
    ['BL-80', 'Telescopic boom lift 80 ft', 650, 2000, 4800, 1, { platformHeight: '80 ft' }],
    ['ML-25', 'Manual push-around lift 25 ft', 70, 210, 500, 3, { platformHeight: '25 ft' }],
  ],
  'Material handling': [
    ['TH-55', 'Telehandler 5,500 lb', 400, 1250, 3000, 2, { capacity: '5,500 lb', reach: '19 ft' }],
    ['TH-10K', 'Telehandler 10,000 lb', 550, 1700, 4200, 1, { capacity: '10,000 lb', reach: '55 ft' }],
    ['FL-5', 'Warehouse forklift 5,000 lb', 210, 650, 1600, 2, { capacity: '5,000 lb' }],
    ['PJ-55', 'Pallet jack 5,500 lb', 25, 75, null, 6, { capacity: '5,500 lb' }],
  ],
  Power: [
    ['GN-6', 'Portable generator 6 kW', 75, 225, 560, 6, { output: '6 kW', fuel: 'gasoline' }],
    ['GN-20', 'Towable generator 20 kW', 165, 500, 1250, 3, { output: '20 kW', fuel: 'diesel' }],
    ['GN-60', 'Towable generator 60 kW', 295, 900, 2200, 2, { output: '60 kW', fuel: 'diesel' }],
    ['GN-150', 'Towable generator 150 kW', 575, 1750, 4300, 1, { output: '150 kW', fuel: 'diesel' }],
    ['LT-4', 'Light tower 4 x 1000 W', 110, 330, 800, 5, { lamps: '4 x 1000 W metal halide' }],
  ],
  Compaction: [
    ['PC-18', 'Plate compactor 18 in', 75, 230, 550, 5, { plateWidth: '18 in' }],
    ['RM-11', 'Jumping jack rammer', 85, 260, 620, 4, { shoe: '11 in' }],
    ['RL-48', 'Double-drum roller 48 in', 340, 1050, 2500, 1, { drumWidth: '48 in' }],
  ],
  Concrete: [
    ['CM-9', 'Concrete mixer 9 cu ft', 85, 260, 620, 3, { drum: '9 cu ft' }],
    ['PT-36', 'Power trowel 36 in', 95, 290, 700, 2, { diameter: '36 in' }],
    ['CS-14', 'Concrete saw 14 in', 80, 240, 580, 4, { blade: '14 in' }],
    ['CD-14', 'Core drill 14 in', 120, 360, 860, 2, { maxBit: '14 in' }],
  ],
  'Air and tools': [
    ['AC-185', 'Towable air compressor 185 cfm', 150, 450, 1100, 3, { airflow: '185 cfm' }],
    ['JH-90', 'Breaker hammer 90 lb', 70, 210, 500, 4, { weight: '90 lb' }],
    ['PW-4', 'Pressure washer 4,000 psi', 90, 270, 650, 3, { pressure: '4,000 psi' }],
  ],
  Climate: [
    ['HT-400', 'Indirect-fired heater 400k BTU', 190, 570, 1400, 3, { output: '400,000 BTU' }],
    ['DH-200', 'Dehumidifier 200 pint', 85, 255, 610, 4, { capacity: '200 pints/day' }],
    ['FN-36', 'Drum fan 36 in', 35, 105, 250, 8, { diameter: '36 in' }],
  ],
  'Site services': [
    ['FN-612', 'Temporary fence, 10 panels 6 x 12 ft', 60, 180, 300, 10, { panels: '10' }],
    ['TP-3', 'Trash pump 3 in', 75, 225, 540, 3, { outlet: '3 in' }],
    ['OT-820', 'Mobile office trailer 8 x 20 ft', 95, 350, 900, 2, { size: '8 x 20 ft' }],
    ['BR-10', 'Water-filled barrier set, 10 sections', 45, 135, 320, 4, { sectionLength: '6 ft' }],
  ],
};

/** Currency and sales tax of the demo business (Austin, TX), and its late-charge policy (the defaults: every late day at the daily rate). */
export const RENTAL_SETTINGS = {
  currency: 'USD',
  taxRate: '8.250',
  lateChargesEnabled: true,
  lateGraceDays: 0,
  lateRatePerDay: null as string | null,
};

/** Maintenance holds, in days from the reference day (end null: until further notice). The order part books around them. */
export const HOLDS: readonly {
  itemNumber: string;
  quantity: number;
  start: number;
  end: number | null;
  reason: string;
  source: HoldSource;
}[] = [
  {
    itemNumber: 'PC-18',
    quantity: 1,
    start: -4,
    end: null,
    reason: 'Returned damaged: cracked base plate, waiting for a welder',
    source: HoldSource.damage, // the check-in's hold (the desk's compactor-cracked story), from the day after
  },
  {
    itemNumber: 'EX-35',
    quantity: 1,
    start: 10,
    end: 12,
    reason: 'Annual inspection and track tension',
    source: HoldSource.manual,
  },
];

const money = (n: number | null) => (n === null ? null : n.toFixed(2));

/** Rental: tax and currency settings, the catalog (one retired item), and two maintenance holds (a damaged compactor, an inspection ahead). */
export function seedInventory(ctx: DemoContext): void {
  const settings = place(ctx, new RentalSettings(ctx.org), 'rental-settings', 0, at(ctx, dayOf(ctx, -400)));
  Object.assign(settings, RENTAL_SETTINGS, CHARGES_SETTINGS);

  let n = 0;
  for (const [category, rows] of Object.entries(CATALOG)) {
    for (const [itemNumber, name, daily, weekly, monthly, owned, specs] of rows) {
      const item = new InventoryItem(ctx.org, {
        name,
        itemNumber,
        dailyRate: present(money(daily), `daily rate of ${itemNumber}`),
        quantityOwned: owned,
      });
      Object.assign(item, { category, weeklyRate: money(weekly), monthlyRate: money(monthly), specifications: specs });
      ctx.data.items.push(place(ctx, item, 'item', n++, at(ctx, dayOf(ctx, -400 + n))));
    }
  }
  const retired = new InventoryItem(ctx.org, {
    name: 'Scissor lift 19 ft (2009 model)',
    itemNumber: 'SL-19-2009',
    dailyRate: '80.00',
    quantityOwned: 2,
  });
  Object.assign(retired, {
    category: 'Aerial lifts',
    status: InventoryStatus.retired,
    retiredAt: at(ctx, dayOf(ctx, -120)),
    specifications: { note: 'replaced by SL-19' },
  });
  place(ctx, retired, 'item', 'retired', at(ctx, dayOf(ctx, -400)));

  HOLDS.forEach((h, n) => {
    const item = present(
      ctx.data.items.find((i) => i.itemNumber === h.itemNumber),
      `demo item ${h.itemNumber}`,
    );
    const hold = new MaintenanceHold(ctx.org, item, { quantity: h.quantity, startDate: dayOf(ctx, h.start) });
    Object.assign(hold, { endDate: h.end === null ? null : dayOf(ctx, h.end), reason: h.reason, source: h.source });
    place(ctx, hold, 'hold', n, at(ctx, dayOf(ctx, Math.min(h.start, 0) - 1)));
  });
}
