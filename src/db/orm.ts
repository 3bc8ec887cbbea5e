import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions, OrmOptions } from './orm-options';
import { enforceRowSecurity } from './access';

/**
 * Connects and brings the schema up to date with the committed migrations. Migrations run on a connection of
 * their own without the statement timeout: building an index on a large table may take longer than any request.
 * Then, unless `rowSecurity: false` (a benchmark's baseline), every connection handed out runs as `crm_app` under
 * the row-level security policies (src/db/access.ts).
 */
export async function openDatabase(
  url: string,
  opts: OrmOptions & { migrate?: boolean; rowSecurity?: boolean },
): Promise<MikroORM> {
  const { statementTimeoutMs, migrate, rowSecurity, ...rest } = opts;
  const secured = (orm: MikroORM) => {
    if (rowSecurity !== false) enforceRowSecurity(orm);
    return orm;
  };
  if (migrate !== false) {
    const migrating = await MikroORM.init(ormOptions(url, rest));
    await migrating.getMigrator().up();
    if (!statementTimeoutMs) return secured(migrating);
    await migrating.close();
  }
  return secured(await MikroORM.init(ormOptions(url, { ...rest, statementTimeoutMs })));
}
