import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode, FieldError } from '../../../lib/errors';
import { clock } from '../../../lib/clock';
import { addDays, checkDay } from '../../../lib/calendar-days';
import { organizationToday } from '../../../db/organization-day';
import type { Principal } from '../../../http/principal';
import { User } from '../../accounts/users/user.entity';
import { InventoryItem, InventoryTracking } from '../inventory/inventory-item.entity';
import { InventoryUnit, UnitStatus } from '../inventory/inventory-unit.entity';
import { lockUnits, recordUnitEvent, setUnitStatus } from '../inventory/unit.service';
import { RentalFulfillment, RentalOrder, RentalOrderStatus } from './rental-order.entity';
import type { RentalOrderLine } from './rental-order-line.entity';
import { RentalCheckout } from './rental-checkout.entity';
import { RentalReturn, ReturnCondition, ReturnKind } from './rental-return.entity';
import type { CheckInInput, CheckInReturnInput, CheckOutInput, RentalOrderChange } from './rental-desk.types';
import { change, fulfillmentOf, lineById, linesOf, lockPendingOrder, MoveRecorder, reprice } from './desk-support';
import { addToLifetimeValue } from './lifetime-value';
import type { RentalSettingsService } from './rental-settings.service';
import { latePolicy, refreshLateCharges } from './order-charges';
import { ChecklistPhase, type CheckResult } from '../inventory/inspection-checklist.entity';
import { assertInService } from '../inventory/unit-holds';
import { checklistOf, checklistsFor, checkResults, failedChecks } from './inspection-results';
import { afterReturn } from './return-outcome';
import { addCheckInCharges } from './billing/check-in-charges';

const itemOf = (line: RentalOrderLine) => line.item.getEntity() as InventoryItem;
const tracked = (line: RentalOrderLine) => itemOf(line).tracking === InventoryTracking.unit;

/** 404 naming the field when an asset tag names no unit of the organization. */
export function unitByTag(units: InventoryUnit[], tag: string, field: string): InventoryUnit {
  const unit = units.find((u) => u.assetTag === tag);
  if (!unit)
    throw new AppError(ErrorCode.NOT_FOUND, `${field}: no unit with asset tag ${tag}`, [
      { field, message: 'not found' },
    ]);
  return unit;
}

/**
 * The units out now on each of the lines: checked out more times than they came back (a swap brings one back).
 * Two statements for all the lines at once (a check-in of many lines asks once, before it writes anything).
 */
async function unitsOut(tx: EntityManager, lineIds: string[]): Promise<Map<string, Set<string>>> {
  const [outs, backs] = await Promise.all([
    tx.find(RentalCheckout, { line: { $in: lineIds }, unit: { $ne: null } }),
    tx.find(RentalReturn, { line: { $in: lineIds }, unit: { $ne: null } }),
  ]);
  const count = new Map<string, { lineId: string; unitId: string; n: number }>();
  const add = (lineId: string, unitId: string | null, n: number) => {
    if (!unitId) return;
    const key = `${lineId} ${unitId}`;
    const c = count.get(key) ?? { lineId, unitId, n: 0 };
    c.n += n;
    count.set(key, c);
  };
  outs.forEach((c) => add(c.lineId, c.unitId, 1));
  backs.forEach((r) => add(r.lineId, r.unitId, -1));
  const out = new Map(lineIds.map((id) => [id, new Set<string>()]));
  for (const c of count.values()) if (c.n > 0) out.get(c.lineId)?.add(c.unitId);
  return out;
}

/** A unit handed out: on rent, its meter read, its history written. */
export function handOut(
  tx: EntityManager,
  principal: Principal,
  line: RentalOrderLine,
  unit: InventoryUnit | null,
  props: {
    quantity: number;
    meterOut?: string | null;
    checklistPassed: boolean;
    releasedTo: string;
    checklist?: CheckResult[];
  },
): RentalCheckout {
  const row = new RentalCheckout(line, {
    quantity: props.quantity,
    checklistPassed: props.checklistPassed,
    releasedTo: props.releasedTo,
    checkedOutAt: clock.now(),
  });
  row.releasedBy = tx.getReference(User, principal.userId, { wrapped: true });
  row.meterOut = props.meterOut ?? unit?.meterReading ?? null;
  row.checklist = props.checklist ?? [];
  if (unit) {
    row.unit = tx.getReference(InventoryUnit, unit.id, { wrapped: true });
    row.assetTag = unit.assetTag;
    if (props.meterOut) unit.meterReading = props.meterOut;
    setUnitStatus(unit, UnitStatus.on_rent, null);
    recordUnitEvent(tx, unit, 'checked_out', { userId: principal.userId, orderId: line.order.id });
  }
  tx.persist(row);
  return row;
}

