import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261128100000_directory } from './Migration20261128100000_directory';
import { Migration20261212100100_customer_import_queue } from './Migration20261212100100_customer_import_queue';

/** The crm module's migrations: loaded only by what migrates (src/composition.ts, `migrationList`). */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261128100000_directory', class: Migration20261128100000_directory },
  { name: 'Migration20261212100100_customer_import_queue', class: Migration20261212100100_customer_import_queue },
];
