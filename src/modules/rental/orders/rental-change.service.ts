import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, ErrorCode } from '../../../lib/errors';
import { addDays, dayRange, daysInclusive } from '../../../lib/calendar-days';
import { organizationToday } from '../../../db/organization-day';
import type { Principal } from '../../../http/principal';
import { activeRules, pricingContext } from '../inventory/pricing-rule.service';
import { Organization } from '../../accounts/organizations/organization.entity';
import { InventoryTracking } from '../inventory/inventory-item.entity';
import { MAX_RENTAL_DAYS } from '../inventory/quote.types';
import { lockUnits } from '../inventory/unit.service';
import { RentalFulfillment } from './rental-order.entity';
import { RentalOrderLine } from './rental-order-line.entity';
import { ReturnKind } from './rental-return.entity';
import { lockAndCheck, lockItems } from './booking';
import { RentalCheckout } from './rental-checkout.entity';
import { change, lineById, linesOf, lockPendingOrder, MoveRecorder, reprice } from './desk-support';
import { handOut, RentalDeskService, takeBack, unitByTag } from './rental-desk.service';
import { ChecklistPhase } from '../inventory/inspection-checklist.entity';
import { assertInService } from '../inventory/unit-holds';
import { checklistOf, checklistsFor, checkResults, failedChecks } from './inspection-results';
import { afterReturn } from './return-outcome';
import type { RentalSettingsService } from './rental-settings.service';
import { billOrder } from './billing/order-billing';
import { auditCreditOverride, checkCredit } from './billing/credit';
import type { ExtendInput, RentalOrderChange, RentalOrderUpdateInput, SwapInput } from './rental-desk.types';

const RANGE_NAMES = { start: 'pickupDate', end: 'returnDate' };

/**
 * Moves that change what an order holds or costs (docs/rental.md, "On the floor"): edit while reserved, extend,
 * swap. Each locks the order, then runs the locked availability check (booking.ts) and the quote engine in the
 * same transaction, and answers the price difference.
 */
export class RentalChangeService {
  constructor(
    private readonly moves: MoveRecorder,
    private readonly desk: RentalDeskService,
    private readonly settings: RentalSettingsService,
  ) {}

  /** While reserved: new dates and/or new lines (replacing them), checked against every other order. */
  update(
    em: EntityManager,
    principal: Principal,
    id: string,
    input: RentalOrderUpdateInput,
  ): Promise<RentalOrderChange> {
    return em.transactional(async (tx) => {
      const order = await lockPendingOrder(tx, id, 'edited');
      const range = dayRange(
        { startDate: input.pickupDate ?? order.pickupDate, endDate: input.returnDate ?? order.returnDate },
        MAX_RENTAL_DAYS,
        undefined,
        RANGE_NAMES,
      );
      let lines = await linesOf(tx, order);
      const wanted = input.lines ?? lines.map((l) => ({ itemId: l.item.id, quantity: l.quantity }));
      const seen = new Set<string>();
      wanted.forEach((l, i) => {
        if (seen.has(l.itemId))
          throw AppError.validation([
            {
              field: `lines.${i}.itemId`,
              message: 'each item may appear on one line only; raise its quantity instead',
            },
          ]);
        seen.add(l.itemId);
      });
      const items = await lockAndCheck(tx, principal.organizationId, wanted, range, order.id);
      // after the body's references are resolved (404 for an item found nowhere, whatever the order's state)
      if (order.fulfillment !== RentalFulfillment.reserved)
        throw AppError.conflict(
          `Transaction is ${order.fulfillment.replace(/_/g, ' ')}: only a reserved one can be edited`,
        );
      Object.assign(order, {
        pickupDate: range.startDate,
        returnDate: range.endDate,
        rentalDays: daysInclusive(range.startDate, range.endDate),
      });
      if (input.notes !== undefined) order.notes = input.notes;
      if (input.lines) {
        lines.forEach((l) => tx.remove(l));
        const org = tx.getReference(Organization, principal.organizationId);
        const rules = await activeRules(tx); // new lines: today's rules (reprice below prices with them)
        lines = wanted.map((l, position) => {
          const item = items.get(l.itemId);
          if (!item) throw new Error(`item ${l.itemId} was not locked`); // lockAndCheck answers 404 for a missing item
          const line = new RentalOrderLine(org, order, item, {
            position,
            quantity: l.quantity,
            days: order.rentalDays,
            billedDays: 0,
            breakdown: [],
            unitPrice: '0.00',
            amount: '0.00',
          });
          line.pricingRules = pricingContext(rules, item, order.customer.id, order.pickupDate).rules;
          tx.persist(line);
          return line;
        });
      }
      lines.forEach((l) => Object.assign(l, { pickupDate: order.pickupDate, returnDate: order.returnDate }));
      const before = await reprice(tx, order, lines);
      await billOrder(tx, order, lines, await this.settings.get(tx, principal.organizationId), {
        today: await organizationToday(tx, principal.organizationId),
        newLines: !!input.lines,
        choices: input,
      });
      this.moves.record(tx, principal, order, {
        kind: 'updated',
        event: 'order.updated',
        title: `Changed: ${order.pickupDate}..${order.returnDate}, ${lines.length} line(s)`,
        detail: `Total ${before} -> ${order.total}`,
        data: { previousTotal: before },
      });
      return change(order, before);
    });
  }

