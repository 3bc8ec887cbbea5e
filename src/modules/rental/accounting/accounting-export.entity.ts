import { Entity, Enum, Index, ManyToOne, Property, Ref, ref, Unique } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../../db/tenant.entity';
import type { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Invoice } from '../orders/invoice.entity';
import { Payment } from '../orders/payment.entity';

/** Which bookkeeping service the file is for (docs/rental.md, "Accounting export"). */
export enum AccountingFormat {
  quickbooks = 'quickbooks',
  xero = 'xero',
}
registerEnumType(AccountingFormat, { name: 'AccountingFormat', description: 'QuickBooks Online or Xero' });

export enum AccountingExportKind {
  invoices = 'invoices',
  payments = 'payments',
}
registerEnumType(AccountingExportKind, { name: 'AccountingExportKind' });

/** How the file writes days: MDY 07/31/2026, DMY 31/07/2026, ISO 2026-07-31. */
export enum AccountingDateFormat {
  MDY = 'MDY',
  DMY = 'DMY',
  ISO = 'ISO',
}
registerEnumType(AccountingDateFormat, { name: 'AccountingDateFormat' });

/**
 * One accounting export: a CSV file of an organization's invoices or payments of a range of days in one bookkeeping
 * service's import format, kept so it can be downloaded again. What it exported is marked (AccountingExportMark), so
 * the next export of the range leaves it out unless asked.
 */
@ObjectType('AccountingExport')
@Entity({ tableName: 'accounting_exports' })
@Index({ properties: ['organization', 'createdAt'] })
export class AccountingExport extends TenantEntity {
  @Field(() => AccountingFormat) @Enum({ items: () => AccountingFormat }) format: AccountingFormat;
  @Field(() => AccountingExportKind) @Enum({ items: () => AccountingExportKind }) kind: AccountingExportKind;
  @Field({ description: 'First day of the range (issue date or payment day), YYYY-MM-DD' })
  @Property({ type: 'date', fieldName: 'from_date' })
  from: string;
  @Field({ description: 'Last day of the range, inclusive' })
  @Property({ type: 'date', fieldName: 'to_date' })
  to: string;
  @Field({ description: 'Whether records exported before in this format were included' })
  @Property()
  includeExported: boolean;
  @Field(() => AccountingDateFormat) @Enum({ items: () => AccountingDateFormat }) dateFormat: AccountingDateFormat;
  @Field(() => Int, { description: 'Invoices or payments in the file' })
  @Property({ type: 'integer' })
  recordCount: number;
  @Field(() => Int, { description: 'Data rows of the file (one per invoice line; one per payment)' })
  @Property({ type: 'integer' })
  rowCount: number;
  @Field(() => Int, { description: 'Records of the range left for the next export (the per-file limit)' })
  @Property({ type: 'integer' })
  remaining: number;
  @Field({ description: 'e.g. quickbooks-invoices-2026-07-01_2026-07-31.csv' })
  @Property({ length: 200 })
  fileName: string;
  /** The file as sent (UTF-8 CSV): downloaded again by GET /api/accounting/exports/:id/file. */
  @Property({ type: 'text', lazy: true })
  content: string;
  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null' })
  createdBy: Ref<User> | null = null;

  @Field(() => ID, { nullable: true }) get createdById(): string | null {
    return this.createdBy?.id ?? null;
  }

  constructor(
    organization: Organization,
    props: Omit<AccountingExport, keyof TenantEntity | 'createdBy' | 'createdById'>,
  ) {
    super();
    this.organization = ref(organization);
    Object.assign(this, props);
  }
}

/** An invoice or payment exported in a format: by which export, when (its creation). Re-exporting moves the mark. */
@Entity({ tableName: 'accounting_export_marks' })
@Unique({ name: 'accounting_export_marks_invoice_unique', properties: ['organization', 'format', 'invoice'] })
@Unique({ name: 'accounting_export_marks_payment_unique', properties: ['organization', 'format', 'payment'] })
export class AccountingExportMark extends TenantEntity {
  @ManyToOne({ entity: () => AccountingExport, ref: true, deleteRule: 'cascade', index: true })
  export: Ref<AccountingExport>;
  @Enum({ items: () => AccountingFormat }) format: AccountingFormat;
  @ManyToOne({ entity: () => Invoice, ref: true, nullable: true, deleteRule: 'cascade' })
  invoice: Ref<Invoice> | null = null;
  @ManyToOne({ entity: () => Payment, ref: true, nullable: true, deleteRule: 'cascade' })
  payment: Ref<Payment> | null = null;
}
