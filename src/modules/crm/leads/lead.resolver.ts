import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import type { CrmContext } from '../crm.services';
import type { Page } from '../../../db/pagination';
import { DeletePayload } from '../../../lib/fields';
import { backingContact, ContactBackedResolver } from '../contact-backed.resolver';
import { Company } from '../companies/company.entity';
import { Customer } from '../customers/customer.entity';
import { CUSTOMER_POPULATE } from '../customers/customer.service';
import { Lead } from './lead.entity';
import { LeadInput, LeadListArgs, LeadPage, LeadUpdateInput } from './lead.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver(() => Lead)
export class LeadResolver extends ContactBackedResolver(Lead) {
  @Guard(isAuthenticated)
  @Query(() => LeadPage, {
    description:
      'Leads of your organization (legacy; backed by contacts of status lead); scoreBand filter, sortBy score (AI score 0-7)',
  })
  leads(@Args() args: LeadListArgs, @Ctx() ctx: CrmContext): Promise<Page<Lead>> {
    return ctx.services.leads.list(ctx.em, ctx.principal.organizationId, args);
  }

  @Guard(isAuthenticated)
  @Query(() => Lead)
  lead(@Arg('id', () => ID) id: string, @Ctx() ctx: CrmContext): Promise<Lead> {
    return ctx.services.leads.get(ctx.em, ctx.principal.organizationId, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Lead, { description: 'Creates the lead and its contact; emits lead.created' })
  createLead(@Arg('input') input: LeadInput, @Ctx() ctx: CrmContext): Promise<Lead> {
    return ctx.services.leads.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Lead, { description: 'Status moves are restricted (docs/crm.md); converted is terminal' })
  updateLead(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: LeadUpdateInput,
    @Ctx() ctx: CrmContext,
  ): Promise<Lead> {
    return ctx.services.leads.update(ctx.em, ctx.principal, id, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => DeletePayload)
  deleteLead(@Arg('id', () => ID) id: string, @Ctx() ctx: CrmContext): Promise<DeletePayload> {
    return ctx.services.leads.delete(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Customer, {
    description:
      'Converts the lead into a customer in one transaction; emits lead.converted. 409 when already converted',
  })
  async convertLead(@Arg('id', () => ID) id: string, @Ctx() ctx: CrmContext): Promise<Customer> {
    const customer = await ctx.services.leadConversion.convert(ctx.em, ctx.principal, id);
    return ctx.services.customers.get(ctx.em, customer.id, CUSTOMER_POPULATE);
  }

  @FieldResolver(() => String)
  async leadName(@Root() lead: Lead, @Ctx() ctx: Context): Promise<string> {
    return (await backingContact(lead, ctx)).name;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Name of the linked company' })
  async companyName(@Root() lead: Lead, @Ctx() ctx: Context): Promise<string | null> {
    const contact = await backingContact(lead, ctx);
    if (!contact.company) return null;
    return contact.company.isInitialized()
      ? contact.company.getEntity().name
      : ((await ctx.loaders.rowsById(Company).load(contact.company.id))?.name ?? null);
  }

  @FieldResolver(() => Customer, { nullable: true, description: 'The customer the lead was converted into' })
  customer(@Root() lead: Lead, @Ctx() ctx: Context): Promise<Customer | null> | null {
    return lead.customer ? ctx.loaders.byId(Customer, CUSTOMER_POPULATE).load(lead.customer.id) : null;
  }
}
