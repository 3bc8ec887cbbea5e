import type { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import Decimal from 'decimal.js';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import { AppError, FieldError } from '../../../lib/errors';
import { clock } from '../../../lib/clock';
import type { Principal } from '../../../http/principal';
import { Organization } from '../../accounts/organizations/organization.entity';
import { Customer } from '../../crm/customers/customer.entity';
import { findOr404, referenced } from '../../../db/find-or-404';
import { addDays, checkDay } from '../../../lib/calendar-days';
import { organizationToday } from '../../../db/organization-day';
import { RentalOrder, RentalOrderStatus } from './rental-order.entity';
import { Invoice, InvoiceStatus } from './invoice.entity';
import { DEFAULT_PAYMENT_TERM_DAYS, InvoiceInput, InvoiceListArgs } from './invoice.types';
import { nextInvoiceNumber } from './invoice-number';
import { dayRangeFilter } from '../../../db/day-range';
import { OrderCharge } from './order-charge.entity';
import { billCharges, unbilledCharges } from './invoice-lines';
import type { EventEmitter } from '../../../events/event-emitter';
import { emitInvoiceEvent, type InvoiceEvent } from './invoice-events';

const LIST: ListSpec<Invoice> = {
  searchFields: ['customer.contact.name', 'customer.contact.email'],
  sortable: {
    number: 'number',
    issueDate: 'issueDate',
    dueDate: 'dueDate',
    total: 'total',
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
  },
  defaultSort: { field: 'number', order: SortOrder.desc },
};

/**
 * `overdue` is not stored: a sent invoice past its due date (the organization's today). `sent` therefore means
 * sent and not yet due.
 */
function statusFilter(status: InvoiceStatus | undefined, today: string): Record<string, unknown> {
  if (!status) return {};
  if (status === InvoiceStatus.overdue) return { storedStatus: InvoiceStatus.sent, dueDate: { $lt: today } };
  if (status === InvoiceStatus.sent) return { storedStatus: InvoiceStatus.sent, dueDate: { $gte: today } };
  return { storedStatus: status };
}

/** The invoice, locked for the rest of the caller's transaction (payments and moves serialize on it). */
export async function lockInvoice(tx: EntityManager, id: string): Promise<Invoice> {
  return findOr404(tx, Invoice, id, 'Invoice', { lock: true });
}

/** Invoices from transactions: a per-organization number sequence, due dates, draft -> sent -> paid (by payments) or void. */
export class InvoiceService {
  constructor(private readonly events: EventEmitter) {}

  /** An invoice event (invoice.created, invoice.paid) in the caller's transaction. */
  emit(tx: EntityManager, invoice: Invoice, kind: InvoiceEvent, principal: Principal): void {
    emitInvoiceEvent(this.events, tx, invoice, kind, principal.userId);
  }

  /** `today`: the organization's (Context.today), for the derived status overdue. */
  list(em: EntityManager, args: InvoiceListArgs, today: string): Promise<Page<Invoice>> {
    const where: Record<string, unknown> = {
      ...dayRangeFilter('issueDate', args),
      ...statusFilter(args.status, today),
    };
    if (args.customerId) where.customer = args.customerId;
    return listPage(em, Invoice, args, LIST, where as FilterQuery<Invoice>);
  }

  async get(em: EntityManager, id: string): Promise<Invoice> {
    return findOr404(em, Invoice, id, 'Invoice');
  }

  async create(em: EntityManager, principal: Principal, input: InvoiceInput): Promise<Invoice> {
    const issueDate = input.issueDate ?? (await organizationToday(em, principal.organizationId));
    const errors: FieldError[] = [];
    const issueOk = checkDay(issueDate, 'issueDate', errors);
    const dueDate = input.dueDate ?? (issueOk ? addDays(issueDate, DEFAULT_PAYMENT_TERM_DAYS) : undefined);
    if (dueDate !== undefined && checkDay(dueDate, 'dueDate', errors) && issueOk && dueDate < issueDate)
      errors.push({ field: 'dueDate', message: 'dueDate must not be before issueDate' });
    if (errors.length || dueDate === undefined) throw AppError.validation(errors); // dueDate is only missing when issueDate is invalid

    return em.transactional(async (tx) => {
      const order = await referenced(tx, RentalOrder, input.transactionId, 'transactionId', { lock: true });
      if (order.status === RentalOrderStatus.cancelled)
        throw AppError.conflict('A cancelled transaction cannot be invoiced');
      const live = await tx.findOne(Invoice, { order: order.id, storedStatus: { $ne: InvoiceStatus.void } });
      if (live)
        throw AppError.conflict(
          `Transaction already has invoice ${live.invoiceNumber}; void it first to issue another`,
        );
      const org = tx.getReference(Organization, principal.organizationId);
      const number = await nextInvoiceNumber(tx, principal.organizationId);
      const invoice = new Invoice(org, order, tx.getReference(Customer, order.customer.id), {
        number,
        issueDate,
        dueDate,
      });
      billCharges(invoice, order, await unbilledCharges(tx, order.id));
      const free = new Decimal(invoice.total).isZero();
      if (free) Object.assign(invoice, { storedStatus: InvoiceStatus.paid, paidAt: clock.now() });
      tx.persist(invoice);
      this.emit(tx, invoice, 'invoice.created', principal);
      // nothing to pay: paid as it is made
      if (free) this.emit(tx, invoice, 'invoice.paid', principal);
      return invoice;
    });
  }

  /** draft -> sent. */
  send(em: EntityManager, id: string): Promise<Invoice> {
    return em.transactional(async (tx) => {
      const invoice = await lockInvoice(tx, id);
      if (invoice.storedStatus !== InvoiceStatus.draft)
        throw AppError.conflict(
          `Invoice ${invoice.invoiceNumber} is ${invoice.storedStatus}; only a draft can be sent`,
        );
      Object.assign(invoice, { storedStatus: InvoiceStatus.sent, sentAt: clock.now() });
      return invoice;
    });
  }

  /** draft | sent | overdue -> void, only while nothing has been paid on it. */
  void(em: EntityManager, id: string): Promise<Invoice> {
    return em.transactional(async (tx) => {
      const invoice = await lockInvoice(tx, id);
      if (invoice.storedStatus === InvoiceStatus.void || invoice.storedStatus === InvoiceStatus.paid)
        throw AppError.conflict(`Invoice ${invoice.invoiceNumber} is ${invoice.storedStatus} (final)`);
      if (!new Decimal(invoice.amountPaid).isZero())
        throw AppError.conflict(`Invoice ${invoice.invoiceNumber} has payments and cannot be voided`);
      Object.assign(invoice, { storedStatus: InvoiceStatus.void, voidedAt: clock.now() });
      // its charges go back to the order, for the invoice that replaces it
      for (const c of await tx.find(OrderCharge, { invoice: invoice.id })) c.invoice = null;
      return invoice;
    });
  }
}
