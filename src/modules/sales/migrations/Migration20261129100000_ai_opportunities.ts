import { Migration } from '@mikro-orm/migrations';

/**
 * opportunities.ai_source, ai_source_id, ai_evidence (issue 26, part 4; docs/sales.md, "Opportunities from
 * conversations"): where an AI-made opportunity came from and the sentences that asked for the equipment.
 */
export class Migration20261129100000_ai_opportunities extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "opportunities" add column "ai_source" varchar(20) null, add column "ai_source_id" uuid null, add column "ai_evidence" text null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "opportunities" drop column "ai_source", drop column "ai_source_id", drop column "ai_evidence";`,
    );
  }
}
