import { Migration } from '@mikro-orm/migrations';

/** Sales pipeline and tasks (docs/sales.md): pipelines and stages, sales settings, opportunities with lines and stage history, tasks. */
export class Migration20261122070000_sales extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "pipelines" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "name" varchar(100) not null, "is_default" boolean not null default false, constraint "pipelines_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "pipelines_organization_id_index" on "pipelines" ("organization_id");`);
    this.addSql(
      `create unique index "pipelines_organization_id_default_unique" on "pipelines" ("organization_id") where "is_default" = true;`,
    );

    this.addSql(
      `create table "pipeline_stages" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "pipeline_id" uuid not null, "name" varchar(100) not null, "position" int not null, "probability" int not null, "is_won" boolean not null default false, "is_lost" boolean not null default false, "stagnant_days" int null, constraint "pipeline_stages_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "pipeline_stages_organization_id_index" on "pipeline_stages" ("organization_id");`);
    this.addSql(`create index "pipeline_stages_pipeline_id_index" on "pipeline_stages" ("pipeline_id");`);
    this.addSql(
      `create index "pipeline_stages_pipeline_id_position_index" on "pipeline_stages" ("pipeline_id", "position");`,
    );

    this.addSql(
      `create table "sales_settings" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "stagnant_days" int not null default 14, "commit_probability" int not null default 75, constraint "sales_settings_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "sales_settings_organization_id_index" on "sales_settings" ("organization_id");`);
    this.addSql(
      `alter table "sales_settings" add constraint "sales_settings_organization_id_unique" unique ("organization_id");`,
    );

    this.addSql(
      `create table "opportunities" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "name" varchar(200) not null, "contact_id" uuid null, "customer_id" uuid null, "company_id" uuid null, "owner_id" uuid null, "pipeline_id" uuid not null, "stage_id" uuid not null, "value" numeric(14,2) not null, "probability" int not null, "expected_close_date" date null, "status" text check ("status" in ('open', 'won', 'lost')) not null, "stage_entered_at" timestamptz not null, "closed_at" timestamptz null, "archived_at" timestamptz null, "lost_reason" varchar(500) null, "rental_order_id" uuid null, "is_ai_generated" boolean not null default false, "created_by_id" uuid null, constraint "opportunities_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "opportunities_organization_id_index" on "opportunities" ("organization_id");`);
    this.addSql(`create index "opportunities_contact_id_index" on "opportunities" ("contact_id");`);
    this.addSql(`create index "opportunities_customer_id_index" on "opportunities" ("customer_id");`);
    this.addSql(`create index "opportunities_company_id_index" on "opportunities" ("company_id");`);
    this.addSql(`create index "opportunities_owner_id_index" on "opportunities" ("owner_id");`);
    this.addSql(`create index "opportunities_pipeline_id_index" on "opportunities" ("pipeline_id");`);
    this.addSql(`create index "opportunities_stage_id_index" on "opportunities" ("stage_id");`);
    this.addSql(
      `create index "opportunities_organization_id_created_at_index" on "opportunities" ("organization_id", "created_at");`,
    );
    this.addSql(
      `create index "opportunities_organization_id_status_expected_close_date_index" on "opportunities" ("organization_id", "status", "expected_close_date");`,
    );

    this.addSql(
      `create table "tasks" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "title" varchar(200) not null, "description" text null, "assignee_id" uuid null, "contact_id" uuid null, "customer_id" uuid null, "opportunity_id" uuid null, "priority" text check ("priority" in ('low', 'medium', 'high')) not null, "due_date" date null, "status" text check ("status" in ('open', 'completed')) not null, "completed_at" timestamptz null, "completed_by_id" uuid null, "is_ai_generated" boolean not null default false, "source" text check ("source" in ('manual', 'voice_memo', 'call', 'email', 'meeting_notes', 'opportunity', 'workflow')) not null, "source_id" uuid null, "dedupe_key" varchar(200) null, "created_by_id" uuid null, constraint "tasks_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "tasks_organization_id_index" on "tasks" ("organization_id");`);
    this.addSql(`create index "tasks_assignee_id_index" on "tasks" ("assignee_id");`);
    this.addSql(`create index "tasks_contact_id_index" on "tasks" ("contact_id");`);
    this.addSql(`create index "tasks_customer_id_index" on "tasks" ("customer_id");`);
    this.addSql(`create index "tasks_opportunity_id_index" on "tasks" ("opportunity_id");`);
    this.addSql(
      `create index "tasks_organization_id_status_due_date_index" on "tasks" ("organization_id", "status", "due_date");`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_organization_id_dedupe_key_unique" unique ("organization_id", "dedupe_key");`,
    );

    this.addSql(
      `create table "opportunity_stage_changes" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "opportunity_id" uuid not null, "from_stage_id" uuid null, "from_stage_name" varchar(100) null, "to_stage_id" uuid null, "to_stage_name" varchar(100) not null, "changed_by_id" uuid null, "changed_at" timestamptz not null, "seconds_in_previous_stage" int null, "note" varchar(500) null, constraint "opportunity_stage_changes_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "opportunity_stage_changes_organization_id_index" on "opportunity_stage_changes" ("organization_id");`,
    );
    this.addSql(
      `create index "opportunity_stage_changes_from_stage_id_index" on "opportunity_stage_changes" ("from_stage_id");`,
    );
    this.addSql(
      `create index "opportunity_stage_changes_to_stage_id_index" on "opportunity_stage_changes" ("to_stage_id");`,
    );
    this.addSql(
      `create index "opportunity_stage_changes_opportunity_id_changed_at_index" on "opportunity_stage_changes" ("opportunity_id", "changed_at");`,
    );

    this.addSql(
      `create table "opportunity_lines" ("id" uuid not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "organization_id" uuid not null, "opportunity_id" uuid not null, "item_id" uuid null, "position" int not null, "description" varchar(500) null, "quantity" int not null, "unit_price" numeric(14,2) not null, constraint "opportunity_lines_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "opportunity_lines_organization_id_index" on "opportunity_lines" ("organization_id");`);
    this.addSql(`create index "opportunity_lines_opportunity_id_index" on "opportunity_lines" ("opportunity_id");`);
    this.addSql(`create index "opportunity_lines_item_id_index" on "opportunity_lines" ("item_id");`);
    this.addSql(
      `alter table "pipelines" add constraint "pipelines_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "pipeline_stages" add constraint "pipeline_stages_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "pipeline_stages" add constraint "pipeline_stages_pipeline_id_foreign" foreign key ("pipeline_id") references "pipelines" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "sales_settings" add constraint "sales_settings_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "opportunities" add constraint "opportunities_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "opportunities" add constraint "opportunities_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "opportunities" add constraint "opportunities_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "opportunities" add constraint "opportunities_company_id_foreign" foreign key ("company_id") references "companies" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "opportunities" add constraint "opportunities_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "opportunities" add constraint "opportunities_pipeline_id_foreign" foreign key ("pipeline_id") references "pipelines" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "opportunities" add constraint "opportunities_stage_id_foreign" foreign key ("stage_id") references "pipeline_stages" ("id") on update cascade;`,
    );
    this.addSql(
      `alter table "opportunities" add constraint "opportunities_rental_order_id_foreign" foreign key ("rental_order_id") references "rental_orders" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "opportunities" add constraint "opportunities_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_assignee_id_foreign" foreign key ("assignee_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_contact_id_foreign" foreign key ("contact_id") references "contacts" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_customer_id_foreign" foreign key ("customer_id") references "customers" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_opportunity_id_foreign" foreign key ("opportunity_id") references "opportunities" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_completed_by_id_foreign" foreign key ("completed_by_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "opportunity_stage_changes" add constraint "opportunity_stage_changes_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "opportunity_stage_changes" add constraint "opportunity_stage_changes_opportunity_id_foreign" foreign key ("opportunity_id") references "opportunities" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "opportunity_stage_changes" add constraint "opportunity_stage_changes_from_stage_id_foreign" foreign key ("from_stage_id") references "pipeline_stages" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "opportunity_stage_changes" add constraint "opportunity_stage_changes_to_stage_id_foreign" foreign key ("to_stage_id") references "pipeline_stages" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "opportunity_stage_changes" add constraint "opportunity_stage_changes_changed_by_id_foreign" foreign key ("changed_by_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "opportunity_lines" add constraint "opportunity_lines_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "opportunity_lines" add constraint "opportunity_lines_opportunity_id_foreign" foreign key ("opportunity_id") references "opportunities" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "opportunity_lines" add constraint "opportunity_lines_item_id_foreign" foreign key ("item_id") references "inventory_items" ("id") on update cascade on delete set null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "opportunity_lines" cascade;`);
    this.addSql(`drop table if exists "opportunity_stage_changes" cascade;`);
    this.addSql(`drop table if exists "tasks" cascade;`);
    this.addSql(`drop table if exists "opportunities" cascade;`);
    this.addSql(`drop table if exists "sales_settings" cascade;`);
    this.addSql(`drop table if exists "pipeline_stages" cascade;`);
    this.addSql(`drop table if exists "pipelines" cascade;`);
  }
}
