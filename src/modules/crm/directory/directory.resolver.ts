import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { CrmContext } from '../crm.services';
import { Company } from '../companies/company.entity';
import { CompanyFromPlaceInput, DirectoryPlace, DirectorySearchArgs } from './directory.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver()
export class DirectoryResolver {
  @Guard(isAuthenticated)
  @Query(() => [DirectoryPlace], {
    description:
      "Searches the places directory (Google Places Text Search) with the organization's key; each call counts against the daily provider budget",
  })
  directoryPlaces(@Args() args: DirectorySearchArgs, @Ctx() ctx: CrmContext): Promise<DirectoryPlace[]> {
    return ctx.services.directory.search(ctx.em, ctx.principal.organizationId, args);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Company, {
    description:
      'Creates a company from a directory place (Place Details), or links the company of the same name, then enriches it; once per place (409)',
  })
  createCompanyFromPlace(@Arg('input') input: CompanyFromPlaceInput, @Ctx() ctx: CrmContext): Promise<Company> {
    return ctx.services.directory.createCompany(ctx.em, ctx.principal, input.placeId);
  }
}
