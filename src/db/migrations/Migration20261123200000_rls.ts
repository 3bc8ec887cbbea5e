import { Migration } from '@mikro-orm/migrations';

/**
 * Row-level security (docs/architecture.md, "Tenancy, in layers", layer 4; src/db/access.ts). The service's connections switch to the role
 * `crm_app`, which owns no table, so FORCE ROW LEVEL SECURITY holds it to the policies; migrations keep running
 * as the owner. The role is cluster-wide: created once, by whichever database migrates first.
 *
 * A later migration that adds a tenant table calls `select enable_tenant_rls('<table>')`; test/rls.spec.ts
 * fails for any table with an organization_id column and no forced policy.
 */
export class Migration20261123200000_rls extends Migration {
  override async up(): Promise<void> {
    this.addSql(`do $$ begin
      create role crm_app nologin;
    exception when duplicate_object or unique_violation then null; end $$;`);
    // A non-superuser owner may only SET ROLE to a role it is a member of.
    this.addSql(`do $$ begin
      if not (select rolsuper from pg_roles where rolname = current_user) then
        execute format('grant crm_app to %I', current_user);
      end if;
    end $$;`);
    this.addSql(`grant usage on schema public to crm_app;`);
    this.addSql(`grant select, insert, update, delete on all tables in schema public to crm_app;`);
    this.addSql(`grant usage, select, update on all sequences in schema public to crm_app;`);
    this.addSql(`alter default privileges in schema public grant select, insert, update, delete on tables to crm_app;`);
    this.addSql(`alter default privileges in schema public grant usage, select, update on sequences to crm_app;`);

    // The settings are read once per statement (the sub-selects are init plans), not once per row.
    this.addSql(`create function enable_tenant_rls(tbl regclass, col text default 'organization_id') returns void
      language plpgsql as $fn$
      begin
        execute format('alter table %s enable row level security, force row level security', tbl);
        execute format('create policy tenant_isolation on %s using (%I = (select nullif(current_setting(''app.organization_id'', true), '''')::uuid) or (select current_setting(''app.platform'', true)) = ''on'') with check (%I = (select nullif(current_setting(''app.organization_id'', true), '''')::uuid) or (select current_setting(''app.platform'', true)) = ''on'')', tbl, col, col);
      end $fn$;`);
    this.addSql(`create function enable_platform_rls(tbl regclass) returns void language plpgsql as $fn$
      begin
        execute format('alter table %s enable row level security, force row level security', tbl);
        execute format('create policy platform_only on %s using ((select current_setting(''app.platform'', true)) = ''on'')', tbl);
      end $fn$;`);

    this.addSql(`do $$ declare t regclass; begin
      for t in select format('%I', c.table_name)::regclass from information_schema.columns c
                 join information_schema.tables using (table_schema, table_name)
                where c.table_schema = 'public' and c.column_name = 'organization_id' and table_type = 'BASE TABLE'
      loop perform enable_tenant_rls(t); end loop;
    end $$;`);
    this.addSql(`select enable_tenant_rls('organizations', 'id');`);
    this.addSql(`select enable_platform_rls('audit_entries');`);
  }

  override async down(): Promise<void> {
    this.addSql(`do $$ declare r record; begin
      for r in select policyname, tablename from pg_policies where schemaname = 'public'
                  and policyname in ('tenant_isolation', 'platform_only')
      loop
        execute format('drop policy %I on %I', r.policyname, r.tablename);
        execute format('alter table %I no force row level security, disable row level security', r.tablename);
      end loop;
    end $$;`);
    this.addSql(`drop function enable_tenant_rls(regclass, text);`);
    this.addSql(`drop function enable_platform_rls(regclass);`);
    this.addSql(`alter default privileges in schema public revoke all on tables from crm_app;`);
    this.addSql(`alter default privileges in schema public revoke all on sequences from crm_app;`);
    this.addSql(`revoke all on all tables in schema public from crm_app;`);
    this.addSql(`revoke all on all sequences in schema public from crm_app;`);
    this.addSql(`revoke usage on schema public from crm_app;`);
    // Other databases of the cluster may still use the role: it stays.
  }
}
