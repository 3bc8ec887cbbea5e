import { Migration } from '@mikro-orm/migrations';
import { superuserOnly } from '../../../db/superuser-only';
import { searchIndexSql } from '../search.indexes';

/**
 * Contact emails matched with typos in their local part only, the whole address as typed (docs/search.md, "Emails"):
 * the index of the local parts. A typo match of an address read the entries of every trigram of its domain, which
 * every contact of a company (and of every organization: the index is not split by organization) shares.
 * `split_part` marked LEAKPROOF, as `lower` and `texticlike` are (docs/decisions.md, "Row-level security and leakproof
 * functions"): under the policies a condition on `split_part(email, '@', 1)` is otherwise no index condition, and
 * the search read every contact of the organization (240 ms instead of 15 at 100,000). It reveals nothing of its
 * text but its result: its one error is for a field position of zero, and the position is the constant 1. Marking it
 * needs a superuser; elsewhere only the index is made and the match stays correct, only slower.
 */
const SPLIT_PART = 'pg_catalog.split_part(text, text, integer)';

export class Migration20261229500000_search_email_local_part extends Migration {
  override async up(): Promise<void> {
    this.addSql(superuserOnly([`alter function ${SPLIT_PART} leakproof;`]));
    this.addSql(searchIndexSql('contacts_search_email_local_index'));
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "contacts_search_email_local_index";');
    this.addSql(superuserOnly([`alter function ${SPLIT_PART} not leakproof;`]));
  }
}
