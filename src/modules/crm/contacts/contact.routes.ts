import { DELETED, EXAMPLE_ID, page, type RouteRow } from '../../../http/route-row';
import { CONTACT } from '../crm.selections';

const tag = 'Contacts';

export const contactRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/contacts',
    operation: 'contacts',
    exportable: true,
    tag,
    summary: 'Unified contacts (paginated; search, status, ownerId, companyId, startDate, endDate, sortBy, sortOrder)',
    selection: page(CONTACT),
  },
  {
    method: 'GET',
    path: '/api/contacts/:id',
    operation: 'contact',
    tag,
    summary: 'One contact (also converted or merged ones, with supersededById)',
    selection: CONTACT,
  },
  {
    method: 'POST',
    path: '/api/contacts',
    operation: 'createContact',
    body: 'input',
    status: 201,
    tag,
    summary: 'Create a contact (409 when the email is taken)',
    selection: CONTACT,
    example: {
      name: 'Dana Scott',
      email: 'dana@example.com',
      phone: '+14155550123',
      status: 'unknown',
      ownerId: EXAMPLE_ID,
    },
  },
  {
    method: 'PUT',
    path: '/api/contacts/:id',
    operation: 'updateContact',
    body: 'input',
    tag,
    summary: 'Update a contact (fields present are changed; null clears)',
    selection: CONTACT,
    example: { phone: '+14155550124', companyId: EXAMPLE_ID },
  },
  {
    method: 'DELETE',
    path: '/api/contacts/:id',
    operation: 'deleteContact',
    tag,
    summary: 'Delete a contact that backs no lead or customer',
    selection: DELETED,
  },
  {
    method: 'POST',
    path: '/api/contacts/bulk-update',
    operation: 'bulkUpdateContacts',
    body: 'input',
    tag,
    summary:
      'Set the owner or status of every contact a list filter matches (dryRun: count only), in one transaction; contact.updated per changed contact',
    selection: '{ matched updated dryRun }',
    example: { filter: { ownerId: EXAMPLE_ID }, set: { ownerId: EXAMPLE_ID }, dryRun: true },
  },
  {
    method: 'POST',
    path: '/api/contacts/:id/merge',
    operation: 'mergeContacts',
    body: 'input',
    tag,
    summary: 'Fold duplicate contacts (sourceIds) into this one',
    selection: CONTACT,
    example: { sourceIds: [EXAMPLE_ID] },
  },
];
