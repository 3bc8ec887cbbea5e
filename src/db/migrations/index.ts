/** The committed migrations, in order. `npm run migration:create -- name` writes a file; list it here. */
import { Migration20261122043609_foundation } from './Migration20261122043609_foundation';
import { Migration20261122044647_outbox } from './Migration20261122044647_outbox';

export const migrationsList = [
  { name: 'Migration20261122043609_foundation', class: Migration20261122043609_foundation },
  { name: 'Migration20261122044647_outbox', class: Migration20261122044647_outbox },
];
