import { ref } from '@mikro-orm/core';
import {
  CheckResult,
  ChecklistPhase,
  InspectionChecklist,
} from '../modules/rental/inventory/inspection-checklist.entity';
import type { InventoryItem } from '../modules/rental/inventory/inventory-item.entity';
import type { RentalOrderLine } from '../modules/rental/orders/rental-order-line.entity';
import { at, dayOf, DemoContext, place } from './demo-context';

type Lists = Record<ChecklistPhase, [name: string, items: string[]]>;

/**
 * The pre- and post-hire checklists of the big machines' categories (docs/rental.md, "Inspections"), in place
 * since the yard opened: every check-out and check-in of those categories carries their results.
 */
export const CHECKLISTS: Record<string, Lists> = {
  Earthmoving: {
    check_out: [
      'Earthmoving pre-hire',
      [
        'Fluid levels',
        'Hoses and fittings: no leaks',
        'Tracks, tyres and undercarriage',
        'Bucket, teeth and coupler',
        'Lights, horn and travel alarm',
        'Seat belt and decals',
      ],
    ],
    check_in: [
      'Earthmoving post-hire',
      [
        'Hoses and fittings: no leaks',
        'Tracks, tyres and undercarriage',
        'Bucket, teeth and coupler',
        'Body and glass',
        'Clean',
      ],
    ],
  },
  'Aerial lifts': {
    check_out: [
      'Aerial lift pre-hire',
      [
        'Platform controls and emergency stop',
        'Ground controls and emergency lowering',
        'Hydraulics: no leaks',
        'Guardrails, gate and anchor points',
        'Tyres and wheels',
        'Battery or fuel',
        'Manual and decals',
      ],
    ],
    check_in: [
      'Aerial lift post-hire',
      ['Hydraulics: no leaks', 'Platform and guardrails', 'Controls', 'Tyres and wheels', 'Body', 'Clean'],
    ],
  },
  'Material handling': {
    check_out: [
      'Material handling pre-hire',
      [
        'Forks and carriage',
        'Boom or mast, chains and wear pads',
        'Hydraulics: no leaks',
        'Tyres',
        'Load chart',
        'Lights, horn and reverse alarm',
      ],
    ],
    check_in: [
      'Material handling post-hire',
      ['Forks and carriage', 'Hydraulics: no leaks', 'Tyres', 'Body and cab', 'Clean'],
    ],
  },
};

/** A failed check item: `damage` when the failure is damage (check-in). */
export interface FailedCheck {
  check: string;
  note: string;
  damage: boolean;
}

/** A dirty return fails the post-hire `Clean` (not damage: the unit is washed and back the next day). */
export const DIRTY: FailedCheck = { check: 'Clean', note: 'Washed and inspected the next day', damage: false };

/** The checklists, made by the admin when the yard opened. */
export function seedChecklists(ctx: DemoContext): void {
  const when = at(ctx, dayOf(ctx, -400), 10);
  for (const [category, lists] of Object.entries(CHECKLISTS))
    for (const phase of Object.values(ChecklistPhase)) {
      const [name, items] = lists[phase];
      const list = new InspectionChecklist();
      Object.assign(list, { organization: ref(ctx.org), category, phase, name, items });
      place(ctx, list, 'checklist', `${category}:${phase}`, when);
    }
}

/**
 * The results the desk reports for one unit or quantity of the line at the phase, in the checklist's order: every
 * item passed but `failed`. None when the item's category has no checklist.
 */
export function checksOf(line: RentalOrderLine, phase: ChecklistPhase, failed?: FailedCheck): CheckResult[] {
  const lists = CHECKLISTS[(line.item.getEntity() as InventoryItem).category ?? ''];
  if (!lists) return [];
  const [name, items] = lists[phase];
  if (failed && !items.includes(failed.check)) throw new Error(`demo: ${failed.check} is not on ${name}`);
  return items.map((item) =>
    item === failed?.check
      ? { item, passed: false, note: failed.note, damage: failed.damage }
      : { item, passed: true, note: null, damage: false },
  );
}
