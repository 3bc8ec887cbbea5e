import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261214100000_job_results } from './Migration20261214100000_job_results';
import { Migration20261212100000_background_jobs } from './Migration20261212100000_background_jobs';

/** The jobs module's migrations: loaded only by what migrates (src/composition.ts, `migrationList`). */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261212100000_background_jobs', class: Migration20261212100000_background_jobs },
  { name: 'Migration20261214100000_job_results', class: Migration20261214100000_job_results },
];
