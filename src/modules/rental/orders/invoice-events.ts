import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventEmitter } from '../../../events/event-emitter';
import type { Invoice } from './invoice.entity';

/** The invoice events of the outbox (docs/events.md, "Event kinds and their data"). */
export const INVOICE_EVENTS = ['invoice.created', 'invoice.paid', 'invoice.overdue'] as const;
export type InvoiceEvent = (typeof INVOICE_EVENTS)[number];

/**
 * Emits an invoice event in the caller's transaction: the invoice as it is after the change, with the same fields
 * as the workflows' `invoice.dueDate` trigger (src/modules/workflows/time-triggers.ts), and who made the change
 * (null: the system, invoice.overdue), with the kind's own fields (`extra`: invoice.overdue's asOf and daysLate).
 */
export function emitInvoiceEvent(
  events: EventEmitter,
  tx: EntityManager,
  invoice: Invoice,
  kind: InvoiceEvent,
  changedBy: string | null,
  extra: Record<string, unknown> = {},
): void {
  events.emit(tx, invoice.organization.id, kind, {
    id: invoice.id,
    customerId: invoice.customerId,
    orderId: invoice.transactionId,
    number: invoice.number,
    status: invoice.storedStatus,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    total: invoice.total,
    amountPaid: invoice.amountPaid,
    balanceDue: invoice.balance,
    currency: invoice.currency,
    changedBy,
    ...extra,
  });
}
