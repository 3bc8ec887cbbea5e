import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import type { CrmContext, CrmServices } from '../crm.services';
import type { Page } from '../../../db/pagination';
import { DeletePayload } from '../../../lib/fields';
import { backingContact, ContactBackedResolver } from '../contact-backed.resolver';
import { Lead } from '../leads/lead.entity';
import { LEAD_POPULATE } from '../leads/lead.service';
import { Customer } from './customer.entity';
import { CustomerInput, CustomerListArgs, CustomerPage, CustomerUpdateInput } from './customer.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver(() => Customer)
export class CustomerResolver extends ContactBackedResolver(Customer) {
  @Guard(isAuthenticated)
  @Query(() => CustomerPage, {
    description: 'Customers of your organization (legacy; backed by contacts of status customer)',
  })
  customers(@Args() args: CustomerListArgs, @Ctx() ctx: CrmContext): Promise<Page<Customer>> {
    return ctx.services.customers.list(ctx.em, args);
  }

  @Guard(isAuthenticated)
  @Query(() => Customer)
  customer(@Arg('id', () => ID) id: string, @Ctx() ctx: CrmContext): Promise<Customer> {
    return ctx.services.customers.get(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Customer)
  createCustomer(@Arg('input') input: CustomerInput, @Ctx() ctx: CrmContext): Promise<Customer> {
    return ctx.services.customers.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Customer)
  updateCustomer(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: CustomerUpdateInput,
    @Ctx() ctx: CrmContext,
  ): Promise<Customer> {
    return ctx.services.customers.update(ctx.em, id, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => DeletePayload)
  deleteCustomer(@Arg('id', () => ID) id: string, @Ctx() ctx: CrmContext): Promise<DeletePayload> {
    return ctx.services.customers.delete(ctx.em, id);
  }

  @FieldResolver(() => String)
  async name(@Root() customer: Customer, @Ctx() ctx: Context): Promise<string> {
    return (await backingContact(customer, ctx)).name;
  }

  @FieldResolver(() => Lead, { nullable: true, description: 'The lead this customer was converted from' })
  async convertedFrom(@Root() customer: Customer, @Ctx() ctx: Context): Promise<Lead | null> {
    const leads = await ctx.loaders.manyBy(Lead, 'customer', { populate: LEAD_POPULATE }).load(customer.id);
    return leads[0] ?? null;
  }

  @FieldResolver(() => [ID], {
    description:
      'Its contact and every contact converted or merged into it: the ids its history (notes, activities, tasks) hangs on',
  })
  historyContactIds(@Root() customer: Customer, @Ctx() ctx: Context<CrmServices>): Promise<string[]> {
    return ctx.loaders
      .custom('historyContactIds', (ids) => ctx.services.customers.historyContactIds(ctx.em, ids))
      .load(customer.contact.id);
  }
}
