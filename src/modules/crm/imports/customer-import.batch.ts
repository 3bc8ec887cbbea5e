import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { clock } from '../../../lib/clock';
import type { ImportRow } from './csv-columns';
import type { ImportReport, ImportRowError } from './import.types';

type Outcome = { kind: 'updated' | 'skipped' } | { kind: 'failed'; error: ImportRowError };

/** Row field -> column where it is stored. Empty cells never clear stored values. */
const CONTACT_FIELDS = { name: 'name', phone: 'phone' } as const;
const BILLING_FIELDS = {
  address: 'billing_address',
  city: 'billing_city',
  state: 'billing_state',
  zipCode: 'billing_zip_code',
} as const;
type ContactColumns = Record<(typeof CONTACT_FIELDS)[keyof typeof CONTACT_FIELDS], string | null>;
type BillingColumns = Record<(typeof BILLING_FIELDS)[keyof typeof BILLING_FIELDS], string | null>;

/** A current contact of the organization with the row's email, and its (first) customer record, as plain rows. */
export interface Stored {
  contact: { id: string; status: string; isNew: boolean } & ContactColumns;
  customer: ({ id: string; isNew: boolean } & BillingColumns) | null;
}

/**
 * Decides a row against what is stored: a contact that is not a customer is a row error; otherwise the row is
 * an update when one of its non-empty cells differs from the stored value, else skipped.
 */
function decide(stored: Stored, row: ImportRow): Outcome {
  if (stored.contact.status !== 'customer') {
    const message = `this email belongs to a contact of status ${stored.contact.status}; convert the lead or change that contact instead`;
    return { kind: 'failed', error: { row: row.line, field: 'email', message } };
  }
  const customer = stored.customer;
  if (!customer) return { kind: 'updated' };
  const differs = <F extends string, C extends string>(fields: Record<F, C>, into: Record<C, string | null>) =>
    (Object.entries(fields) as [F, C][]).some(
      ([f, c]) => row[f as keyof ImportRow] !== undefined && row[f as keyof ImportRow] !== into[c],
    );
  return { kind: differs(CONTACT_FIELDS, stored.contact) || differs(BILLING_FIELDS, customer) ? 'updated' : 'skipped' };
}

/** Copies the row's non-empty cells onto the stored rows (a missing customer record is created). */
function apply(stored: Stored, row: ImportRow, dirty: { contacts: Set<Stored>; customers: Set<Stored> }): void {
  stored.customer ??= {
    id: randomUUID(),
    isNew: true,
    billing_address: null,
    billing_city: null,
    billing_state: null,
    billing_zip_code: null,
  };
  const customer = stored.customer;
  const copy = <F extends string, C extends string>(fields: Record<F, C>, into: Record<C, string | null>) => {
    let changed = false;
    for (const [f, c] of Object.entries(fields) as [F, C][]) {
      const v = row[f as keyof ImportRow] as string | undefined;
      if (v !== undefined && v !== into[c]) {
        into[c] = v;
        changed = true;
      }
    }
    return changed;
  };
  if (copy(CONTACT_FIELDS, stored.contact) && !stored.contact.isNew) dirty.contacts.add(stored);
  if (copy(BILLING_FIELDS, customer) || customer.isNew) dirty.customers.add(stored);
}

/**
 * Runs in the caller's transaction with the values as bind parameters. `em.execute` would write them into the
 * SQL text (MikroORM escapes every literal: a 2,000-row batch's JSON is copied and escaped character by character):
 * 5,700-6,000 -> 6,300-6,800 rows/s and 333-351 -> 291-309 MB peak RSS for 100,000 rows, A/B/A/B (docs/performance.md,
 * "Sixth session").
 */
async function run<T = unknown>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const query = em.getKnex().raw(sql, params as never[]);
  const tx = em.getTransactionContext();
  const res = (await (tx ? query.transacting(tx) : query)) as { rows: T[] };
  return res.rows;
}

/**
 * Two statements: the current contacts of a batch's emails, then the first customer record of each. Each list
 * is one array parameter compared with `= any(...)`: an unnamed statement is planned with its parameters' values,
 * so the plan is an index lookup whatever the tables' statistics say. A join (or a sub-select over a JSON array)
 * planned on the statistics of an import's first seconds turned quadratic (a sequential scan per batch) as the
 * tables grew.
 */
export async function findExisting(
  em: EntityManager,
  organizationId: string,
  rows: ImportRow[],
): Promise<Map<string, Stored>> {
  const emails = [...new Set(rows.map((r) => r.email))];
  const contacts = await run<ContactColumns & { id: string; email: string; status: string }>(
    em,
    `select id, lower(email) as email, status, name, phone from contacts
      where organization_id = ? and superseded_by_id is null and lower(email) = any(?::text[])`,
    [organizationId, emails],
  );
  const customers = contacts.length
    ? await run<BillingColumns & { id: string; contact_id: string }>(
        em,
        `select distinct on (contact_id) id, contact_id, billing_address, billing_city, billing_state, billing_zip_code
           from customers where organization_id = ? and contact_id = any(?::uuid[]) order by contact_id, created_at`,
        [organizationId, contacts.map((c) => c.id)],
      )
    : [];
  const customerOf = new Map(customers.map(({ contact_id, ...c }) => [contact_id, { ...c, isNew: false }]));
  return new Map(
    contacts.map(({ email, ...c }) => [
      email,
      { contact: { ...c, isNew: false }, customer: customerOf.get(c.id) ?? null },
    ]),
  );
}

