import { ref } from '@mikro-orm/core';
import { addDays } from '../lib/calendar-days';
import { formatMoney } from '../lib/money';
import { present } from '../lib/present';
import type { InventoryItem } from '../modules/rental/inventory/inventory-item.entity';
import type { InventoryUnit } from '../modules/rental/inventory/inventory-unit.entity';
import { HoldSource, MaintenanceHold } from '../modules/rental/inventory/maintenance-hold.entity';
import { ChargeKind, ChargeStatus, OrderCharge } from '../modules/rental/orders/order-charge.entity';
import { RentalReturn, ReturnCondition } from '../modules/rental/orders/rental-return.entity';
import { damageChargeDescription } from '../modules/rental/orders/return-outcome';
import { at, dayOf, DemoContext, place } from './demo-context';
import { seedServiceCounters } from './desk-service';
import { seedChecklists } from './inspections';
import { ledgerOf } from './ledger';

/**
 * An older return that came back damaged, repaired in `repairDays` (a closed damage hold) and its damage charge
 * approved the next day: the latest check-in of one `itemNumber` between days `from` and `to` that the yard can
 * spare for the repair.
 */
const OLDER_DAMAGE = {
  itemNumber: 'CS-14',
  from: -120,
  to: -30,
  notes: 'Blade guard bent and the water kit hose split.',
  charge: '145.00',
  repairDays: 2,
};

/**
 * The rental desk's inspections (docs/rental.md, "Inspections and service"): the checklists the check-outs and
 * check-ins carry results of (desk.ts), a draft damage charge on each damaged return's order (priced when its story
 * says so, else 0.00 to be priced), an approved one on an older return, and the big machines' service counters.
 */
export function seedInspectionsAndDamageCharges(ctx: DemoContext, returns: readonly RentalReturn[]): void {
  seedChecklists(ctx);
  for (const r of returns.filter((x) => x.condition === ReturnCondition.damaged)) {
    const story = ctx.data.stories.get(r.order.getEntity());
    damageCharge(ctx, r, story?.damage?.charge ?? '0.00');
  }
  olderDamage(ctx, returns);
  seedServiceCounters(ctx, returns);
}

/** The hold a damaged check-in puts on the unit (or the quantity) from the day after it came back. */
export function damageHold(
  ctx: DemoContext,
  r: RentalReturn,
  unit: InventoryUnit | null,
  endDate: string | null,
): MaintenanceHold {
  const line = r.line.getEntity();
  const failed = r.checklist.filter((c) => c.damage).map((c) => c.item);
  const hold = new MaintenanceHold(ctx.org, line.item.getEntity(), {
    quantity: r.quantity,
    startDate: addDays(r.returnedOn, 1),
  });
  Object.assign(hold, {
    endDate,
    source: HoldSource.damage,
    unit: unit && ref(unit),
    reason: `Damage at check-in: ${[r.damageNotes, ...failed].filter(Boolean).join('; ')}`.slice(0, 500),
  });
  return place(ctx, hold, 'hold', `damage:${r.id}`, r.checkedInAt);
}

function damageCharge(ctx: DemoContext, r: RentalReturn, amount: string, status = ChargeStatus.draft): OrderCharge {
  const line = r.line.getEntity();
  const what = r.assetTag ?? `${r.quantity} x ${line.itemNumber}`;
  const charge = new OrderCharge(r.order.getEntity(), {
    kind: ChargeKind.damage,
    description: damageChargeDescription(what, line.itemName, r.damageNotes).slice(0, 500),
    amount: formatMoney(amount),
  });
  Object.assign(charge, { status, quantity: r.quantity, unit: r.unit });
  ctx.data.charges.push(charge);
  return place(ctx, charge, 'charge', `damage:${r.id}`, r.checkedInAt);
}

function olderDamage(ctx: DemoContext, returns: readonly RentalReturn[]): void {
  const ledger = ledgerOf(ctx);
  const { itemNumber, from, to, notes, charge, repairDays } = OLDER_DAMAGE;
  const repaired = (r: RentalReturn) => addDays(r.returnedOn, repairDays);
  const item = ledger.item(itemNumber);
  const r = present(
    returns
      .filter(
        (x) =>
          x.line.getEntity().item.getEntity() === item &&
          !x.unit &&
          x.quantity === 1 &&
          x.condition === ReturnCondition.good &&
          x.returnedOn >= dayOf(ctx, from) &&
          x.returnedOn <= dayOf(ctx, to),
      )
      .sort((a, b) => b.returnedOn.localeCompare(a.returnedOn))
      .find((x) => ledger.free(item as InventoryItem, addDays(x.returnedOn, 1), repaired(x)) > 0),
    `an older return of ${itemNumber} to damage`,
  );
  Object.assign(r, {
    condition: ReturnCondition.damaged,
    damageNotes: notes,
    photoUrls: [`https://photos.demo-rentals.example/${r.order.id}/${r.line.getEntity().position}-1.jpg`],
    checklistPassed: false,
  });
  const hold = damageHold(ctx, r, null, repaired(r));
  ledger.take(item, hold.startDate, repaired(r), r.quantity);
  const approved = damageCharge(ctx, r, charge, ChargeStatus.approved);
  approved.updatedAt = at(ctx, addDays(r.returnedOn, 1), 11);
}
