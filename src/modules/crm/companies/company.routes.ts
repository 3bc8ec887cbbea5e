import { DELETED, page, type RouteRow } from '../../../http/route-row';
import { jsonbStringArrayText } from '../../../db/json-sql';
import { COMPANY } from '../crm.selections';

const tag = 'Companies';

export const companyRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/companies',
    operation: 'companies',
    exportable: true,
    exportCells: { serviceAreas: jsonbStringArrayText('r.service_areas') },
    tag,
    summary: 'Companies (paginated; search by name, startDate, endDate, sortBy, sortOrder)',
    selection: page(COMPANY),
  },
  { method: 'GET', path: '/api/companies/:id', operation: 'company', tag, summary: 'One company', selection: COMPANY },
  {
    method: 'POST',
    path: '/api/companies',
    operation: 'createCompany',
    body: 'input',
    status: 201,
    tag,
    summary: 'Create a company (409 when the name is taken, ignoring case)',
    selection: COMPANY,
    example: {
      name: 'Acme Cranes',
      website: 'https://acme-cranes.example',
      industry: 'Construction',
      employeeCount: 40,
      revenue: '2500000.00',
      serviceAreas: ['Austin', 'Round Rock'],
    },
  },
  {
    method: 'PUT',
    path: '/api/companies/:id',
    operation: 'updateCompany',
    body: 'input',
    tag,
    summary: 'Update a company',
    selection: COMPANY,
    example: { industry: 'Construction' },
  },
  {
    method: 'DELETE',
    path: '/api/companies/:id',
    operation: 'deleteCompany',
    tag,
    summary: 'Delete a company (its contacts stay, unlinked)',
    selection: DELETED,
  },
  {
    method: 'POST',
    path: '/api/companies/:id/enrich',
    operation: 'enrichCompany',
    tag,
    summary: 'Run enrichment: place (with a placesId), firmographics, then website analysis (skipped without keys)',
    selection: COMPANY,
  },
];
