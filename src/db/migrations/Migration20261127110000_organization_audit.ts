import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 24, part 5: the organization's audit log (docs/accounts.md, "Audit"). Each entry also says which root
 * fields ran, whether it read or wrote, its method and path, and the record it named. The table stays written
 * by the platform only (policy `platform_only`); a second, read-only policy lets a connection whose tenant is
 * an organization read the entries about it, so `organizationAuditLog` runs under the request's own
 * row-level security context instead of platform access.
 */
export class Migration20261127110000_organization_audit extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "audit_entries" add column "operation" varchar(300) null, add column "kind" varchar(10) null, add column "method" varchar(10) null, add column "path" varchar(300) null, add column "record_id" varchar(100) null;`,
    );
    this.addSql(
      `create index "audit_entries_target_organization_id_created_at_index" on "audit_entries" ("target_organization_id", "created_at");`,
    );
    this.addSql(`create policy organization_read on "audit_entries" for select
      using ("target_organization_id" = (select nullif(current_setting('app.organization_id', true), '')::uuid));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop policy organization_read on "audit_entries";`);
    this.addSql(`drop index "audit_entries_target_organization_id_created_at_index";`);
    this.addSql(
      `alter table "audit_entries" drop column "operation", drop column "kind", drop column "method", drop column "path", drop column "record_id";`,
    );
  }
}
