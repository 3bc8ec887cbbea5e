import { Migration } from '@mikro-orm/migrations';

/**
 * opportunity_proposals (issue 26, part 4; docs/sales.md, "Proposals"): opportunities a conversation asked for,
 * waiting for a member when the organization's aiSettings.opportunityMode is `propose`. One per conversation.
 */
export class Migration20261130400000_opportunity_proposals extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "opportunity_proposals" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "name" varchar(200) not null, "contact_id" uuid not null, "value" numeric(14,2) not null, "expected_close_date" date not null, "lines" jsonb not null, "evidence" text not null, "ai_source" varchar(20) not null, "ai_source_id" uuid not null, "status" text check ("status" in ('pending', 'accepted', 'dismissed')) not null default 'pending', "opportunity_id" uuid null, "decided_by_id" uuid null, "decided_at" timestamptz null, constraint "opportunity_proposals_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "opportunity_proposals_organization_id_index" on "opportunity_proposals" ("organization_id");`,
    );
    this.addSql(`create index "opportunity_proposals_contact_id_index" on "opportunity_proposals" ("contact_id");`);
    this.addSql(
      `create index "opportunity_proposals_organization_id_status_created_at_index" on "opportunity_proposals" ("organization_id", "status", "created_at");`,
    );
    this.addSql(
      `alter table "opportunity_proposals" add constraint "opportunity_proposals_organization_id_ai_source_a_8ba15_unique" unique ("organization_id", "ai_source", "ai_source_id");`,
    );
    this.addSql(
      `alter table "opportunity_proposals" add constraint "opportunity_proposals_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "opportunity_proposals" add constraint "opportunity_proposals_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "opportunity_proposals" add constraint "opportunity_proposals_opportunity_id_foreign" foreign key ("opportunity_id") references "opportunities" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "opportunity_proposals" add constraint "opportunity_proposals_decided_by_id_foreign" foreign key ("decided_by_id") references "users" ("id") on update cascade on delete set null;`,
    );
    // a tenant table like every other: row-level security as well as the ORM filter (test/rls.spec.ts)
    this.addSql(`select enable_tenant_rls('opportunity_proposals');`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "opportunity_proposals" cascade;`);
  }
}
