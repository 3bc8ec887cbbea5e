import { Migration } from '@mikro-orm/migrations';
import { COMMON, fk, TENANT } from '../../../db/migrations/tenant-table-sql';

/**
 * Pricing rules (issue 30, part 5; docs/rental.md, "Pricing rules"): weekend rates, seasons, minimum rental periods,
 * customer rate cards and discounts, volume discounts, per organization. Order lines keep the discounts and minimum
 * period that priced them and the rules that applied (so re-pricing never reads later rules); existing lines had none.
 */
export class Migration20261205000000_pricing_rules extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "pricing_rules" (${COMMON}, "name" varchar(200) not null, "kind" text not null check ("kind" in ('weekend', 'season', 'minimum_period', 'rate_card', 'customer_discount', 'volume_discount')), "active" boolean not null default true, "item_id" uuid null, "category" varchar(100) null, "customer_id" uuid null, "multiplier" numeric(6,3) null, "day_rate" numeric(12,2) null, "start_date" date null, "end_date" date null, "minimum_days" int null, "daily_rate" numeric(12,2) null, "weekly_rate" numeric(12,2) null, "monthly_rate" numeric(12,2) null, "percent" numeric(5,2) null, "tiers" jsonb null, constraint "pricing_rules_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "pricing_rules_item_id_index" on "pricing_rules" ("item_id");`);
    this.addSql(`create index "pricing_rules_customer_id_index" on "pricing_rules" ("customer_id");`);
    this.addSql(
      `create index "pricing_rules_organization_id_kind_index" on "pricing_rules" ("organization_id", "kind");`,
    );
    this.addSql(fk('pricing_rules', 'item_id', 'inventory_items', 'cascade'));
    this.addSql(fk('pricing_rules', 'customer_id', 'customers', 'cascade'));
    TENANT('pricing_rules').forEach((s) => this.addSql(s));

    this.addSql(
      `alter table "rental_order_lines" add column "discounts" jsonb not null default '[]', add column "minimum" jsonb null, add column "pricing_rules" jsonb null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "rental_order_lines" drop column "discounts", drop column "minimum", drop column "pricing_rules";`,
    );
    this.addSql(`drop table if exists "pricing_rules" cascade;`);
  }
}
