import type { AuthedContext } from '../../graphql/context';
import { SearchService } from './search.service';

/** The search box (docs/search.md). */
export function createSearchServices() {
  return { search: new SearchService() };
}

export type SearchServices = ReturnType<typeof createSearchServices>;
export type SearchContext = AuthedContext<SearchServices>;
