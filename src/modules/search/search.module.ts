import { defineModule } from '../module';
import './search.indexes';
import { SearchResolver } from './search.resolver';
import { searchRoutes } from './search.routes';
import { createSearchServices } from './search.services';
import { Migration20261206000000_search } from './migrations/Migration20261206000000_search';
import { Migration20261214400000_search_costs } from './migrations/Migration20261214400000_search_costs';

/** One search box over the records of the modules above it, read in plain SQL (docs/search.md). */
export const searchModule = defineModule({
  name: 'search',
  summary:
    'One search box over contacts, companies, leads, opportunities, inventory items and orders: typo-tolerant, ranked',
  entities: [],
  resolvers: [SearchResolver],
  routes: searchRoutes,
  migrations: [
    { name: 'Migration20261206000000_search', class: Migration20261206000000_search },
    { name: 'Migration20261214400000_search_costs', class: Migration20261214400000_search_costs },
  ],
  needs: [],
  services: createSearchServices,
});
