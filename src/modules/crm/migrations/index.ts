import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261128100000_directory } from './Migration20261128100000_directory';
import { Migration20261212100100_customer_import_queue } from './Migration20261212100100_customer_import_queue';
import { Migration20261231100000_lead_score_queue } from './Migration20261231100000_lead_score_queue';

/** The crm module's migrations: loaded only by what migrates (src/composition.ts, `migrationList`). */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261128100000_directory', class: Migration20261128100000_directory },
  { name: 'Migration20261212100100_customer_import_queue', class: Migration20261212100100_customer_import_queue },
  { name: 'Migration20261231100000_lead_score_queue', class: Migration20261231100000_lead_score_queue },
];
