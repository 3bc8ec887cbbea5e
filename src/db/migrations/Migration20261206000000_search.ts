import { Migration } from '@mikro-orm/migrations';

/**
 * The search box (issue 31 part 5; docs/search.md, "Indexes"): trigram indexes on the fields it matches that had
 * none (src/modules/search/search.indexes.ts declares them on their entities). pg_trgm exists since crm_core.
 */
export class Migration20261206000000_search extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "opportunities_name_trgm_index" on "opportunities" using gin ("name" gin_trgm_ops);`);
    this.addSql(
      `create index "inventory_items_item_number_trgm_index" on "inventory_items" using gin ("item_number" gin_trgm_ops);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "opportunities_name_trgm_index";`);
    this.addSql(`drop index if exists "inventory_items_item_number_trgm_index";`);
  }
}
