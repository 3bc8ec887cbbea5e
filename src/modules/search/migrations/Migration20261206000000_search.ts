import { Migration } from '@mikro-orm/migrations';
import { superuserOnly } from '../../../db/superuser-only';

/**
 * The search box (issue 31 part 5; docs/search.md, "Indexes"): btree_gin, so that a trigram index can lead with
 * organization_id, and a GIN index per field the search matches (src/modules/search/search.indexes.ts declares
 * them on their entities). Under a row-level security policy PostgreSQL uses `q <% field` as an index condition only
 * when its function is LEAKPROOF (docs/decisions.md, "Row-level security and leakproof functions"): pg_trgm's word
 * similarity operators return a number computed from their two arguments and raise no error that depends on them.
 * Marking them needs a superuser: elsewhere that step does nothing and the search stays correct, only slower.
 */
const INDEXES = [
  `create index "contacts_search_name_index" on "contacts" using gin ("organization_id", "name" gin_trgm_ops) where "superseded_by_id" is null;`,
  `create index "contacts_search_email_index" on "contacts" using gin ("organization_id", "email" gin_trgm_ops) where "superseded_by_id" is null;`,
  `create index "companies_search_name_index" on "companies" using gin ("organization_id", "name" gin_trgm_ops);`,
  `create index "opportunities_search_name_index" on "opportunities" using gin ("organization_id", "name" gin_trgm_ops);`,
  `create index "inventory_items_search_name_index" on "inventory_items" using gin ("organization_id", "name" gin_trgm_ops);`,
  `create index "inventory_items_search_item_number_index" on "inventory_items" using gin ("organization_id", "item_number" gin_trgm_ops);`,
];
const FUNCTIONS = ['word_similarity_op(text, text)', 'word_similarity_commutator_op(text, text)'];

const leakproof = (on: boolean) =>
  superuserOnly(FUNCTIONS.map((f) => `alter function ${f} ${on ? '' : 'not '}leakproof;`));

export class Migration20261206000000_search extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists btree_gin;`);
    for (const sql of INDEXES) this.addSql(sql);
    this.addSql(leakproof(true));
  }

  override async down(): Promise<void> {
    this.addSql(leakproof(false));
    for (const sql of INDEXES) this.addSql(`drop index if exists ${/"[a-z_]+"/.exec(sql)?.[0]};`);
  }
}
