import Decimal from 'decimal.js';
import { ref } from '@mikro-orm/core';
import { addDays, daysInclusive } from '../lib/calendar-days';
import { present } from '../lib/present';
import { ChecklistPhase } from '../modules/rental/inventory/inspection-checklist.entity';
import { InventoryUnit, UnitStatus } from '../modules/rental/inventory/inventory-unit.entity';
import { fulfillmentOf } from '../modules/rental/orders/desk-support';
import { RentalCheckout } from '../modules/rental/orders/rental-checkout.entity';
import { RentalFulfillment, RentalOrder, RentalOrderStatus } from '../modules/rental/orders/rental-order.entity';
import type { RentalOrderLine } from '../modules/rental/orders/rental-order-line.entity';
import { RentalReturn, ReturnCondition, ReturnKind } from '../modules/rental/orders/rental-return.entity';
import { at, dayOf, DemoContext, place } from './demo-context';
import type { DeskStory } from './desk-stories';
import { move, reprice, unitEvent } from './desk-records';
import { damageHold, seedInspectionsAndDamageCharges } from './desk-damage';
import { seedLateCharges } from './desk-late';
import { checksOf, DIRTY } from './inspections';
import { UnitPool } from './unit-pool';

/** What went out on a line: its units (items tracked by unit) or its bulk quantity. */
type Out = { line: RentalOrderLine; units: InventoryUnit[] };

/**
 * The rental desk (docs/rental.md, "On the floor"), as its services would have written it: every order picked up
 * before the reference day was checked out (units scanned, hour meters read), every completed one checked in on its
 * return date (some machines dirty, inspected the next day); the desk stories add damage, overdue rentals and a
 * partial return; the damaged boom lift is in the shop. Orders picked up today or later stay reserved.
 */
export function seedDesk(ctx: DemoContext): void {
  const { data } = ctx;
  const pool = new UnitPool(data.units);
  const returns: RentalReturn[] = [];
  const overdue: RentalOrder[] = [];
  const picked = data.orders
    .filter((o) => o.status !== RentalOrderStatus.cancelled && o.pickupDate < ctx.today)
    .sort((a, b) => a.pickupDate.localeCompare(b.pickupDate) || a.createdAt.getTime() - b.createdAt.getTime());
  for (const order of picked) {
    const story = data.stories.get(order);
    const lines = present(data.orderLines.get(order), 'order lines');
    const stays = story?.fate === 'overdue' || !!story?.shop; // not back in the pool
    const outs = lines.map((line) => ({
      line,
      units: data.units.has(line.item.getEntity())
        ? pool.take(line.item.getEntity(), line.quantity, order.pickupDate, stays ? null : order.returnDate)
        : [],
    }));
    checkOut(ctx, order, outs);
    if (order.status === RentalOrderStatus.completed)
      returns.push(...checkIn(ctx, order, outs, order.returnDate, story));
    else if (story?.returned) {
      const [first] = outs;
      returns.push(...checkIn(ctx, order, [first], dayOf(ctx, story.returned.day), story, story.returned.quantity));
      reprice(order, lines, returns);
    }
    if (story?.shop) toTheShop(ctx, returns, order, story.shop);
    if (order.returnDate < ctx.today && order.status === RentalOrderStatus.pending) overdue.push(order);
    order.fulfillment = fulfillmentOf(lines);
  }
  for (const order of data.orders)
    if (order.status === RentalOrderStatus.cancelled) order.fulfillment = RentalFulfillment.cancelled;
  seedInspectionsAndDamageCharges(ctx, returns);
  seedLateCharges(ctx, overdue);
}

/**
 * The unit that came back damaged goes into the shop: in_maintenance under an open damage hold from the day after
 * (`shop.from`), out of the pool.
 */
function toTheShop(
  ctx: DemoContext,
  returns: RentalReturn[],
  order: RentalOrder,
  shop: { from: number; note: string },
): void {
  for (const r of returns.filter((x) => x.order.id === order.id && x.condition === ReturnCondition.damaged && x.unit)) {
    const unit = present(r.unit, 'damaged unit').getEntity();
    Object.assign(unit, {
      status: UnitStatus.in_maintenance,
      outOfServiceFrom: dayOf(ctx, shop.from),
      notes: shop.note,
    });
    damageHold(ctx, r, unit, null);
    unitEvent(ctx, unit, 'status_changed', at(ctx, dayOf(ctx, shop.from), 10), null, shop.note);
  }
}

