import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotency keys (issue 24, part 6; docs/decisions.md, "Idempotency-Key"): the stored answer of a POST that
 * carried an `Idempotency-Key`, written in the transaction of the write it answers (src/http/idempotency.ts).
 * One row per organization, caller (user or API key) and key; no entity: the rows are written and read with
 * plain SQL (src/db/idempotency-store.ts). A tenant table like the others: row-level security, and pruned after
 * 24 hours by the `idempotency-retention` schedule.
 */
export class Migration20261127100000_idempotency_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "idempotency_keys" ("organization_id" uuid not null, "caller" varchar(100) not null, "key" varchar(255) not null, "request_hash" char(64) not null, "status" smallint not null, "headers" jsonb not null, "body" bytea not null, "created_at" timestamptz not null default now(), constraint "idempotency_keys_pkey" primary key ("organization_id", "caller", "key"));`,
    );
    this.addSql(
      `alter table "idempotency_keys" add constraint "idempotency_keys_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create index "idempotency_keys_created_at_index" on "idempotency_keys" ("created_at");`);
    this.addSql(`select enable_tenant_rls('idempotency_keys');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "idempotency_keys" cascade;`);
  }
}
