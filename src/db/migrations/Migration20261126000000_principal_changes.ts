import { Migration } from '@mikro-orm/migrations';
import { SESSION as PREVIOUS_SESSION } from './Migration20261124000000_credential_lookups';

/**
 * What a request's principal is read from (sessions, users) announces its changes, so that each process may keep
 * the principals it read (src/modules/accounts/auth/principal-cache.ts; docs/decisions.md, "Principals kept in
 * memory, invalidated by the database"): every update or delete of a session row sends `s:<id>` on the channel
 * `crm_principal`, every update or delete of a user `u:<id>`, a TRUNCATE of either `*`. NOTIFY is transactional:
 * listeners hear of a change when it commits, never of one rolled back.
 *
 * `crm_session_principal` becomes PL/pgSQL (its statement's plan is prepared once per connection instead of on
 * every call, 0.46-0.53 -> 0.28 ms per call measured with pgbench) and also returns the session's two expiries,
 * so a kept principal is never used past them.
 */
const NOTIFY = `create or replace function crm_notify_principal_change() returns trigger
language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    perform pg_notify('crm_principal', '*');
  elsif tg_table_name = 'sessions' then
    perform pg_notify('crm_principal', 's:' || old.id);
  else
    perform pg_notify('crm_principal', 'u:' || old.id);
  end if;
  return null;
end $$`;

const SESSION = `create function crm_session_principal(p_id text, p_now timestamptz)
returns table (user_id uuid, organization_id uuid, role text, email text, last_seen_at timestamptz,
               expires_at timestamptz, absolute_expires_at timestamptz,
               target_id uuid, target_organization_id uuid, target_role text, target_email text)
language plpgsql stable set app.platform = 'on' as $$
begin
  return query
  select s.user_id, s.organization_id, u.role::text, u.email::text, s.last_seen_at, s.expires_at, s.absolute_expires_at,
         t.id, t.organization_id, t.role::text, t.email::text
    from sessions s join users u on u.id = s.user_id left join users t on t.id = s.impersonated_user_id
   where s.id = p_id and s.expires_at > p_now and s.absolute_expires_at > p_now;
end $$`;

export class Migration20261126000000_principal_changes extends Migration {
  override async up(): Promise<void> {
    this.addSql(NOTIFY);
    for (const table of ['sessions', 'users']) {
      this.addSql(`create trigger ${table}_principal_change after update or delete on ${table}
        for each row execute function crm_notify_principal_change()`);
      this.addSql(`create trigger ${table}_principal_truncate after truncate on ${table}
        for each statement execute function crm_notify_principal_change()`);
    }
    this.addSql('drop function crm_session_principal(text, timestamptz)');
    this.addSql(SESSION);
  }

  override async down(): Promise<void> {
    for (const table of ['sessions', 'users']) {
      this.addSql(`drop trigger if exists ${table}_principal_change on ${table}`);
      this.addSql(`drop trigger if exists ${table}_principal_truncate on ${table}`);
    }
    this.addSql('drop function if exists crm_notify_principal_change()');
    this.addSql('drop function crm_session_principal(text, timestamptz)');
    this.addSql(PREVIOUS_SESSION);
  }
}
