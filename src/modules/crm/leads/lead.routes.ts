import type { RouteRow } from '../../../../rest-adapter/route.types';
import { CUSTOMER, DELETED, LEAD, page } from '../../../../rest-adapter/selections';

const tag = 'Leads';

export const leadRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/leads',
    operation: 'leads',
    tag,
    summary: 'Leads (paginated; search, status, ownerId, startDate, endDate, sortBy, sortOrder)',
    selection: page(LEAD),
  },
  { method: 'GET', path: '/api/leads/:id', operation: 'lead', tag, summary: 'One lead', selection: LEAD },
  {
    method: 'POST',
    path: '/api/leads',
    operation: 'createLead',
    body: 'input',
    status: 201,
    tag,
    summary: 'Create a lead (and its contact); emits lead.created',
    selection: LEAD,
    example: {
      leadName: 'Sam Rivera',
      email: 'sam@rivera-builders.example',
      phone: '+15125550199',
      companyName: 'Rivera Builders',
      status: 'new',
    },
  },
  {
    method: 'PUT',
    path: '/api/leads/:id',
    operation: 'updateLead',
    body: 'input',
    tag,
    summary: 'Update a lead; status moves are restricted (docs/crm.md)',
    selection: LEAD,
    example: { status: 'contacted' },
  },
  {
    method: 'DELETE',
    path: '/api/leads/:id',
    operation: 'deleteLead',
    tag,
    summary: 'Delete a lead',
    selection: DELETED,
  },
  {
    method: 'POST',
    path: '/api/leads/:id/convert',
    operation: 'convertLead',
    status: 201,
    tag,
    summary: 'Convert the lead into a customer (one transaction); emits lead.converted; 409 if already converted',
    selection: CUSTOMER,
  },
];
