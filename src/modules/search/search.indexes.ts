/**
 * The trigram indexes the search box reads (docs/search.md, "Indexes") beyond those their modules already have
 * (contacts name and email, companies name, inventory items name), declared on the entities of the modules that
 * own the tables, as analytics.indexes.ts does, so that the schema test (entities = migrations) holds. Created by
 * Migration20261206000000_search.
 */
import { Index } from '@mikro-orm/core';
import { InventoryItem } from '../rental/inventory/inventory-item.entity';
import { Opportunity } from '../sales/opportunities/opportunity.entity';

type Entity = Parameters<ReturnType<typeof Index>>[0];

export const SEARCH_INDEXES: Record<string, [Entity, string, string]> = {
  opportunities_name_trgm_index: [Opportunity, 'opportunities', 'name'],
  inventory_items_item_number_trgm_index: [InventoryItem, 'inventory_items', 'item_number'],
};

/** The statement that creates a search index: the one the migration ran and MikroORM compares. */
export function trigramIndexSql(name: string, table: string, column: string): string {
  return `create index "${name}" on "${table}" using gin ("${column}" gin_trgm_ops);`;
}

for (const [name, [entity, table, column]] of Object.entries(SEARCH_INDEXES))
  Index({ name, expression: trigramIndexSql(name, table, column) })(entity);
