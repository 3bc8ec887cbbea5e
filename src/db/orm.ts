import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions, OrmOptions } from './orm-options';

/**
 * Connects and brings the schema up to date with the committed migrations. Migrations run on a connection of
 * their own without the statement timeout: building an index on a large table may take longer than any request.
 */
export async function openDatabase(url: string, opts: OrmOptions & { migrate?: boolean }): Promise<MikroORM> {
  const { statementTimeoutMs, migrate, ...rest } = opts;
  if (migrate !== false) {
    const migrating = await MikroORM.init(ormOptions(url, rest));
    await migrating.getMigrator().up();
    if (!statementTimeoutMs) return migrating;
    await migrating.close();
  }
  return MikroORM.init(ormOptions(url, { ...rest, statementTimeoutMs }));
}
