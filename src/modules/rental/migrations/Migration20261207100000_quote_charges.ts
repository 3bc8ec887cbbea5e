import { Migration } from '@mikro-orm/migrations';

/**
 * Quote versions priced as the order they book (issue 30; docs/rental.md, "Stored quotes"): the charges beyond the
 * rate on the version, each line's tax rate, discounts and minimum period. Versions written before keep their hash
 * of the rate lines only (content_format 1); new ones hash the charges too (2).
 */
export class Migration20261207100000_quote_charges extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "rental_quote_versions" add column "waiver_opt_out" boolean not null default false, add column "delivery" boolean not null default false, add column "pickup" boolean not null default false, add column "delivery_zone" varchar(100) null, add column "waiver_percent" numeric(6,3) not null default 0, add column "damage_waiver" numeric(12,2) not null default 0, add column "delivery_fee" numeric(12,2) not null default 0, add column "pickup_fee" numeric(12,2) not null default 0, add column "deposit" numeric(12,2) not null default 0, add column "deposit_raised" boolean not null default false, add column "tax_exempt" boolean not null default false, add column "content_format" smallint not null default 1;`,
    );
    this.addSql(`alter table "rental_quote_versions" alter column "content_format" set default 2;`);
    this.addSql(
      `alter table "rental_quote_lines" add column "discounts" jsonb not null default '[]', add column "minimum" jsonb null, add column "tax_rate" numeric(6,3) null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "rental_quote_lines" drop column "discounts", drop column "minimum", drop column "tax_rate";`,
    );
    this.addSql(
      `alter table "rental_quote_versions" drop column "waiver_opt_out", drop column "delivery", drop column "pickup", drop column "delivery_zone", drop column "waiver_percent", drop column "damage_waiver", drop column "delivery_fee", drop column "pickup_fee", drop column "deposit", drop column "deposit_raised", drop column "tax_exempt", drop column "content_format";`,
    );
  }
}