function checkOut(ctx: DemoContext, order: RentalOrder, outs: Out[]): void {
  const desk = ctx.data.team[1];
  const when = at(ctx, order.pickupDate, 8);
  const releasedTo = order.customer.getEntity().contact.getEntity().name;
  for (const { line, units } of outs) {
    const rows = units.length
      ? units.map((u) => ({ unit: u, quantity: 1 }))
      : [{ unit: null, quantity: line.quantity }];
    rows.forEach(({ unit, quantity }, k) => {
      const c = new RentalCheckout(line, { quantity, checklistPassed: true, releasedTo, checkedOutAt: when });
      Object.assign(c, {
        unit: unit && ref(unit),
        assetTag: unit?.assetTag ?? null,
        meterOut: unit?.meterReading ?? null,
        releasedBy: ref(desk),
        checklist: checksOf(line, ChecklistPhase.check_out),
      });
      place(ctx, c, 'checkout', `${line.id}:${k}`, when);
      if (unit) {
        unit.status = UnitStatus.on_rent;
        unitEvent(ctx, unit, 'checked_out', when, order);
      }
    });
    line.quantityOut = line.quantity;
  }
  move(
    ctx,
    order,
    'checked_out',
    when,
    `Checked out: ${outs.map((o) => `${o.line.quantity} x ${o.line.itemNumber}`).join(', ')}`,
  );
}

function checkIn(
  ctx: DemoContext,
  order: RentalOrder,
  outs: Out[],
  day: string,
  story?: DeskStory,
  part?: number,
): RentalReturn[] {
  const { rng, data } = ctx;
  const when = at(ctx, day, 16);
  const made: RentalReturn[] = [];
  const back = (
    line: RentalOrderLine,
    quantity: number,
    condition: ReturnCondition,
    unit?: InventoryUnit,
    notes?: string,
  ) => {
    const r = new RentalReturn(line, {
      quantity,
      kind: ReturnKind.return,
      returnedOn: day,
      condition,
      checkedInAt: when,
    });
    const damaged = condition === ReturnCondition.damaged;
    const check = damaged ? story?.damage?.check : undefined;
    const failed = check
      ? { check, note: notes ?? '', damage: true }
      : condition === ReturnCondition.dirty
        ? DIRTY
        : undefined;
    const checklist = checksOf(line, ChecklistPhase.check_in, failed);
    if (unit)
      unit.meterReading = new Decimal(unit.meterReading ?? 0)
        .plus(daysInclusive(order.pickupDate, day) * rng.int(3, 7))
        .toFixed(1);
    Object.assign(r, {
      unit: unit && ref(unit),
      assetTag: unit?.assetTag ?? null,
      meterIn: unit?.meterReading ?? null,
      damageNotes: notes ?? null,
      photoUrls: damaged ? [`https://photos.demo-rentals.example/${order.id}/${line.position}-1.jpg`] : [],
      checklist,
      checklistPassed: checklist.length ? checklist.every((c) => c.passed) : !damaged,
      receivedBy: ref(data.team[1]),
    });
    made.push(place(ctx, r, 'return', `${line.id}:${made.length}`, when));
    line.quantityReturned += quantity;
    if (!unit) return;
    unit.status = condition === ReturnCondition.good ? UnitStatus.available : UnitStatus.awaiting_inspection;
    unitEvent(ctx, unit, 'checked_in', when, order, notes ?? null);
    if (condition === ReturnCondition.dirty) {
      unit.status = UnitStatus.available;
      unitEvent(ctx, unit, 'status_changed', at(ctx, addDays(day, 1), 7), null, 'Washed and inspected');
    }
  };
  for (const { line, units } of outs) {
    const damage = story?.damage?.itemNumber === line.itemNumber ? story.damage : undefined;
    if (units.length)
      units.forEach((u, k) => {
        if (k < (damage?.quantity ?? 0)) back(line, 1, ReturnCondition.damaged, u, damage?.notes);
        else back(line, 1, rng.chance(0.12) ? ReturnCondition.dirty : ReturnCondition.good, u);
      });
    else {
      const quantity = part ?? line.quantity;
      if (damage) back(line, damage.quantity, ReturnCondition.damaged, undefined, damage.notes);
      if (quantity > (damage?.quantity ?? 0)) back(line, quantity - (damage?.quantity ?? 0), ReturnCondition.good);
    }
  }
  const summary = made.map((r) => r.assetTag ?? `${r.quantity} x ${r.line.getEntity().itemNumber}`);
  move(ctx, order, 'returned', when, `Returned: ${summary.join(', ')}`, `Returned on ${day}`);
  return made;
}
