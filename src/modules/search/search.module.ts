import { defineModule } from '../module';
import './search.indexes';
import { SearchResolver } from './search.resolver';
import { searchRoutes } from './search.routes';
import { createSearchServices } from './search.services';

/** One search box over the records of the modules above it, read in plain SQL (docs/search.md). */
export const searchModule = defineModule({
  name: 'search',
  summary:
    'One search box over contacts, companies, leads, opportunities, inventory items and orders: typo-tolerant, ranked',
  entities: [],
  resolvers: [SearchResolver],
  routes: searchRoutes,
  migrations: () => import('./migrations'),
  needs: [],
  services: createSearchServices,
});
