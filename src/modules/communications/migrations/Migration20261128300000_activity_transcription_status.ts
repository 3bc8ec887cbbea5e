import { Migration } from '@mikro-orm/migrations';

/**
 * activities.transcription_status (issue 27, part 2; docs/communications.md, "Call transcripts"): a recorded call's
 * activity moves pending -> transcribed | failed with its voice memo. Existing calls take their memo's status.
 */
export class Migration20261128300000_activity_transcription_status extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "activities" add column "transcription_status" text check ("transcription_status" in ('pending', 'transcribed', 'failed')) null;`,
    );
    this.addSql(
      `update "activities" a set "transcription_status" = m."status" from "voice_memos" m
        where m."activity_id" = a."id" and m."organization_id" = a."organization_id";`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "activities" drop column "transcription_status";`);
  }
}
