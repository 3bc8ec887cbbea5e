import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import type { CrmContext } from '../crm.services';
import { RelationArgs, type Page } from '../../../db/pagination';
import type { PlainRow } from '../../../db/read-path';
import { DeletePayload } from '../../../lib/fields';
import { Contact } from '../contacts/contact.entity';
import { Company } from './company.entity';
import { CompanyInput, CompanyListArgs, CompanyPage, CompanyUpdateInput } from './company.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver(() => Company)
export class CompanyResolver {
  @Guard(isAuthenticated)
  @Query(() => CompanyPage, { description: 'Companies of your organization' })
  companies(@Args() args: CompanyListArgs, @Ctx() ctx: CrmContext): Promise<Page<PlainRow<Company>>> {
    return ctx.services.companies.list(ctx.em, args);
  }

  @Guard(isAuthenticated)
  @Query(() => Company)
  company(@Arg('id', () => ID) id: string, @Ctx() ctx: CrmContext): Promise<Company> {
    return ctx.services.companies.get(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Company, {
    description: 'Creates a company; enriched afterwards when the organization has stored a places or firmographic key',
  })
  createCompany(@Arg('input') input: CompanyInput, @Ctx() ctx: CrmContext): Promise<Company> {
    return ctx.services.companies.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Company)
  updateCompany(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: CompanyUpdateInput,
    @Ctx() ctx: CrmContext,
  ): Promise<Company> {
    return ctx.services.companies.update(ctx.em, id, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => DeletePayload, { description: 'Its contacts stay, without a company' })
  deleteCompany(@Arg('id', () => ID) id: string, @Ctx() ctx: CrmContext): Promise<DeletePayload> {
    return ctx.services.companies.delete(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Company, {
    description:
      'Runs the enrichment with the organization\'s keys: its place (with a placesId), firmographics, then website analysis; records "skipped" when no key is stored',
  })
  enrichCompany(@Arg('id', () => ID) id: string, @Ctx() ctx: CrmContext): Promise<Company> {
    return ctx.services.companies.enrich(ctx.em, id);
  }

  @FieldResolver(() => [Contact], {
    description:
      'Current contacts linked to the company, by name: the first `limit` (contacts(companyId) pages through all)',
  })
  contacts(
    @Root() company: PlainRow<Company>,
    @Args() { limit }: RelationArgs,
    @Ctx() ctx: Context,
  ): Promise<Contact[]> {
    return ctx.loaders
      .manyBy(Contact, 'company', { where: { supersededBy: null }, orderBy: { name: 'asc' }, limit })
      .load(company.id);
  }
}
