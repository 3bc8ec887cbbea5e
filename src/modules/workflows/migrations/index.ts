import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261201100000_workflows } from './Migration20261201100000_workflows';
import { Migration20261208100000_workflow_activities } from './Migration20261208100000_workflow_activities';
import { Migration20261210100000_workflow_waits } from './Migration20261210100000_workflow_waits';

/** The workflows module's migrations: loaded only by what migrates (src/composition.ts, `migrationList`). */
export const migrations: MigrationObject[] = [
  { name: 'Migration20261201100000_workflows', class: Migration20261201100000_workflows },
  { name: 'Migration20261208100000_workflow_activities', class: Migration20261208100000_workflow_activities },
  { name: 'Migration20261210100000_workflow_waits', class: Migration20261210100000_workflow_waits },
];
