import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode, type FilterQuery } from '@mikro-orm/core';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import { AppError, ErrorCode, FieldError } from '../../../lib/errors';
import { clock } from '../../../lib/clock';
import { organizationToday } from '../../../db/organization-day';
import { applyPatch } from '../../../lib/fields';
import { findOr404 } from '../../../db/find-or-404';
import type { Principal } from '../../../http/principal';
import { User } from '../../accounts/users/user.entity';
import { InventoryItem, InventoryStatus, InventoryTracking } from './inventory-item.entity';
import { InventoryUnit, OUT_OF_SERVICE, UnitStatus } from './inventory-unit.entity';
import { InventoryUnitEvent } from './inventory-unit-event.entity';
import { MaintenanceHold } from './maintenance-hold.entity';
import { addDays } from '../../../lib/calendar-days';
import type {
  InventoryUnitInput,
  InventoryUnitListArgs,
  InventoryUnitUpdateInput,
  TrackByUnitInput,
} from './unit.types';

const LIST: ListSpec<InventoryUnit> = {
  searchFields: ['assetTag', 'serialNumber', 'make', 'model'],
  sortable: { assetTag: 'assetTag', status: 'status', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  defaultSort: { field: 'assetTag', order: SortOrder.asc },
};
const FIELDS = ['serialNumber', 'make', 'model', 'year', 'meterKind', 'meterReading', 'notes'] as const;

/** Ends the unit's open holds (docs/rental.md, "Inspections and service"): the day before `day`, or drops one starting on or after it. */
export async function releaseUnitHolds(tx: EntityManager, unit: InventoryUnit, day: string): Promise<void> {
  for (const hold of await tx.find(MaintenanceHold, { unit: unit.id, endDate: null })) {
    if (hold.startDate < day) hold.endDate = addDays(day, -1);
    else tx.remove(hold);
  }
}

/** Writes a line of the unit's history with its status and meter as they are now. */
export function recordUnitEvent(
  em: EntityManager,
  unit: InventoryUnit,
  kind: string,
  extra: { userId?: string; orderId?: string; note?: string | null } = {},
): void {
  const event = new InventoryUnitEvent(unit, kind, clock.now());
  event.orderId = extra.orderId ?? null;
  event.note = extra.note ?? null;
  if (extra.userId) event.user = em.getReference(User, extra.userId, { wrapped: true });
  em.persist(event);
}

/**
 * Sets a unit's status; a unit going out of service leaves the pool from `from` on (availability source): a day of
 * the organization's (its today, db/organization-day.ts, or the day after a check-in), which every status out of
 * service must name; null only for a status in service.
 */
export function setUnitStatus(unit: InventoryUnit, status: UnitStatus, from: string | null): void {
  const out = OUT_OF_SERVICE.includes(status);
  if (out && !from) throw new Error(`a unit goes ${status} from a day: none given`);
  unit.status = status;
  unit.outOfServiceFrom = out ? from : null;
}

/**
 * Units of items tracked by unit (docs/rental.md, "Units"). The item's row is locked while its units change
 * and its quantityOwned is kept equal to its units not retired, so availability counts units with the same
 * statement as quantities, and a booking under way for the item waits for the change.
 */
export class UnitService {
  async list(em: EntityManager, args: InventoryUnitListArgs): Promise<Page<InventoryUnit>> {
    const where: FilterQuery<InventoryUnit> = {};
    if (args.itemId !== undefined) where.item = (await findOr404(em, InventoryItem, args.itemId, 'Inventory item')).id;
    if (args.status) where.status = args.status;
    return listPage(em, InventoryUnit, args, LIST, where);
  }

  async get(em: EntityManager, itemId: string, id: string): Promise<InventoryUnit> {
    const unit = await findOr404(em, InventoryUnit, id, 'Inventory unit');
    if (unit.item.id !== itemId) throw AppError.notFound('Inventory unit');
    return unit;
  }

  /** Adds one unit to an item already tracked by unit (409 for a bulk item: turn it into units first). */
  create(em: EntityManager, principal: Principal, itemId: string, input: InventoryUnitInput): Promise<InventoryUnit> {
    return em.transactional(async (tx) => {
      const item = await this.lockItem(tx, itemId);
      if (item.tracking !== InventoryTracking.unit)
        throw AppError.conflict(
          `${item.itemNumber} is tracked in bulk: turn it into units first (POST /api/inventory/:id/track-by-unit)`,
        );
      const [unit] = await this.addUnits(tx, principal, item, [input]);
      return unit;
    });
  }

  /** Bulk -> unit in one transaction: the units given become the item's; its bookings stay as they are. */
  trackByUnit(
    em: EntityManager,
    principal: Principal,
    itemId: string,
    input: TrackByUnitInput,
  ): Promise<InventoryItem> {
    return em.transactional(async (tx) => {
      const item = await this.lockItem(tx, itemId);
      if (item.tracking === InventoryTracking.unit)
        throw AppError.conflict(`${item.itemNumber} is already tracked by unit; add units one at a time`);
      item.tracking = InventoryTracking.unit;
      await this.addUnits(tx, principal, item, input.units, 'units');
      return item;
    });
  }

  update(em: EntityManager, principal: Principal, itemId: string, id: string, input: InventoryUnitUpdateInput) {
    return em.transactional(async (tx) => {
      const item = await this.lockItem(tx, itemId);
      const unit = await this.get(tx, item.id, id);
      const tag = input.assetTag?.trim();
      if (tag !== undefined && tag !== unit.assetTag) {
        await this.assertTagsFree(tx, [tag], 'assetTag');
        unit.assetTag = tag;
      }
      applyPatch(unit, input, FIELDS);
      if (input.status !== undefined && input.status !== unit.status) {
        if (unit.status === UnitStatus.on_rent)
          throw AppError.conflict(`${unit.assetTag} is on rent: check it in before changing its status`);
        const today = await organizationToday(tx, principal.organizationId);
        setUnitStatus(unit, input.status, today);
        // declared fit by hand: its damage or service hold ends (a service recorded also resets the counters)
        if (input.status === UnitStatus.available) await releaseUnitHolds(tx, unit, today);
        recordUnitEvent(tx, unit, 'status_changed', { userId: principal.userId });
      }
      await this.syncQuantity(tx, item);
      return unit;
    });
  }

  private async lockItem(tx: EntityManager, itemId: string): Promise<InventoryItem> {
    const item = await findOr404(tx, InventoryItem, itemId, 'Inventory item', { lock: true });
    if (item.status === InventoryStatus.retired)
      throw AppError.conflict(`${item.itemNumber} is retired; reactivate it before changing its units`);
    return item;
  }

  private async addUnits(
    tx: EntityManager,
    principal: Principal,
    item: InventoryItem,
    inputs: InventoryUnitInput[],
    prefix?: string,
  ): Promise<InventoryUnit[]> {
    const tags = inputs.map((u) => u.assetTag.trim());
    await this.assertTagsFree(tx, tags, prefix ? undefined : 'assetTag', prefix);
    const today = await organizationToday(tx, principal.organizationId);
    const units = inputs.map((input, i) => {
      const unit = new InventoryUnit(item.organization, item, tags[i]);
      applyPatch(unit, input, FIELDS);
      Object.assign(unit, { lastServiceOn: today, lastServiceMeter: unit.meterReading });
      tx.persist(unit);
      recordUnitEvent(tx, unit, 'created', { userId: principal.userId });
      return unit;
    });
    await tx.flush();
    await this.syncQuantity(tx, item);
    return units;
  }

  /** 400 for an empty tag; 409 naming each asset tag already used in the organization or twice in the request. */
  private async assertTagsFree(tx: EntityManager, tags: string[], field?: string, prefix?: string): Promise<void> {
    const name = (i: number) => field ?? `${prefix}.${i}.assetTag`;
    const empty = tags.flatMap((t, i) => (t ? [] : [{ field: name(i), message: 'assetTag must not be empty' }]));
    if (empty.length) throw AppError.validation(empty);
    const taken = new Set(
      (await tx.find(InventoryUnit, { assetTag: { $in: tags } }, { fields: ['assetTag'] })).map((u) => u.assetTag),
    );
    const seen = new Set<string>();
    const errors: FieldError[] = [];
    tags.forEach((tag, i) => {
      if (taken.has(tag) || seen.has(tag)) errors.push({ field: name(i), message: `asset tag ${tag} is taken` });
      seen.add(tag);
    });
    if (errors.length)
      throw new AppError(
        ErrorCode.CONFLICT,
        `Asset tags already in use: ${errors.map((e) => e.message).join('; ')}`,
        errors,
      );
  }

  /** quantityOwned of an item tracked by unit = its units not retired. */
  private async syncQuantity(tx: EntityManager, item: InventoryItem): Promise<void> {
    item.quantityOwned = await tx.count(InventoryUnit, { item: item.id, status: { $ne: UnitStatus.retired } });
  }
}

/** Locks units by id, in id order (two desks scanning the same units never wait on each other in a cycle). */
export function lockUnits(tx: EntityManager, where: FilterQuery<InventoryUnit>): Promise<InventoryUnit[]> {
  return tx.find(InventoryUnit, where, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' }, refresh: true });
}