  /** A later return date: the units still out (or reserved) must be free on the added days. */
  async extend(em: EntityManager, principal: Principal, id: string, input: ExtendInput): Promise<RentalOrderChange> {
    const { answer, override } = await em.transactional(async (tx) => {
      const order = await lockPendingOrder(tx, id, 'extended');
      const range = dayRange(
        { startDate: order.pickupDate, endDate: input.returnDate },
        MAX_RENTAL_DAYS,
        undefined,
        RANGE_NAMES,
      );
      if (range.endDate <= order.returnDate)
        throw AppError.validation([
          { field: 'returnDate', message: `returnDate must be after the current return date ${order.returnDate}` },
        ]);
      const lines = await linesOf(tx, order);
      const kept = lines.filter((l) => l.quantity > l.quantityReturned);
      const previous = order.returnDate;
      await lockAndCheck(
        tx,
        principal.organizationId,
        kept.map((l) => ({ itemId: l.item.id, quantity: l.quantity - l.quantityReturned })),
        { startDate: addDays(previous, 1), endDate: range.endDate },
      );
      order.returnDate = range.endDate;
      order.rentalDays = daysInclusive(order.pickupDate, order.returnDate);
      lines.forEach((l) => (l.returnDate = order.returnDate));
      const before = await reprice(tx, order, lines);
      const today = await organizationToday(tx, principal.organizationId);
      await billOrder(tx, order, lines, await this.settings.get(tx, principal.organizationId), { today });
      const override = await checkCredit(tx, principal, order, input.creditOverrideReason);
      await this.desk.settleLateCharges(tx, principal, order, today);
      this.moves.record(tx, principal, order, {
        kind: 'extended',
        event: 'order.extended',
        title: `Extended to ${order.returnDate}`,
        detail: `Return ${previous} -> ${order.returnDate}; total ${before} -> ${order.total}`,
        data: { previousReturnDate: previous, previousTotal: before },
      });
      return { answer: change(order, before), override };
    });
    if (override) await auditCreditOverride(em, principal, answer.transaction, 'extendTransaction', override);
    return answer;
  }

  /** One unit of a line out for another of the same item (a breakdown): the old one comes back, the new one goes out. */
  swap(em: EntityManager, principal: Principal, id: string, input: SwapInput): Promise<RentalOrderChange> {
    return em.transactional(async (tx) => {
      const order = await lockPendingOrder(tx, id, 'swapped');
      const lines = await linesOf(tx, order);
      const line = lineById(lines, input.lineId, 'lineId');
      if ((line.item.getEntity().tracking as InventoryTracking) !== InventoryTracking.unit)
        throw AppError.conflict(`${line.itemNumber} is tracked in bulk: there is no unit to swap`);
      // The item's row first (as every booking does), then the two units; the count the line holds does not change.
      await lockItems(tx, [line.item.id]);
      const [oldTag, newTag] = [input.returnAssetTag.trim(), input.newAssetTag.trim()];
      if (oldTag === newTag)
        throw AppError.validation([{ field: 'newAssetTag', message: 'must differ from returnAssetTag' }]);
      const units = await lockUnits(tx, { assetTag: { $in: [oldTag, newTag] } });
      const entry = { condition: input.condition, meterIn: input.meterIn, damageNotes: input.damageNotes };
      const back = await this.desk.unitOutOnLine(tx, line, oldTag, units, 'returnAssetTag');
      const next = unitByTag(units, newTag, 'newAssetTag');
      const last = await tx.findOne(RentalCheckout, { line: line.id }, { orderBy: { checkedOutAt: 'desc' } });
      this.desk.assertFits(next, line);
      await assertInService(tx, [next], order.returnDate);
      const list = checklistOf(await checklistsFor(tx, [line], ChecklistPhase.check_out), line);
      const checklist = checkResults(list, input.checklist, 'checklist');
      const failed = failedChecks(checklist, next.assetTag, 'checklist');
      if (failed.length)
        throw new AppError(ErrorCode.CONFLICT, `The pre-hire checklist failed: ${failed[0].message}`, failed);
      const row = takeBack(tx, principal, line, back, {
        ...entry,
        quantity: 1,
        kind: ReturnKind.swap,
        returnedOn: await organizationToday(tx, principal.organizationId),
      });
      await afterReturn(tx, order, line, back, row);
      handOut(tx, principal, line, next, {
        quantity: 1,
        meterOut: input.meterOut,
        checklistPassed: true,
        releasedTo: last?.releasedTo ?? 'swap',
        checklist,
      });
      const before = await reprice(tx, order, lines);
      this.moves.record(tx, principal, order, {
        kind: 'swapped',
        event: 'order.swapped',
        title: `Swapped ${oldTag} for ${newTag}`,
        detail: input.damageNotes ?? `${oldTag} came back ${input.condition}`,
        data: { lineId: line.id, returnAssetTag: oldTag, newAssetTag: newTag, previousTotal: before },
      });
      return change(order, before);
    });
  }
}
