import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261211100000_live_triggers } from './Migration20261211100000_live_triggers';
import { Migration20261214200000_live_messages } from './Migration20261214200000_live_messages';

/** The live module's migrations: loaded only by what migrates (src/composition.ts, `migrationList`). */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261211100000_live_triggers', class: Migration20261211100000_live_triggers },
  { name: 'Migration20261214200000_live_messages', class: Migration20261214200000_live_messages },
];
