import type { MigrationObject } from '@mikro-orm/core';

/**
 * One list of migrations from several (the platform's and each module's), ordered by name: a migration is named
 * `Migration<UTC timestamp>_<what>`, so the timestamp decides when it runs wherever its file lives. Two with one
 * name would make the migrator skip one of them on a database that has run the other: refused at start-up.
 */
export function mergeMigrations(lists: readonly (readonly MigrationObject[])[]): MigrationObject[] {
  const all = lists.flat();
  const seen = new Set<string>();
  for (const m of all) {
    if (seen.has(m.name)) throw new Error(`two migrations are named ${m.name}`);
    seen.add(m.name);
  }
  return all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
