import { organizationToday } from '../../../db/organization-day';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Page, pagination } from '../../../db/pagination';
import { findOr404 } from '../../../db/find-or-404';
import { InventoryItem } from './inventory-item.entity';
import { AvailabilityFilter, availabilityRows, AvailabilityRow, countItems } from './availability.query';
import {
  AvailabilityRangeArgs,
  CatalogAvailabilityArgs,
  DEFAULT_AVAILABILITY_DAYS,
  ItemAvailability,
  MAX_AVAILABILITY_DAYS,
} from './availability.types';
import { DayRange, dayRange } from '../../../lib/calendar-days';

/** Rows of availabilityRows (ordered by item, then day) grouped into one ItemAvailability per item. */
function group(rows: AvailabilityRow[], range: DayRange): ItemAvailability[] {
  const out: ItemAvailability[] = [];
  for (const r of rows) {
    let item = out[out.length - 1];
    if (!item || item.itemId !== r.item_id) {
      item = {
        itemId: r.item_id,
        itemNumber: r.item_number,
        name: r.name,
        category: r.category,
        status: r.status,
        quantityOwned: r.quantity_owned,
        ...range,
        minAvailable: Number.POSITIVE_INFINITY,
        days: [],
      };
      out.push(item);
    }
    item.days.push({ date: r.day, available: r.available, booked: r.booked, inMaintenance: r.in_maintenance });
    item.minAvailable = Math.min(item.minAvailable, r.available);
  }
  return out;
}

/** Without a startDate a range starts on the organization's today and covers DEFAULT_AVAILABILITY_DAYS. */
async function defaultRange(em: EntityManager, organizationId: string, args: { startDate?: string }) {
  return { days: DEFAULT_AVAILABILITY_DAYS, today: args.startDate ?? (await organizationToday(em, organizationId)) };
}

/**
 * Units available per item per day (docs/rental.md, Availability). Raw SQL does not pass through the
 * tenant filter, so every query here carries the organization id explicitly.
 */
export class AvailabilityService {
  async forItem(
    em: EntityManager,
    organizationId: string,
    id: string,
    args: AvailabilityRangeArgs,
  ): Promise<ItemAvailability> {
    const item = await findOr404(em, InventoryItem, id, 'Inventory item');
    const range = dayRange(args, MAX_AVAILABILITY_DAYS, await defaultRange(em, organizationId, args));
    return (await this.compute(em, { organizationId, itemIds: [item.id], ...range }))[0];
  }

  async catalog(
    em: EntityManager,
    organizationId: string,
    args: CatalogAvailabilityArgs,
  ): Promise<Page<ItemAvailability>> {
    const range = dayRange(args, MAX_AVAILABILITY_DAYS, await defaultRange(em, organizationId, args));
    const filter: AvailabilityFilter = {
      organizationId,
      category: args.category,
      search: args.search,
      activeOnly: true,
      ...range,
    };
    const total = await countItems(em, filter);
    const data = await this.compute(em, {
      ...filter,
      page: { limit: args.limit, offset: (args.page - 1) * args.limit },
    });
    return { data, pagination: pagination(total, args.page, args.limit) };
  }

  /** Units of each item free on EVERY day of the range (retired: 0). Items of another organization are absent. */
  async minAvailable(
    em: EntityManager,
    organizationId: string,
    itemIds: string[],
    range: DayRange,
  ): Promise<Map<string, number>> {
    const items = await this.compute(em, { organizationId, itemIds, ...range });
    return new Map(items.map((i) => [i.itemId, i.minAvailable]));
  }

  private async compute(em: EntityManager, filter: AvailabilityFilter): Promise<ItemAvailability[]> {
    return group(await availabilityRows(em, filter), filter);
  }
}
