/**
 * The export columns a lead or customer reads from its contact (contact-backed.resolver.ts), in SQL for the
 * exports' lines (RouteRow `exportCells`), over the contact joined once per row as `c` (`CONTACT_JOIN`). The contact
 * always exists: `contact_id` is not null, references a contact of the same organization and cascades on delete.
 */
import type { ExportCell } from '../../http/route-row';

/** The list row's contact as `c`, and its company as `co`. */
export const CONTACT_JOINS = [
  'left join contacts c on c.id = r.contact_id',
  'left join companies co on co.id = c.company_id',
];

export const CONTACT_BACKED_CELLS: Record<string, ExportCell> = {
  contactId: 'r.contact_id',
  email: 'c.email',
  phone: 'c.phone',
  companyId: 'c.company_id',
  ownerId: 'c.owner_id',
};
