import { Migration } from '@mikro-orm/migrations';

/**
 * A member's mobile number (docs/accounts.md, "Profile"): optional, E.164 (checked by the inputs and here), for the
 * workflows' send_sms to a member (docs/workflows.md).
 */
export class Migration20261214300000_user_phone extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "users" add column "phone" varchar(16) null,
         add constraint "users_phone_check" check ("phone" ~ '^\\+[1-9][0-9]{1,14}$');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop constraint "users_phone_check", drop column "phone";`);
  }
}
