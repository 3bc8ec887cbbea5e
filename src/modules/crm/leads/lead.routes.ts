import { DELETED, page, type RouteRow } from '../../../http/route-row';
import { CUSTOMER, LEAD, LEAD_WITH_SCORE } from '../crm.selections';
import { CONTACT_BACKED_CELLS, CONTACT_JOINS } from '../contact-backed.cells';

const tag = 'Leads';

export const leadRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/leads',
    operation: 'leads',
    exportable: true,
    exportCells: { ...CONTACT_BACKED_CELLS, leadName: 'c.name', companyName: 'co.name' },
    exportJoins: CONTACT_JOINS,
    tag,
    summary:
      'Leads (paginated; search, status, ownerId, scoreBand (hot, warm, cold, poor_fit), startDate, endDate, sortBy (createdAt, updatedAt, name, leadName, email, status, score), sortOrder)',
    selection: page(LEAD),
  },
  {
    method: 'GET',
    path: '/api/leads/:id',
    operation: 'lead',
    tag,
    summary: 'One lead, with its AI score 0-7, band and each signal’s points and reason',
    selection: LEAD_WITH_SCORE,
  },
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
