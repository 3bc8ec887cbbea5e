import type { EntityManager } from '@mikro-orm/postgresql';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import { AppError, FieldError } from '../../../lib/errors';
import type { Principal } from '../../../http/principal';
import { Organization } from '../../accounts/organizations/organization.entity';
import { applyPatch, deleted, DeletePayload } from '../../../lib/fields';
import { findOr404 } from '../../../db/find-or-404';
import { InventoryItem } from './inventory-item.entity';
import { MaintenanceHold } from './maintenance-hold.entity';
import type { MaintenanceHoldInput, MaintenanceHoldListArgs, MaintenanceHoldUpdateInput } from './maintenance.types';
import { checkDay, daysInclusive } from '../../../lib/calendar-days';

const LIST: ListSpec<MaintenanceHold> = {
  searchFields: ['reason'],
  sortable: { startDate: 'startDate', endDate: 'endDate', createdAt: 'createdAt' },
  defaultSort: { field: 'startDate', order: SortOrder.desc },
  dateField: 'createdAt',
};

/** A hold after a change: real dates, end (if any) not before start, no more units than the item owns. */
function checkHold(hold: { quantity: number; startDate: string; endDate: string | null }, item: InventoryItem): void {
  const errors: FieldError[] = [];
  const startOk = checkDay(hold.startDate, 'startDate', errors);
  const endOk = hold.endDate === null || checkDay(hold.endDate, 'endDate', errors);
  if (startOk && endOk && hold.endDate !== null && daysInclusive(hold.startDate, hold.endDate) < 1) {
    errors.push({ field: 'endDate', message: 'endDate must not be before startDate' });
  }
  if (hold.quantity > item.quantityOwned)
    errors.push({ field: 'quantity', message: `quantity must not exceed the ${item.quantityOwned} units owned` });
  if (errors.length) throw AppError.validation(errors);
}

/**
 * Maintenance holds: units of an item out of service for a range of days (or open-ended). A hold is
 * accepted even when the units are booked on those days (a broken machine is broken); availability then
 * shows the shortfall as a negative number (docs/rental.md).
 */
export class MaintenanceService {
  async list(em: EntityManager, itemId: string, args: MaintenanceHoldListArgs): Promise<Page<MaintenanceHold>> {
    const item = await findOr404(em, InventoryItem, itemId, 'Inventory item');
    return listPage(em, MaintenanceHold, args, LIST, { item: item.id });
  }

  create(
    em: EntityManager,
    principal: Principal,
    itemId: string,
    input: MaintenanceHoldInput,
  ): Promise<MaintenanceHold> {
    return em.transactional(async (tx) => {
      const item = await findOr404(tx, InventoryItem, itemId, 'Inventory item');
      const values = { quantity: input.quantity, startDate: input.startDate, endDate: input.endDate ?? null };
      checkHold(values, item);
      const hold = new MaintenanceHold(tx.getReference(Organization, principal.organizationId), item, values);
      hold.endDate = values.endDate;
      hold.reason = input.reason ?? null;
      tx.persist(hold);
      return hold;
    });
  }

  update(em: EntityManager, itemId: string, id: string, input: MaintenanceHoldUpdateInput): Promise<MaintenanceHold> {
    return em.transactional(async (tx) => {
      const hold = await this.find(tx, itemId, id);
      const values = {
        quantity: input.quantity ?? hold.quantity,
        startDate: input.startDate ?? hold.startDate,
        endDate: input.endDate === undefined ? hold.endDate : input.endDate,
      };
      checkHold(values, hold.item.getEntity());
      Object.assign(hold, values);
      applyPatch(hold, input, ['reason']);
      return hold;
    });
  }

  delete(em: EntityManager, itemId: string, id: string): Promise<DeletePayload> {
    return em.transactional(async (tx) => {
      tx.remove(await this.find(tx, itemId, id));
      return deleted(id, 'Maintenance hold');
    });
  }

  /** The hold, only under its own item: a hold id under another item's path is not found. */
  private async find(em: EntityManager, itemId: string, id: string): Promise<MaintenanceHold> {
    const hold = await findOr404(em, MaintenanceHold, id, 'Maintenance hold', { populate: ['item'] });
    if (hold.item.id !== itemId) throw AppError.notFound('Maintenance hold');
    return hold;
  }
}
