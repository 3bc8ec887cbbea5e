/**
 * The export columns of an invoice that are not read from its own columns as they are (RouteRow `exportCells`), in
 * SQL as GraphQL answers them (invoice.entity.ts, invoice.resolver.ts), members in the order of the list's selection
 * (invoice.routes.ts). Its customer in the caller's organization, with the name and email of its contact
 * (crm/contact-backed.cells.ts); none is the list's error, so that row is written in JavaScript.
 */
import { columnMembers, jsonBoolean, jsonbObjectArray, jsonbScalar, jsonObject, moneyText } from '../../../db/json-sql';
import type { ExportCell } from '../../../http/route-row';

/** `customer { id name email }` */
const CUSTOMER = jsonObject([...columnMembers('cu', 'id:ID!'), ...columnMembers('c', 'name:String! email:String')]);

/** `charges { chargeId kind description amount }`: the stored jsonb array, each member a String (the ID's too). */
const CHARGE = (v: string) =>
  jsonObject(
    ['chargeId', 'kind', 'description', 'amount'].map((key) => [
      key,
      jsonbScalar(`${v}->'${key}'`, 'String', true),
      true,
    ]),
  );

/**
 * The UTC date of the statement: an organization's today (its timezone, UTC-12 to UTC+14) is within a day of it, and
 * within two of it when the GraphQL path reads the clock seconds apart across a midnight.
 */
const UTC_TODAY = `(now() at time zone 'UTC')::date`;

/**
 * `status` as invoiceStatusOn answers it on the organization's today: a sent invoice is overdue once its due date has
 * passed. Decided in SQL only where every today within two days of UTC's agrees (a due date more than two days past,
 * or two days ahead or later; four-digit years, which compare as invoiceStatusOn's strings do); a sent invoice due
 * around today is null, so its row is written in JavaScript, on the organization's own today.
 */
const STATUS =
  `case when r.status in ('draft', 'paid', 'void') then r.status when r.status = 'sent' then case ` +
  `when r.due_date < ${UTC_TODAY} - 2 and r.due_date >= '1000-01-01' then 'overdue' ` +
  `when r.due_date >= ${UTC_TODAY} + 2 and r.due_date <= '9999-12-31' then 'sent' end end`;

export const INVOICE_CELLS: Record<string, ExportCell> = {
  transactionId: 'r.order_id',
  // `INV-` and the number padded to six digits (padStart: a longer number as it is)
  invoiceNumber: `'INV-' || repeat('0', 6 - length(r.number::text)) || r.number::text`,
  customer:
    `(select ${CUSTOMER} from customers cu join contacts c on c.id = cu.contact_id and c.organization_id = cu.organization_id ` +
    `where cu.id = r.customer_id and cu.organization_id = r.organization_id)`,
  status: STATUS,
  charges: jsonbObjectArray('r.charges', CHARGE, 'e'),
  balance: moneyText('r.total - r.amount_paid'),
  isPaid: jsonBoolean(`r.status = 'paid'`),
};
