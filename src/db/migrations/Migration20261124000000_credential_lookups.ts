import { Migration } from '@mikro-orm/migrations';

/**
 * The two credential lookups of every request as functions that carry their own platform access
 * (docs/decisions.md, "Credential lookups without a connection switch"). A session or API key is found before
 * the organization is known, so it reads across organizations; done as an ordinary platform statement, the
 * connection's row-security settings were switched to platform for it and back to the tenant for the rest of the
 * request: one extra `set_config` statement on most requests. `SET app.platform = 'on'` on the function applies
 * to its own body only and is restored when it returns, so the caller's connection keeps its tenant settings.
 * The functions are SECURITY INVOKER (the pool's role and grants apply); each answers one digest's principal.
 */
/** Exported for the down() of migration 20261126000000, which replaces it. */
export const SESSION = `create or replace function crm_session_principal(p_id text, p_now timestamptz)
returns table (user_id uuid, organization_id uuid, role text, email text, last_seen_at timestamptz,
               target_id uuid, target_organization_id uuid, target_role text, target_email text)
language sql stable set app.platform = 'on' as $$
  select s.user_id, s.organization_id, u.role, u.email::text, s.last_seen_at,
         t.id, t.organization_id, t.role, t.email::text
    from sessions s join users u on u.id = s.user_id left join users t on t.id = s.impersonated_user_id
   where s.id = p_id and s.expires_at > p_now and s.absolute_expires_at > p_now
$$`;

const API_KEY = `create or replace function crm_api_key_principal(p_digest text, p_now timestamptz)
returns table (id uuid, organization_id uuid, role text, created_by_id uuid, email text)
language sql volatile set app.platform = 'on' as $$
  update api_keys k set last_used_at = p_now
    from users u
   where k.key_digest = p_digest and u.id = k.created_by_id and k.revoked_at is null
     and (k.expires_at is null or k.expires_at > p_now)
  returning k.id, k.organization_id, k.role, k.created_by_id, u.email::text
$$`;

export class Migration20261124000000_credential_lookups extends Migration {
  override async up(): Promise<void> {
    this.addSql(SESSION);
    this.addSql(API_KEY);
  }

  override async down(): Promise<void> {
    this.addSql('drop function if exists crm_session_principal(text, timestamptz)');
    this.addSql('drop function if exists crm_api_key_principal(text, timestamptz)');
  }
}