/** Decides every row of a batch against `existing` (updated in place, so a repeated email sees the earlier row). */
export function decideBatch(existing: Map<string, Stored>, rows: ImportRow[]) {
  const report = emptyCounts();
  const dirty = { contacts: new Set<Stored>(), customers: new Set<Stored>() };
  const created: { stored: Stored; email: string }[] = [];
  for (const row of rows) {
    const hit = existing.get(row.email);
    if (hit) {
      const outcome = decide(hit, row);
      report[outcome.kind]++;
      if (outcome.kind === 'failed') report.errors.push(outcome.error);
      else if (outcome.kind === 'updated') apply(hit, row, dirty);
      continue;
    }
    const stored: Stored = {
      contact: { id: randomUUID(), status: 'customer', isNew: true, name: row.name, phone: null },
      customer: null,
    };
    apply(stored, row, dirty);
    existing.set(row.email, stored);
    created.push({ stored, email: row.email });
    report.created++;
  }
  return { report, dirty, created };
}

/**
 * Validated rows of one batch, written in the caller's transaction with set-based statements (docs/crm.md,
 * "Import"): one read of the stored rows, then at most one INSERT of contacts, one INSERT of customer records,
 * one UPDATE of each, whatever the batch's size. Counts only count once committed.
 */
export async function writeBatch(em: EntityManager, organizationId: string, rows: ImportRow[]): Promise<BatchCounts> {
  const { report, dirty, created } = decideBatch(await findExisting(em, organizationId, rows), rows);
  const now = clock.now();
  if (created.length) {
    const json = created.map(({ stored: { contact }, email }) => ({ ...contact, email }));
    await run(
      em,
      `insert into contacts (id, created_at, updated_at, organization_id, name, email, phone, status, source)
       select id, ?, ?, ?, name, email, phone, 'customer', 'import'
         from jsonb_to_recordset(?::jsonb) as r(id uuid, name text, email text, phone text)`,
      [now, now, organizationId, JSON.stringify(json)],
    );
  }
  const customers = [...dirty.customers].flatMap((s) =>
    s.customer ? [{ contact: s.contact, customer: s.customer }] : [],
  );
  const fresh = customers.filter((c) => c.customer.isNew);
  if (fresh.length) {
    await run(
      em,
      `insert into customers (id, created_at, updated_at, organization_id, contact_id, billing_address, billing_city, billing_state, billing_zip_code)
       select id, ?, ?, ?, contact_id, billing_address, billing_city, billing_state, billing_zip_code
         from jsonb_to_recordset(?::jsonb) as ${BILLING_RECORD}`,
      [now, now, organizationId, billing(fresh)],
    );
  }
  const changedCustomers = customers.filter((c) => !c.customer.isNew);
  if (changedCustomers.length) {
    await run(
      em,
      `update customers cu set billing_address = r.billing_address, billing_city = r.billing_city,
              billing_state = r.billing_state, billing_zip_code = r.billing_zip_code, updated_at = ?
         from jsonb_to_recordset(?::jsonb) as ${BILLING_RECORD}
        where cu.id = r.id and cu.organization_id = ?`,
      [now, billing(changedCustomers), organizationId],
    );
  }
  if (dirty.contacts.size) {
    const changed = [...dirty.contacts].map((s) => s.contact);
    await run(
      em,
      `update contacts c set name = r.name, phone = r.phone, updated_at = ?
         from jsonb_to_recordset(?::jsonb) as r(id uuid, name text, phone text)
        where c.id = r.id and c.organization_id = ?`,
      [now, JSON.stringify(changed), organizationId],
    );
  }
  return report;
}

const BILLING_RECORD = `r(id uuid, contact_id uuid, billing_address text, billing_city text, billing_state text, billing_zip_code text)`;

/** Customer records as one JSON parameter for jsonb_to_recordset (BILLING_RECORD). */
function billing(rows: { contact: { id: string }; customer: { id: string } & BillingColumns }[]): string {
  return JSON.stringify(rows.map(({ contact, customer }) => ({ ...customer, contact_id: contact.id })));
}

export type BatchCounts = Pick<ImportReport, 'created' | 'updated' | 'skipped' | 'failed' | 'errors'>;

export function emptyCounts(): BatchCounts {
  return { created: 0, updated: 0, skipped: 0, failed: 0, errors: [] };
}

/** Adds a committed batch's counts to the report. */
export function addCounts(report: ImportReport, counts: BatchCounts): void {
  report.created += counts.created;
  report.updated += counts.updated;
  report.skipped += counts.skipped;
  report.failed += counts.failed;
  for (const e of counts.errors) report.errors.push(e);
}
