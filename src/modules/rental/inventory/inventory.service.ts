import type { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import { AppError } from '../../../lib/errors';
import { clock } from '../../../lib/clock';
import type { Principal } from '../../../http/principal';
import { Organization } from '../../accounts/organizations/organization.entity';
import { applyPatch } from '../../../lib/fields';
import { findOr404 } from '../../../db/find-or-404';
import { InventoryItem, InventoryStatus, InventoryTracking } from './inventory-item.entity';
import type { InventoryItemInput, InventoryItemUpdateInput, InventoryListArgs } from './inventory.types';
import Decimal from 'decimal.js';
import { formatMoney } from '../../../lib/money';

const LIST: ListSpec<InventoryItem> = {
  searchFields: ['name', 'itemNumber'],
  sortable: {
    name: 'name',
    itemNumber: 'itemNumber',
    category: 'category',
    dailyRate: 'dailyRate',
    weeklyRate: 'weeklyRate',
    monthlyRate: 'monthlyRate',
    quantityOwned: 'quantityOwned',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
  },
  defaultSort: { field: 'name', order: SortOrder.asc },
  dateField: 'createdAt',
};

const PLAIN = [
  'name',
  'category',
  'quantityOwned',
  'imageUrl',
  'serviceEveryHours',
  'serviceEveryDays',
  'serviceEveryRentals',
  'taxRate',
] as const;
const RATES = ['dailyRate', 'weeklyRate', 'monthlyRate', 'depositAmount'] as const;
const MAX_SPECS = 100;

/** Specifications are a flat map of short strings: a clear 400 naming the key otherwise. */
function checkSpecifications(specs: Record<string, unknown>): Record<string, string> {
  const entries = Object.entries(specs);
  if (entries.length > MAX_SPECS)
    throw AppError.validation([{ field: 'specifications', message: `at most ${MAX_SPECS} specifications` }]);
  const bad = entries.filter(([k, v]) => typeof v !== 'string' || k.trim() === '' || k.length > 100 || v.length > 1000);
  if (bad.length) {
    throw AppError.validation(
      bad.map(([k]) => ({
        field: `specifications.${k}`,
        message: 'each specification is a non-empty key (100 chars) with a string value (1000 chars)',
      })),
    );
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

function normalize<T extends InventoryItemUpdateInput>(input: T): T {
  const out = { ...input };
  if (out.name !== undefined) out.name = out.name.trim();
  if (out.itemNumber !== undefined) out.itemNumber = out.itemNumber.trim();
  if (typeof out.category === 'string') out.category = out.category.trim() || null;
  for (const rate of RATES) {
    const value = out[rate];
    if (typeof value === 'string') out[rate] = formatMoney(value);
  }
  if (typeof out.taxRate === 'string') out.taxRate = new Decimal(out.taxRate).toFixed(3);
  if (typeof out.serviceEveryHours === 'string') out.serviceEveryHours = new Decimal(out.serviceEveryHours).toFixed(1);
  if (out.specifications === null) out.specifications = {};
  if (out.specifications) out.specifications = checkSpecifications(out.specifications);
  if (out.dailyRate === null) throw AppError.validation([{ field: 'dailyRate', message: 'dailyRate is required' }]);
  if (out.quantityOwned === null)
    throw AppError.validation([{ field: 'quantityOwned', message: 'quantityOwned is required' }]);
  return out;
}

const duplicate = (itemNumber?: string) =>
  `An inventory item with the item number ${itemNumber ?? 'given'} already exists`;

/** The equipment catalog. Any member may read and write it (docs/rental.md, Access). */
export class InventoryService {
  list(em: EntityManager, args: InventoryListArgs): Promise<Page<InventoryItem>> {
    const where: FilterQuery<InventoryItem> = {};
    if (args.category !== undefined) where.category = args.category;
    if (args.status) where.status = args.status;
    return listPage(em, InventoryItem, args, LIST, where);
  }

  get(em: EntityManager, id: string): Promise<InventoryItem> {
    return findOr404(em, InventoryItem, id, 'Inventory item');
  }

  create(em: EntityManager, principal: Principal, raw: InventoryItemInput): Promise<InventoryItem> {
    const input = normalize(raw);
    return em.transactional(async (tx) => {
      await this.assertItemNumberFree(tx, input.itemNumber);
      const item = new InventoryItem(tx.getReference(Organization, principal.organizationId), input);
      applyPatch(item, input, [...PLAIN, ...RATES, 'specifications']);
      tx.persist(item);
      return item;
    });
  }

  update(em: EntityManager, id: string, raw: InventoryItemUpdateInput): Promise<InventoryItem> {
    const input = normalize(raw);
    return em.transactional(async (tx) => {
      const item = await this.get(tx, id);
      if (
        item.tracking === InventoryTracking.unit &&
        input.quantityOwned !== undefined &&
        input.quantityOwned !== item.quantityOwned
      )
        throw AppError.conflict(
          `${item.itemNumber} is tracked by unit: its quantityOwned is the number of its units not retired; add or retire units instead`,
        );
      if (input.itemNumber !== undefined && input.itemNumber !== item.itemNumber) {
        await this.assertItemNumberFree(tx, input.itemNumber);
        item.itemNumber = input.itemNumber;
      }
      applyPatch(item, input, [...PLAIN, ...RATES, 'specifications']);
      return item;
    });
  }

  /** Retired items stay on record (orders refer to them) but are never available. Idempotent. */
  setStatus(em: EntityManager, id: string, status: InventoryStatus): Promise<InventoryItem> {
    return em.transactional(async (tx) => {
      const item = await this.get(tx, id);
      if (item.status !== status) {
        item.status = status;
        item.retiredAt = status === InventoryStatus.retired ? clock.now() : null;
      }
      return item;
    });
  }

  private async assertItemNumberFree(em: EntityManager, itemNumber: string): Promise<void> {
    const taken = await em.findOne(InventoryItem, { itemNumber }, { fields: ['id'] });
    if (taken) throw AppError.conflict(`${duplicate(itemNumber)} (item ${taken.id})`);
  }
}
