import { newId } from '../../../lib/ids';
import type { ImportRow } from './csv-columns';
import type { ImportRowError } from './import.types';

/**
 * The CSV import's statements (docs/crm.md, "How"): the valid rows are copied into a staging table, every row is
 * decided against the organization's stored records in one statement, and the writes are one statement per table
 * and kind, whatever the file's size. All of it runs in one transaction (the service's).
 */

/** Row field -> staging column, stored contact column or customer billing column. Empty cells are NULL. */
const FIELDS = [
  { row: 'name', column: 'name', stored: 'c.name' },
  { row: 'phone', column: 'phone', stored: 'c.phone' },
  { row: 'address', column: 'address', stored: 'cu.billing_address' },
  { row: 'city', column: 'city', stored: 'cu.billing_city' },
  { row: 'state', column: 'state', stored: 'cu.billing_state' },
  { row: 'zipCode', column: 'zip_code', stored: 'cu.billing_zip_code' },
] as const satisfies readonly { row: keyof ImportRow; column: string; stored: string }[];
type Column = (typeof FIELDS)[number]['column'];
const CONTACT: Column[] = ['name', 'phone'];
const BILLING: Column[] = ['address', 'city', 'state', 'zip_code'];
const list = <T>(items: readonly T[], f: (item: T) => string) => items.map(f).join(', ');

/** The staging table, dropped with the transaction. Each row brings the ids its contact and customer would get. */
export const CREATE_STAGING = `create temp table import_rows (
  line int not null, email text not null, ${list(
    FIELDS.map((f) => f.column),
    (c) => `${c} text`,
  )}, contact_id uuid not null, customer_id uuid not null) on commit drop`;

export const COPY_STAGING = `copy import_rows (line, email, ${list(
  FIELDS.map((f) => f.column),
  (c) => c,
)}, contact_id, customer_id) from stdin (format csv)`;

const quote = (v: string | undefined) => (v === undefined ? '' : `"${v.replaceAll('"', '""')}"`);

/** A valid row as a line of COPY's CSV format: a present value quoted, an absent one unquoted and empty (NULL). */
export function copyLine(row: ImportRow): string {
  const cells = [String(row.line), quote(row.email), ...FIELDS.map((f) => quote(row[f.row] as string | undefined))];
  return `${cells.join(',')},${newId()},${newId()}\n`;
}

/**
 * The last non-empty value of a field over a window of the email's rows: `line` is unique, so the largest
 * `line || value` (byte order) belongs to the latest row that has one; NULL when none has.
 */
const latest = (column: string, window: string) =>
  `substr(max((lpad(r.line::text, 10, '0') || r.${column}) collate "C") over ${window}, 11)`;

/**
 * Every staged row decided as if the rows were applied one after the other in file order (an email repeated in the
 * file sees what its earlier rows left), in one statement:
 * - `stored`: the current contact of each email in the organization (through the unique (organization_id,
 *   lower(email)) index) and its first customer record;
 * - per row, each field as the email's earlier rows left it (`<field>_before`: the latest non-empty cell, else the
 *   stored value) and as all of them leave it (`<field>_final`);
 * - the outcome: an email of a contact that is not a customer fails on every row; the first row of a new email
 *   creates; the first row of a customer contact without a customer record updates (the record is created);
 *   another row updates when one of its non-empty cells differs from `<field>_before`, else it is skipped.
 * $1 is the organization.
 */
