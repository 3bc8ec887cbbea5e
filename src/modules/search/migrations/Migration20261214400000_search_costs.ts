import { Migration } from '@mikro-orm/migrations';
import { superuserOnly } from '../../../db/superuser-only';

/**
 * The planner and pg_trgm's word similarity (docs/search.md, "Candidates"); both measured at 100,000 contacts:
 * - its price: pg_trgm declares its functions at PostgreSQL's default cost of one operator, while a word similarity
 *   compares the trigrams of every run of words in the field, about 100 times a plain comparison. At that price the
 *   planner read 100,000 contacts through the organization's btree and computed `q <% name` on each (570 ms) rather
 *   than reading the trigram index (9 ms).
 * - its estimate: `matchingsel` estimates a `q <% field` by computing it against the column's most common values and
 *   histogram, for every index path of every branch: planning the search took 10 ms of its 20 ms budget. `contsel`
 *   (a fixed 0.1 %) plans it in 3 ms, and the search's tiers bound what an estimate could get wrong.
 * Both need the functions' and operators' owner, a superuser: elsewhere this step does nothing and the search stays
 * correct, planned as pg_trgm plans it.
 * And the search indexes with a short pending list (256 kB, search.indexes.ts says why), the entries already
 * pending moved into the index.
 */
const FUNCTIONS = [
  'word_similarity(text, text)',
  'word_similarity_op(text, text)',
  'word_similarity_commutator_op(text, text)',
];

const INDEXES = [
  'contacts_search_name_index',
  'contacts_search_email_index',
  'companies_search_name_index',
  'opportunities_search_name_index',
  'inventory_items_search_name_index',
  'inventory_items_search_item_number_index',
];
const OPERATORS = ['<% (text, text)', '%> (text, text)'];

const planning = (cost: number, restrict: string) =>
  superuserOnly([
    ...FUNCTIONS.map((f) => `alter function ${f} cost ${cost};`),
    ...OPERATORS.map((o) => `alter operator ${o} set (restrict = ${restrict});`),
  ]);

export class Migration20261214400000_search_costs extends Migration {
  override async up(): Promise<void> {
    this.addSql(planning(100, 'contsel'));
    for (const name of INDEXES) {
      this.addSql(`alter index "${name}" set (gin_pending_list_limit = 256);`);
      this.addSql(`select gin_clean_pending_list('"${name}"'::regclass);`);
    }
  }

  override async down(): Promise<void> {
    for (const name of INDEXES) this.addSql(`alter index "${name}" reset (gin_pending_list_limit);`);
    this.addSql(planning(1, 'matchingsel'));
  }
}
