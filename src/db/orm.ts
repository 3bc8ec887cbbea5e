import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions, OrmOptions } from './orm-options';
import { enforceRowSecurity } from './access';
import { rememberDirectUrl } from './direct-connection';

/**
 * Connects and brings the schema up to date with the committed migrations. Migrations run on a connection of
 * their own without the statement timeout: building an index on a large table may take longer than any request.
 * Then, unless `rowSecurity: false` (a benchmark's baseline), every connection handed out runs as `crm_app` under
 * the row-level security policies (src/db/access.ts).
 */
export async function openDatabase(
  url: string,
  opts: OrmOptions & { migrate?: boolean; rowSecurity?: boolean; directUrl?: string },
): Promise<MikroORM> {
  const { statementTimeoutMs, migrate, rowSecurity, directUrl, ...rest } = opts;
  const secured = (orm: MikroORM) => {
    if (directUrl) rememberDirectUrl(orm, directUrl);
    if (rowSecurity !== false)
      enforceRowSecurity(orm, { transactionPooler: rest.transactionPooler, statementTimeoutMs });
    return orm;
  };
  // behind a transaction pooler, the migrations (and their advisory lock) take the direct URL
  const migrationUrl = directUrl ?? url;
  if (migrate !== false) {
    const migrating = await MikroORM.init(ormOptions(migrationUrl, { ...rest, transactionPooler: false }));
    await migrating.getMigrator().up();
    if (!statementTimeoutMs && migrationUrl === url) return secured(migrating);
    await migrating.close();
  }
  return secured(await MikroORM.init(ormOptions(url, { ...rest, statementTimeoutMs })));
}
