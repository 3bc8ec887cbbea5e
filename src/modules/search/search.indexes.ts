/**
 * The indexes the search box reads (docs/search.md, "Indexes"): a GIN index per matched field, led by
 * organization_id (btree_gin), so a search looks at its own organization's entries only. Declared on the entities
 * of the modules that own the tables, as analytics.indexes.ts does, so that the schema test (entities =
 * migrations) holds; created by Migration20261206000000_search.
 */
import { Index } from '@mikro-orm/core';
import { Company } from '../crm/companies/company.entity';
import { Contact } from '../crm/contacts/contact.entity';
import { InventoryItem } from '../rental/inventory/inventory-item.entity';
import { Opportunity } from '../sales/opportunities/opportunity.entity';

type Entity = Parameters<ReturnType<typeof Index>>[0];

/**
 * A contact email's local part, the part before the `@`: matched with typos, where the whole address is matched as
 * typed (docs/search.md, "Emails"). Written as the statement and the index both write it, so the index serves it.
 */
export const EMAIL_LOCAL_PART = `split_part(email, '@', 1)`;

/** index name -> [entity, table, column or expression, partial predicate] */
export const SEARCH_INDEXES: Record<string, [Entity, string, string, string?]> = {
  contacts_search_name_index: [Contact, 'contacts', 'name', '"superseded_by_id" is null'],
  contacts_search_email_index: [Contact, 'contacts', 'email', '"superseded_by_id" is null'],
  contacts_search_email_local_index: [Contact, 'contacts', EMAIL_LOCAL_PART, '"superseded_by_id" is null'],
  companies_search_name_index: [Company, 'companies', 'name'],
  opportunities_search_name_index: [Opportunity, 'opportunities', 'name'],
  inventory_items_search_name_index: [InventoryItem, 'inventory_items', 'name'],
  inventory_items_search_item_number_index: [InventoryItem, 'inventory_items', 'item_number'],
};

/**
 * The statement that creates a search index: the one the migrations run and MikroORM compares. A short pending list
 * (`gin_pending_list_limit` 256 kB instead of the server's 4 MB; Migration20261214400000_search_costs): GIN keeps new
 * entries in a list that every scan reads whole until it is merged, and after 100,000 contacts were added it held
 * 200-290 pages per index and doubled a search's time. 256 kB (32 pages) keeps that read small and inserts batched:
 * 20,000 contacts took 1.4 s, against 1.2 s with the default list and 2.7 s with none (`fastupdate = off`).
 */
export function searchIndexSql(name: string): string {
  const [, table, column, where] = SEARCH_INDEXES[name];
  const key = /^\w+$/.test(column) ? `"${column}"` : `(${column})`;
  return `create index "${name}" on "${table}" using gin ("organization_id", ${key} gin_trgm_ops) with (gin_pending_list_limit = 256)${where ? ` where ${where}` : ''};`;
}

for (const [name, [entity]] of Object.entries(SEARCH_INDEXES))
  Index({ name, expression: searchIndexSql(name) })(entity);
