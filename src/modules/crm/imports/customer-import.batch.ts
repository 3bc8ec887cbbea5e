import type { EntityManager } from '@mikro-orm/postgresql';
import { emailKey } from '../contacts/contact-fields';
import { Organization } from '../../accounts/organizations/organization.entity';
import { Contact, ContactStatus } from '../contacts/contact.entity';
import { Customer } from '../customers/customer.entity';
import type { ImportRow } from './csv-columns';
import type { ImportReport, ImportRowError } from './import.types';

type Outcome = { kind: 'updated' | 'skipped' } | { kind: 'failed'; error: ImportRowError };

/** Row field -> where it is stored. Empty cells never clear stored values. */
const CONTACT_FIELDS = { name: 'name', phone: 'phone' } as const;
const BILLING_FIELDS = {
  address: 'billingAddress',
  city: 'billingCity',
  state: 'billingState',
  zipCode: 'billingZipCode',
} as const;

/** A current contact of the organization with the row's email, and its customer record if it has one. */
class Existing {
  constructor(
    readonly contact: Contact,
    public customer: Customer | null,
  ) {}

  decide(row: ImportRow): Outcome {
    if (this.contact.status !== ContactStatus.customer) {
      const message = `this email belongs to a contact of status ${this.contact.status}; convert the lead or change that contact instead`;
      return { kind: 'failed', error: { row: row.line, field: 'email', message } };
    }
    const customer = this.customer;
    if (!customer) return { kind: 'updated' };
    const changed =
      Object.entries(CONTACT_FIELDS).some(
        ([f, p]) =>
          row[f as keyof typeof CONTACT_FIELDS] !== undefined &&
          row[f as keyof typeof CONTACT_FIELDS] !== this.contact[p],
      ) ||
      Object.entries(BILLING_FIELDS).some(
        ([f, p]) =>
          row[f as keyof typeof BILLING_FIELDS] !== undefined && row[f as keyof typeof BILLING_FIELDS] !== customer[p],
      );
    return { kind: changed ? 'updated' : 'skipped' };
  }

  /** Copies the row's non-empty cells; `manage`: the new customer record goes through the unit of work. */
  apply(em: EntityManager, row: ImportRow, manage = true): void {
    if (!this.customer) {
      this.customer = new Customer(this.contact.organization, this.contact);
      if (manage) em.persist(this.customer);
    }
    for (const [f, p] of Object.entries(CONTACT_FIELDS)) {
      const v = row[f as keyof typeof CONTACT_FIELDS];
      if (v !== undefined) this.contact[p] = v;
    }
    for (const [f, p] of Object.entries(BILLING_FIELDS)) {
      const v = row[f as keyof typeof BILLING_FIELDS];
      if (v !== undefined) this.customer[p] = v;
    }
  }
}

/** One query for the contacts of a batch's emails, one for their customer records. */
export async function findExisting(em: EntityManager, rows: ImportRow[]): Promise<Map<string, Existing>> {
  const emails = [...new Set(rows.map((r) => r.email))];
  const contacts = await em.find(Contact, { [emailKey()]: { $in: emails }, supersededBy: null } as never);
  const customers = contacts.length
    ? await em.find(Customer, { contact: { $in: contacts.map((c) => c.id) } }, { orderBy: { createdAt: 'asc' } })
    : [];
  const customerOf = new Map<string, Customer>();
  for (const c of customers) if (!customerOf.has(c.contact.id)) customerOf.set(c.contact.id, c);
  const found = new Map<string, Existing>();
  for (const c of contacts) if (c.email) found.set(c.email, new Existing(c, customerOf.get(c.id) ?? null)); // all have one: found by it
  return found;
}

/** Validated rows of one batch, written in the caller's transaction: new emails are created, known ones updated. Counts only count once committed. */
export async function writeBatch(em: EntityManager, organizationId: string, rows: ImportRow[]): Promise<BatchCounts> {
  const report = emptyCounts();
  const existing = await findExisting(em, rows);
  const org = em.getReference(Organization, organizationId);
  const fresh: { contact: Contact; customer: Customer }[] = [];
  for (const row of rows) {
    const hit = existing.get(row.email);
    if (hit) {
      const outcome = hit.decide(row);
      report[outcome.kind]++;
      if (outcome.kind === 'failed') report.errors.push(outcome.error);
      else if (outcome.kind === 'updated') hit.apply(em, row);
      continue;
    }
    const contact = new Contact(org, row.name, ContactStatus.customer);
    contact.email = row.email;
    contact.source = 'import';
    const customer = new Customer(org, contact);
    const created = new Existing(contact, customer);
    created.apply(em, row, false);
    fresh.push({ contact, customer });
    existing.set(row.email, created);
    report.created++;
  }
  // New rows are the bulk of an import: one multi-row INSERT per table instead of the unit of work.
  if (fresh.length) {
    await em.insertMany(
      Contact,
      fresh.map((f) => f.contact),
    );
    await em.insertMany(
      Customer,
      fresh.map((f) => f.customer),
    );
  }
  return report;
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
