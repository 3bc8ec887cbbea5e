import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import type { RentalContext } from '../rental.services';
import type { Page } from '../../../db/pagination';
import { AppError } from '../../../lib/errors';
import { Customer } from '../../crm/customers/customer.entity';
import { Invoice, InvoiceStatus, invoiceStatusOn } from './invoice.entity';
import { Payment } from './payment.entity';
import { InvoiceLine } from './invoice-line.types';
import { invoiceLines } from './invoice-lines';
import {
  InvoiceInput,
  InvoiceListArgs,
  InvoicePage,
  PaymentInput,
  PaymentListArgs,
  PaymentPage,
} from './invoice.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver(() => Invoice)
export class InvoiceResolver {
  @Guard(isAuthenticated)
  @Query(() => InvoicePage, {
    description:
      'Invoices (paginated; status incl. overdue, customerId, issue-date range, search on customer name and email)',
  })
  async invoices(@Args() args: InvoiceListArgs, @Ctx() ctx: RentalContext): Promise<Page<Invoice>> {
    return ctx.services.invoices.list(ctx.em, args, await ctx.today());
  }

  @Guard(isAuthenticated)
  @Query(() => Invoice)
  invoice(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<Invoice> {
    return ctx.services.invoices.get(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Invoice, {
    description: 'Invoice a transaction (amounts copied from it; next number of your organization); status draft',
  })
  createInvoice(@Arg('input') input: InvoiceInput, @Ctx() ctx: RentalContext): Promise<Invoice> {
    return ctx.services.invoices.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Invoice, { description: 'draft -> sent' })
  sendInvoice(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<Invoice> {
    return ctx.services.invoices.send(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Invoice, { description: 'draft | sent | overdue -> void, while nothing is paid (final)' })
  voidInvoice(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<Invoice> {
    return ctx.services.invoices.void(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Query(() => PaymentPage, { description: "An invoice's payments (paginated, oldest first)" })
  payments(
    @Arg('invoiceId', () => ID) invoiceId: string,
    @Args() args: PaymentListArgs,
    @Ctx() ctx: RentalContext,
  ): Promise<Page<Payment>> {
    return ctx.services.payments.list(ctx.em, invoiceId, args);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Payment, {
    description:
      'Record money received; an amount above the balance is refused (409); the invoice becomes paid at balance 0',
  })
  recordPayment(
    @Arg('invoiceId', () => ID) invoiceId: string,
    @Arg('input') input: PaymentInput,
    @Ctx() ctx: RentalContext,
  ): Promise<Payment> {
    return ctx.services.payments.record(ctx.em, ctx.principal, invoiceId, input);
  }

  @FieldResolver(() => InvoiceStatus, { description: 'overdue: sent, unpaid and due before the organization’s today' })
  async status(@Root() invoice: Invoice, @Ctx() ctx: Context): Promise<InvoiceStatus> {
    return invoiceStatusOn(invoice, await ctx.today());
  }

  @FieldResolver(() => [InvoiceLine], {
    description:
      'The rental lines of the order, then the charges billed on the invoice; their amounts add up to the subtotal',
  })
  lines(@Root() invoice: Invoice, @Ctx() ctx: Context): Promise<InvoiceLine[]> {
    return invoiceLines(ctx.em, invoice);
  }

  @FieldResolver(() => Customer)
  async customer(@Root() invoice: Invoice, @Ctx() ctx: Context): Promise<Customer> {
    const customer = await ctx.loaders.byId(Customer, ['contact']).load(invoice.customer.id);
    if (!customer) throw AppError.notFound('Customer');
    return customer;
  }
}
