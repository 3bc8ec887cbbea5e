import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from './orm-options';

export type Orm = MikroORM;

/** Connects and brings the schema up to date with the committed migrations. */
export async function openDatabase(url: string, opts: { migrate?: boolean; poolMax?: number; log?: (message: string) => void } = {}): Promise<MikroORM> {
  const orm = await MikroORM.init(ormOptions(url, { poolMax: opts.poolMax, log: opts.log }));
  if (opts.migrate !== false) await orm.getMigrator().up();
  return orm;
}
