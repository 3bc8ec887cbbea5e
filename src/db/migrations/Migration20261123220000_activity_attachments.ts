import { Migration } from '@mikro-orm/migrations';

/** Inbound emails keep the attachment metadata the provider reported (docs/communications.md): no files. */
export class Migration20261123220000_activity_attachments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "activities" add column "attachments" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "activities" drop column "attachments";`);
  }
}
