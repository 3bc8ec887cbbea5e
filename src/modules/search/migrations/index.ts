import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261206000000_search } from './Migration20261206000000_search';
import { Migration20261214400000_search_costs } from './Migration20261214400000_search_costs';
import { Migration20261229500000_search_email_local_part } from './Migration20261229500000_search_email_local_part';

/** The search module's migrations: loaded only by what migrates (src/composition.ts, `migrationList`). */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261206000000_search', class: Migration20261206000000_search },
  { name: 'Migration20261214400000_search_costs', class: Migration20261214400000_search_costs },
  { name: 'Migration20261229500000_search_email_local_part', class: Migration20261229500000_search_email_local_part },
];