export const DECIDE = `create temp table import_decided on commit drop as
with stored as (
  select e.email, c.id as contact_id, c.status, cu.id as customer_id,
         ${list(FIELDS, (f) => `${f.stored} as ${f.column}`)}
    from (select distinct email from import_rows) e
    join contacts c on c.organization_id = $1 and c.superseded_by_id is null and lower(c.email) = e.email
    left join lateral (
      select id, billing_address, billing_city, billing_state, billing_zip_code from customers
       where organization_id = $1 and contact_id = c.id order by created_at, id limit 1) cu on true
), seen as (
  select r.line, r.email, r.contact_id as new_contact_id, r.customer_id as new_customer_id,
         s.contact_id, s.status, s.customer_id, row_number() over earlier as nth,
         ${list(FIELDS, (f) => `r.${f.column}`)},
         ${list(FIELDS, (f) => `coalesce(${latest(f.column, 'earlier')}, s.${f.column}) as ${f.column}_before`)},
         ${list(FIELDS, (f) => `coalesce(${latest(f.column, 'whole')}, s.${f.column}) as ${f.column}_final`)}
    from import_rows r left join stored s on s.email = r.email
  window earlier as (partition by r.email order by r.line rows between unbounded preceding and 1 preceding),
         whole as (partition by r.email)
)
select seen.*, case
  when contact_id is not null and status <> 'customer' then 'failed'
  when nth = 1 and contact_id is null then 'created'
  when nth = 1 and customer_id is null then 'updated'
  when ${FIELDS.map((f) => `(${f.column} is not null and ${f.column} is distinct from ${f.column}_before)`).join(' or ')}
    then 'updated'
  else 'skipped' end as outcome
from seen`;

/** The first row of each email whose records are written: a new contact, or a contact of status customer. */
const WRITTEN = `d.nth = 1 and (d.contact_id is null or d.status = 'customer')`;
const finals = (cols: Column[]) => list(cols, (c) => `d.${c}_final`);

/**
 * The writes, in order: the updates of stored records first, then the inserts (contacts before the customer
 * records that point at them). The updates join the decisions to the stored rows while the table statistics still
 * describe them: run after the inserts, they met the organization's 100,000 just-inserted contacts where the
 * statistics (taken when the organization was new) promised one, and the planner chose a nested loop over both
 * sides that ran for minutes (`npm run bench import` with BENCH_IMPORT_EXISTING). New contacts go in email order:
 * two imports that share new emails take the unique index's entries in the same order, so the later one waits for
 * the earlier and then fails on the unique constraint (409) instead of the two deadlocking. $1 is now, $2 the
 * organization.
 */
export const WRITES = [
  `update contacts c set name = d.name_final, phone = d.phone_final, updated_at = $1
     from import_decided d
    where ${WRITTEN} and c.id = d.contact_id and c.organization_id = $2
      and (c.name, c.phone) is distinct from (${finals(CONTACT)})`,
  `update customers cu set billing_address = d.address_final, billing_city = d.city_final,
          billing_state = d.state_final, billing_zip_code = d.zip_code_final, updated_at = $1
     from import_decided d
    where ${WRITTEN} and cu.id = d.customer_id and cu.organization_id = $2
      and (cu.billing_address, cu.billing_city, cu.billing_state, cu.billing_zip_code) is distinct from (${finals(BILLING)})`,
  `insert into contacts (id, created_at, updated_at, organization_id, email, name, phone, status, source)
   select d.new_contact_id, $1, $1, $2, d.email, ${finals(CONTACT)}, 'customer', 'import'
     from import_decided d where d.nth = 1 and d.contact_id is null order by d.email`,
  `insert into customers (id, created_at, updated_at, organization_id, contact_id, billing_address, billing_city,
                          billing_state, billing_zip_code)
   select d.new_customer_id, $1, $1, $2, coalesce(d.contact_id, d.new_contact_id), ${finals(BILLING)}
     from import_decided d where ${WRITTEN} and d.customer_id is null`,
];

/** The counts by outcome and the rejected rows (line and the contact's status), in one statement. */
export const OUTCOMES = `select outcome, count(*)::int as n,
  coalesce(json_agg(json_build_array(line, status) order by line) filter (where outcome = 'failed'), '[]') as failed
  from import_decided group by outcome`;

type Outcome = 'created' | 'updated' | 'skipped' | 'failed';
export type OutcomeRow = { outcome: Outcome; n: number; failed: [line: number, status: string][] };

export function rejection([row, status]: [number, string]): ImportRowError {
  return {
    row,
    field: 'email',
    message: `this email belongs to a contact of status ${status}; convert the lead or change that contact instead`,
  };
}
