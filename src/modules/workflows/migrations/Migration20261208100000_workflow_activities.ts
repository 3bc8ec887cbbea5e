import { Migration } from '@mikro-orm/migrations';

const TYPES = (extra: string) => `'call', 'email', 'sms', 'meeting'${extra}`;
const SOURCES = (extra: string) => `'user', 'ai', 'webhook'${extra}`;

/**
 * A workflow's log_activity (docs/workflows.md): activities of type `note`, written with source `workflow`.
 * Down removes those notes first (the narrower checks would refuse them).
 */
export class Migration20261208100000_workflow_activities extends Migration {
  override async up(): Promise<void> {
    this.checks(TYPES(", 'note'"), SOURCES(", 'workflow'"));
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "activities" where "type" = 'note' or "source" = 'workflow';`);
    this.checks(TYPES(''), SOURCES(''));
  }

  private checks(types: string, sources: string): void {
    this.addSql(`alter table "activities" drop constraint "activities_type_check";`);
    this.addSql(`alter table "activities" add constraint "activities_type_check" check ("type" in (${types}));`);
    this.addSql(`alter table "activities" drop constraint "activities_source_check";`);
    this.addSql(`alter table "activities" add constraint "activities_source_check" check ("source" in (${sources}));`);
  }
}