/** A unit taken back: clean and checked it is available, otherwise awaiting inspection from the next day. */
export function takeBack(
  tx: EntityManager,
  principal: Principal,
  line: RentalOrderLine,
  unit: InventoryUnit | null,
  entry: Omit<CheckInReturnInput, 'lineId' | 'assetTag' | 'checklist'> & {
    quantity: number;
    kind: ReturnKind;
    returnedOn: string;
    checklist?: CheckResult[];
  },
): RentalReturn {
  const row = new RentalReturn(line, {
    quantity: entry.quantity,
    kind: entry.kind,
    returnedOn: entry.returnedOn,
    condition: entry.condition,
    checkedInAt: clock.now(),
  });
  Object.assign(row, {
    meterIn: entry.meterIn ?? null,
    damageNotes: entry.damageNotes ?? null,
    photoUrls: entry.photoUrls ?? [],
    checklistPassed: entry.checklistPassed ?? null,
    checklist: entry.checklist ?? [],
    receivedBy: tx.getReference(User, principal.userId, { wrapped: true }),
  });
  if (unit) {
    row.unit = tx.getReference(InventoryUnit, unit.id, { wrapped: true });
    row.assetTag = unit.assetTag;
    if (entry.meterIn) unit.meterReading = entry.meterIn;
    const clean = entry.condition === ReturnCondition.good && entry.checklistPassed !== false;
    setUnitStatus(unit, clean ? UnitStatus.available : UnitStatus.awaiting_inspection, addDays(entry.returnedOn, 1));
    recordUnitEvent(tx, unit, entry.kind === ReturnKind.swap ? 'swapped_out' : 'checked_in', {
      userId: principal.userId,
      orderId: line.order.id,
      note: entry.damageNotes,
    });
  }
  tx.persist(row);
  return row;
}

/**
 * The order's life on the floor (docs/rental.md, "On the floor"): check-out and check-in. Every move locks the
 * order row first, then the units it touches in id order, so two desks working on the same order or the same
 * units run one after the other and the second sees what the first wrote (a 409 when it no longer applies).
 */
export class RentalDeskService {
  constructor(
    private readonly moves: MoveRecorder,
    private readonly settings: RentalSettingsService,
  ) {}

