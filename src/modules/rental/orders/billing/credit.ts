import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import Decimal from 'decimal.js';
import { AppError, ErrorCode } from '../../../../lib/errors';
import { formatMoney } from '../../../../lib/money';
import { Role } from '../../../../lib/role';
import { withPlatformAccess } from '../../../../db/access';
import { forgetCounts } from '../../../../db/read-path';
import type { Principal } from '../../../../http/principal';
import { AuditEntry, AuditKind } from '../../../accounts/audit/audit-entry.entity';
import { Customer } from '../../../crm/customers/customer.entity';
import type { RentalOrder } from '../rental-order.entity';

/**
 * What the customer owes or has booked besides this order: the balances of its live invoices (draft, sent) of
 * other orders, plus the totals of its other pending or completed orders without a live invoice. Raw SQL passes no
 * tenant filter, so the organization is in the WHERE clause.
 */
export async function openBalance(
  tx: EntityManager,
  organizationId: string,
  customerId: string,
  orderId: string,
): Promise<string> {
  const rows = await tx.execute<{ open: string }[]>(
    tx.getKnex().raw(
      `select (select coalesce(sum(i.total - i.amount_paid), 0) from invoices i
                where i.organization_id = :org and i.customer_id = :customer and i.status in ('draft', 'sent')
                  and i.order_id <> :order)
            + (select coalesce(sum(o.total), 0) from rental_orders o
                where o.organization_id = :org and o.customer_id = :customer and o.status in ('pending', 'completed')
                  and o.id <> :order
                  and not exists (select 1 from invoices i where i.order_id = o.id and i.status <> 'void')) as open`,
      { org: organizationId, customer: customerId, order: orderId },
    ),
  );
  return formatMoney(rows[0]?.open ?? 0);
}

/**
 * The credit check of a booking or an extension (docs/rental.md, "Credit"), in the caller's transaction, last (the
 * customer's row is locked FOR UPDATE after the items and the order, so two orders of one customer are checked
 * one after the other). A customer on hold is a 409 ACCOUNT_ON_HOLD; open balance + this order's total over the
 * credit limit a 409 CREDIT_LIMIT_EXCEEDED with the figures. An admin passes either with `overrideReason` (a
 * member who sends one is a 403); the reason is kept on the order and answered, for the audit log.
 */
export async function checkCredit(
  tx: EntityManager,
  principal: Principal,
  order: RentalOrder,
  overrideReason: string | null | undefined,
): Promise<string | null> {
  const reason = overrideReason?.trim() || null;
  if (reason && principal.role !== Role.admin && principal.role !== Role.super_admin)
    throw new AppError(ErrorCode.FORBIDDEN, 'Only an admin may override the credit check', [
      { field: 'creditOverrideReason', message: 'admins only' },
    ]);
  const customer = await tx.findOneOrFail(
    Customer,
    { id: order.customer.id },
    { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
  );
  let refusal: AppError | null = null;
  if (customer.accountHold)
    refusal = new AppError(
      ErrorCode.ACCOUNT_ON_HOLD,
      `The customer's account is on hold${customer.accountHoldReason ? `: ${customer.accountHoldReason}` : ''}; an admin may override with creditOverrideReason`,
      [{ field: 'customerId', message: customer.accountHoldReason ?? 'on hold' }],
    );
  else if (customer.creditLimit !== null) {
    const open = await openBalance(tx, principal.organizationId, customer.id, order.id);
    const over = new Decimal(open).plus(order.total).minus(customer.creditLimit);
    if (over.gt(0))
      refusal = new AppError(
        ErrorCode.CREDIT_LIMIT_EXCEEDED,
        `Over the customer's credit limit by ${formatMoney(over)} ${order.currency}: limit ${customer.creditLimit}, open balance ${open}, this order ${order.total}; an admin may override with creditOverrideReason`,
        [
          { field: 'creditLimit', message: customer.creditLimit },
          { field: 'openBalance', message: open },
          { field: 'thisOrder', message: order.total },
          { field: 'overBy', message: formatMoney(over) },
        ],
      );
  }
  if (!refusal) return null;
  if (!reason) throw refusal;
  order.creditOverrideReason = `${refusal.code}: ${reason}`.slice(0, 500);
  return order.creditOverrideReason;
}

/**
 * The override in the organization's audit log (`GET /api/audit`, docs/accounts.md), written once the order is
 * committed, with its own statement (the audit table is the platform's: AuditService.record does the same).
 */
export async function auditCreditOverride(
  em: EntityManager,
  principal: Principal,
  order: RentalOrder,
  operation: string,
  reason: string,
): Promise<void> {
  const impersonating = !!principal.impersonatorId;
  const row = new AuditEntry({
    actorUserId: principal.impersonatorId ?? principal.userId,
    actorEmail: principal.impersonatorEmail ?? principal.email,
    impersonatedUserId: impersonating ? principal.userId : undefined,
    impersonatedEmail: impersonating ? principal.email : undefined,
    targetOrganizationId: principal.organizationId,
    action: `credit.override ${order.id}: ${reason}`.slice(0, 300),
    operation,
    kind: AuditKind.write,
    recordId: order.id,
    status: 200,
  });
  await withPlatformAccess(() => em.fork().persistAndFlush(row));
  forgetCounts(principal.organizationId);
}
