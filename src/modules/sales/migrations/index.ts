import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261129100000_ai_opportunities } from './Migration20261129100000_ai_opportunities';
import { Migration20261130400000_opportunity_proposals } from './Migration20261130400000_opportunity_proposals';

/** The sales module's migrations: loaded only by what migrates (src/composition.ts, `migrationList`). */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261129100000_ai_opportunities', class: Migration20261129100000_ai_opportunities },
  { name: 'Migration20261130400000_opportunity_proposals', class: Migration20261130400000_opportunity_proposals },
];