  checkOut(em: EntityManager, principal: Principal, id: string, input: CheckOutInput): Promise<RentalOrder> {
    return em.transactional(async (tx) => {
      const order = await lockPendingOrder(tx, id, 'checked out');
      if (!input.checklistPassed)
        throw new AppError(ErrorCode.CONFLICT, 'The pre-hire checklist did not pass: nothing is checked out', [
          { field: 'checklistPassed', message: 'must be true to check out' },
        ]);
      const lines = await linesOf(tx, order);
      const chosen = input.lines.map((l, i) => {
        const line = lineById(lines, l.lineId, `lines.${i}.lineId`);
        if (input.lines.findIndex((o) => o.lineId === l.lineId) !== i)
          throw AppError.validation([{ field: `lines.${i}.lineId`, message: 'each line may appear once' }]);
        if (line.quantityOut > 0)
          throw AppError.conflict(`${line.itemNumber} (${line.itemName}) is already checked out`);
        this.checkUnitCount(line, l.units?.length, i);
        return { line, units: l.units ?? [] };
      });
      const tags = chosen.flatMap((c) => c.units.map((u) => u.assetTag.trim()));
      if (new Set(tags).size !== tags.length)
        throw AppError.validation([{ field: 'lines', message: 'an asset tag is scanned twice' }]);
      const units = tags.length ? await lockUnits(tx, { assetTag: { $in: tags } }) : [];
      const lists = await checklistsFor(tx, lines, ChecklistPhase.check_out);
      const failed: FieldError[] = [];
      chosen.forEach(({ line, units: scanned }, i) => {
        const list = checklistOf(lists, line);
        scanned.forEach((s, j) => {
          const unit = unitByTag(units, s.assetTag.trim(), `lines.${i}.units.${j}.assetTag`);
          this.assertFits(unit, line);
          const field = `lines.${i}.units.${j}.checklist`;
          const checklist = checkResults(list, s.checklist, field);
          failed.push(...failedChecks(checklist, unit.assetTag, field));
          handOut(tx, principal, line, unit, { quantity: 1, meterOut: s.meterOut, ...input, checklist });
        });
        if (!tracked(line)) {
          const checklist = checkResults(list, input.lines[i].checklist, `lines.${i}.checklist`);
          failed.push(...failedChecks(checklist, line.itemNumber, `lines.${i}.checklist`));
          handOut(tx, principal, line, null, { quantity: line.quantity, ...input, checklist });
        }
        line.quantityOut = line.quantity;
      });
      if (failed.length)
        throw new AppError(
          ErrorCode.CONFLICT,
          `The pre-hire checklist failed: ${failed.map((f) => f.message).join('; ')}; nothing is checked out`,
          failed,
        );
      await assertInService(tx, units, order.returnDate);
      order.fulfillment = fulfillmentOf(lines);
      this.moves.record(tx, principal, order, {
        kind: 'checked_out',
        event: 'order.checked_out',
        title: `Checked out: ${chosen.map((c) => `${c.line.quantity} x ${c.line.itemNumber}`).join(', ')}`,
        detail: tags.length
          ? `Units ${tags.join(', ')}; released to ${input.releasedTo}`
          : `Released to ${input.releasedTo}`,
        data: {
          lines: chosen.map((c) => ({
            lineId: c.line.id,
            quantity: c.line.quantity,
            assetTags: c.units.map((u) => u.assetTag.trim()),
          })),
        },
      });
      return order;
    });
  }

  async checkIn(em: EntityManager, principal: Principal, id: string, input: CheckInInput): Promise<RentalOrderChange> {
    const today = await organizationToday(em, principal.organizationId);
    const returnedOn = input.returnedOn ?? today;
    const errors: FieldError[] = [];
    if (checkDay(returnedOn, 'returnedOn', errors) && returnedOn > today)
      errors.push({ field: 'returnedOn', message: 'returnedOn must not be after today' });
    if (errors.length) throw AppError.validation(errors);
    return em.transactional(async (tx) => {
      const order = await lockPendingOrder(tx, id, 'checked in');
      const lines = await linesOf(tx, order);
      const tags = input.returns.flatMap((r) => (r.assetTag ? [r.assetTag.trim()] : []));
      const units = tags.length ? await lockUnits(tx, { assetTag: { $in: tags } }) : [];
      const trackedLines = lines.filter(tracked).map((l) => l.id);
      const out = tags.length ? await unitsOut(tx, trackedLines) : new Map<string, Set<string>>();
      const lists = await checklistsFor(tx, lines, ChecklistPhase.check_in);
      const summary: string[] = [];
      const notes: string[] = [];
      for (const [i, entry] of input.returns.entries()) {
        const line = lineById(lines, entry.lineId, `returns.${i}.lineId`);
        if (line.quantityOut === 0) throw AppError.conflict(`${line.itemNumber} (${line.itemName}) is not checked out`);
        const unit = await this.returningUnit(tx, line, entry, i, units, out);
        const quantity = unit ? 1 : (entry.quantity ?? 0);
        if (line.quantityReturned + quantity > line.quantityOut)
          throw new AppError(
            ErrorCode.CONFLICT,
            `${line.itemNumber}: only ${line.quantityOut - line.quantityReturned} still out`,
            [{ field: `returns.${i}.quantity`, message: `at most ${line.quantityOut - line.quantityReturned}` }],
          );
        const checklist = checkResults(checklistOf(lists, line), entry.checklist, `returns.${i}.checklist`);
        const checklistPassed = checklist.length ? checklist.every((r) => r.passed) : entry.checklistPassed;
        const row = takeBack(tx, principal, line, unit, {
          ...entry,
          checklist,
          checklistPassed,
          quantity,
          kind: ReturnKind.return,
          returnedOn,
        });
        const note = await afterReturn(tx, order, line, unit, row, entry.damageCharge);
        if (note) notes.push(note);
        const extra = addCheckInCharges(tx, order, line, unit, quantity, entry);
        if (extra) notes.push(extra);
        line.quantityReturned += quantity;
        summary.push(unit ? unit.assetTag : `${quantity} x ${line.itemNumber}`);
      }
      await tx.flush();
      order.fulfillment = fulfillmentOf(lines);
      const before = await reprice(tx, order, lines);
      await this.settleLateCharges(tx, principal, order, today);
      if (order.fulfillment === RentalFulfillment.returned) {
        order.status = RentalOrderStatus.completed;
        order.completedAt = clock.now();
        await addToLifetimeValue(tx, principal.organizationId, order.customer.id, order.total);
      }
      this.moves.record(tx, principal, order, {
        kind: 'returned',
        event: 'order.returned',
        title: `Returned: ${summary.join(', ')}`,
        detail: [`Returned on ${returnedOn}; total ${before} -> ${order.total}`, ...notes].join('. ').slice(0, 500),
        data: { returnedOn, previousTotal: before, returns: input.returns.map((r) => ({ ...r })) },
      });
      return change(order, before);
    });
  }

