import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for the lists' sorts (docs/performance.md, `npm run bench http`): every documented sortBy of the
 * contacts list reads an index in its order, over current contacts only (the list's `superseded_by_id is null`),
 * with the id tie-break; the same partial indexes let the page's count run as an index-only scan.
 */
export class Migration20261123130000_perf_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "contacts_current_updated_at_index" on "contacts" ("organization_id", "updated_at", "id") where "superseded_by_id" is null;`,
    );
    this.addSql(
      `create index "contacts_current_name_index" on "contacts" ("organization_id", "name", "id") where "superseded_by_id" is null;`,
    );
    this.addSql(
      `create index "contacts_current_email_index" on "contacts" ("organization_id", "email", "id") where "superseded_by_id" is null;`,
    );
    this.addSql(
      `create index "contacts_current_status_index" on "contacts" ("organization_id", "status", "id") where "superseded_by_id" is null;`,
    );
    this.addSql(
      `create index "contacts_current_last_contacted_at_index" on "contacts" ("organization_id", "last_contacted_at", "id") where "superseded_by_id" is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "contacts_current_updated_at_index";`);
    this.addSql(`drop index if exists "contacts_current_name_index";`);
    this.addSql(`drop index if exists "contacts_current_email_index";`);
    this.addSql(`drop index if exists "contacts_current_status_index";`);
    this.addSql(`drop index if exists "contacts_current_last_contacted_at_index";`);
  }
}
