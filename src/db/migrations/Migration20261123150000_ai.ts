import { Migration } from '@mikro-orm/migrations';

/**
 * AI (docs/ai.md, issue 11): the per-organization monthly call counter of the external model
 * (src/db/ai-usage.ts; no entity: one atomic upsert per call), the lead score with its explanation and
 * the indexes of the leads list's scoreBand filter and score sort, and the places-directory rating and
 * review count of companies (two of the score's signals). Existing leads keep a null score here and are
 * scored on first read (LeadScoreService.backfill; docs/ai.md, "Backfill").
 */
export class Migration20261123150000_ai extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "ai_usage" ("organization_id" uuid not null, "month" date not null, "calls" int not null default 0, constraint "ai_usage_pkey" primary key ("organization_id", "month"));`,
    );
    this.addSql(
      `alter table "ai_usage" add constraint "ai_usage_organization_id_foreign" foreign key ("organization_id") references "organizations" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`alter table "companies" add column "rating" real null, add column "review_count" int null;`);

    this.addSql(
      `alter table "leads" add column "score" int null, add column "score_band" text check ("score_band" in ('hot', 'warm', 'cold', 'poor_fit')) null, add column "score_signals" jsonb null, add column "scored_at" timestamptz null, add column "score_basis" varchar(16) null;`,
    );
    this.addSql(
      `create index "leads_organization_id_score_basis_index" on "leads" ("organization_id", "score_basis");`,
    );
    this.addSql(`create index "leads_organization_id_score_band_index" on "leads" ("organization_id", "score_band");`);
    this.addSql(`create index "leads_organization_id_score_index" on "leads" ("organization_id", "score");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "leads_organization_id_score_index";`);
    this.addSql(`drop index "leads_organization_id_score_band_index";`);
    this.addSql(`drop index "leads_organization_id_score_basis_index";`);
    this.addSql(
      `alter table "leads" drop column "score", drop column "score_band", drop column "score_signals", drop column "scored_at", drop column "score_basis";`,
    );
    this.addSql(`alter table "companies" drop column "rating", drop column "review_count";`);
    this.addSql(`drop table if exists "ai_usage" cascade;`);
  }
}