  /**
   * The order's draft late charges after a move that changes them (check-in: the units back are charged for the
   * days they were actually late; extend: a later return date), those of units still out through `today`.
   */
  async settleLateCharges(tx: EntityManager, principal: Principal, order: RentalOrder, today?: string): Promise<void> {
    const day = today ?? (await organizationToday(tx, principal.organizationId));
    await refreshLateCharges(tx, order, day, latePolicy(await this.settings.get(tx, principal.organizationId)));
  }

  private checkUnitCount(line: RentalOrderLine, scanned: number | undefined, i: number): void {
    if (!tracked(line) && scanned)
      throw AppError.validation([
        { field: `lines.${i}.units`, message: `${line.itemNumber} is tracked in bulk: send no units` },
      ]);
    if (tracked(line) && scanned !== line.quantity)
      throw AppError.validation([
        {
          field: `lines.${i}.units`,
          message: `${line.itemNumber} is tracked by unit: scan exactly ${line.quantity} units`,
        },
      ]);
  }

  /** A unit may go out on a line when it is a unit of the line's item and available. */
  assertFits(unit: InventoryUnit, line: RentalOrderLine): void {
    if (unit.item.id !== line.item.id)
      throw AppError.conflict(`${unit.assetTag} is not a unit of ${line.itemNumber} (${line.itemName})`);
    if (unit.status !== UnitStatus.available)
      throw AppError.conflict(`${unit.assetTag} is ${unit.status.replace(/_/g, ' ')}; it cannot go out`);
  }

  /** For an item tracked by unit: the scanned unit, which must be out on the line; for a bulk item: null. */
  private async returningUnit(
    tx: EntityManager,
    line: RentalOrderLine,
    entry: CheckInReturnInput,
    i: number,
    units: InventoryUnit[],
    out: Map<string, Set<string>>,
  ): Promise<InventoryUnit | null> {
    if (!tracked(line)) {
      if (entry.assetTag || !entry.quantity)
        throw AppError.validation([
          {
            field: `returns.${i}.quantity`,
            message: `${line.itemNumber} is tracked in bulk: send a quantity and no assetTag`,
          },
        ]);
      return null;
    }
    if (!entry.assetTag || (entry.quantity ?? 1) !== 1)
      throw AppError.validation([
        {
          field: `returns.${i}.assetTag`,
          message: `${line.itemNumber} is tracked by unit: send one assetTag per unit`,
        },
      ]);
    return this.unitOutOnLine(tx, line, entry.assetTag.trim(), units, `returns.${i}.assetTag`, out);
  }

  /** The scanned unit, which must be out on the line now (each unit once per request, through `out`). */
  async unitOutOnLine(
    tx: EntityManager,
    line: RentalOrderLine,
    tag: string,
    units: InventoryUnit[],
    field: string,
    out = new Map<string, Set<string>>(),
  ): Promise<InventoryUnit> {
    const unit = unitByTag(units, tag, field);
    if (!out.has(line.id)) out.set(line.id, (await unitsOut(tx, [line.id])).get(line.id) ?? new Set());
    if (!out.get(line.id)?.delete(unit.id))
      throw AppError.conflict(`${unit.assetTag} is not out on this line of the transaction`);
    return unit;
  }
}
