/**
 * The export columns a lead or customer reads from its contact (contact-backed.resolver.ts), in SQL for the
 * exports' lines (RouteRow `exportCells`). The contact always exists: `contact_id` is not null, references a
 * contact of the same organization and cascades on delete.
 */
import type { ExportCell } from '../../http/route-row';

/** A column of the list row's contact. */
export const contactColumn = (column: string): string =>
  `(select c.${column} from contacts c where c.id = r.contact_id)`;

export const CONTACT_BACKED_CELLS: Record<string, ExportCell> = {
  contactId: 'r.contact_id',
  email: contactColumn('email'),
  phone: contactColumn('phone'),
  companyId: contactColumn('company_id'),
  ownerId: contactColumn('owner_id'),
};
