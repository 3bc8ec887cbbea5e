import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261214300000_user_phone } from './Migration20261214300000_user_phone';

/** The accounts module's migrations: loaded only by what migrates (src/composition.ts, `migrationList`). */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261214300000_user_phone', class: Migration20261214300000_user_phone },
];
