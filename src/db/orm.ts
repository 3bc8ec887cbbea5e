import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions, OrmOptions } from './orm-options';

/** Connects and brings the schema up to date with the committed migrations. */
export async function openDatabase(url: string, opts: OrmOptions & { migrate?: boolean }): Promise<MikroORM> {
  const orm = await MikroORM.init(ormOptions(url, opts));
  if (opts.migrate !== false) await orm.getMigrator().up();
  return orm;
}
