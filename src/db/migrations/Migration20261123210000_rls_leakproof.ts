import { Migration } from '@mikro-orm/migrations';
import { superuserOnly } from '../superuser-only';

/**
 * Row-level security and indexes (docs/decisions.md, "Row-level security and leakproof functions"). Under a
 * policy, PostgreSQL uses a condition of the query as an index condition only when its function is LEAKPROOF;
 * `lower(text)` (the email lookups on `(organization_id, lower(email))`) and `texticlike` (the `ilike` searches on
 * the trigram indexes) are not marked so, and every such lookup read all of the organization's rows (50 ms at
 * 100,000 contacts instead of 1). Neither reveals anything about its arguments but through its result except
 * `texticlike`'s error on a pattern ending in an escape character, and the service never uses a column as a
 * pattern. Marking a catalog function needs a superuser: elsewhere this migration does nothing, and the
 * lookups stay correct, only slower.
 */
const FUNCTIONS = ['pg_catalog.lower(text)', 'pg_catalog.texticlike(text, text)'];

const alter = (leakproof: boolean) =>
  superuserOnly(FUNCTIONS.map((f) => `alter function ${f} ${leakproof ? '' : 'not '}leakproof;`));

export class Migration20261123210000_rls_leakproof extends Migration {
  override async up(): Promise<void> {
    this.addSql(alter(true));
  }

  override async down(): Promise<void> {
    this.addSql(alter(false));
  }
}
