import type { RouteRow } from '../../../http/route-row';
import { COMPANY, DIRECTORY_PLACE } from '../crm.selections';

const tag = 'Companies';

export const directoryRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/directory/places',
    operation: 'directoryPlaces',
    tag,
    summary:
      'Search the places directory (q, limit 1-20): 409 INTEGRATION_NOT_CONFIGURED without googlePlacesApiKey, 429 PROVIDER_BUDGET_EXHAUSTED, 502 PROVIDER_ERROR',
    selection: DIRECTORY_PLACE,
  },
  {
    method: 'POST',
    path: '/api/companies/from-place',
    operation: 'createCompanyFromPlace',
    body: 'input',
    status: 201,
    tag,
    summary: 'Create a company from a places-directory result, then enrich it (409 when one exists for the place)',
    selection: COMPANY,
    example: { placeId: 'ChIJN1t_tDeuEmsRUsoyG83frY4' },
  },
];
