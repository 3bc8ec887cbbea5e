import { DELETED, EXAMPLE_ID, page, type RouteRow } from '../../../http/route-row';
import { jsonString } from '../../../db/json-sql';
import { CUSTOMER } from '../crm.selections';
import { CONTACT_BACKED_CELLS, CONTACT_JOINS } from '../contact-backed.cells';

const tag = 'Customers';

/** POST /api/customers/import (multipart) is served beside the table: src/modules/crm/imports/import-upload.ts. */
export const customerRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/customers',
    operation: 'customers',
    exportable: true,
    exportCells: {
      ...CONTACT_BACKED_CELLS,
      name: 'c.name',
      // CustomerService.historyContactIds: its contact, then the contacts merged into it, oldest first
      historyContactIds:
        `'[' || ${jsonString('r.contact_id')} || coalesce((select string_agg(',' || ${jsonString('s.id')}, '' ` +
        `order by s.created_at, s.id) from contacts s where s.superseded_by_id = r.contact_id), '') || ']'`,
    },
    exportJoins: CONTACT_JOINS,
    tag,
    summary: 'Customers (paginated; search, ownerId, startDate, endDate, sortBy incl. lifetimeOrders, sortOrder)',
    selection: page(CUSTOMER),
  },
  {
    method: 'GET',
    path: '/api/customers/:id',
    operation: 'customer',
    tag,
    summary: 'One customer',
    selection: CUSTOMER,
  },
  {
    method: 'POST',
    path: '/api/customers',
    operation: 'createCustomer',
    body: 'input',
    status: 201,
    tag,
    summary: 'Create a customer (and its contact)',
    selection: CUSTOMER,
    example: {
      name: 'Lee Morgan',
      email: 'lee@morgan.example',
      phone: '+13035550100',
      billingAddress: '1 Main St',
      billingCity: 'Denver',
      billingState: 'CO',
      billingZipCode: '80202',
      ownerId: EXAMPLE_ID,
    },
  },
  {
    method: 'PUT',
    path: '/api/customers/:id',
    operation: 'updateCustomer',
    body: 'input',
    tag,
    summary: 'Update a customer',
    selection: CUSTOMER,
    example: { billingCity: 'Boulder' },
  },
  {
    method: 'DELETE',
    path: '/api/customers/:id',
    operation: 'deleteCustomer',
    tag,
    summary: 'Delete a customer',
    selection: DELETED,
  },
];
