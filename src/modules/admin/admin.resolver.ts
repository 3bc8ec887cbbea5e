import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { AuthedContext } from '../../graphql/context';
import { ListArgs, Page } from '../../graphql/pagination';
import { OrganizationSummary, OrganizationSummaryPage } from './admin.types';

@Resolver()
export class AdminResolver {
  @Query(() => OrganizationSummaryPage, { description: 'Every organization of the service, with member counts (super admin)' })
  adminOrganizations(@Args() args: ListArgs, @Ctx() ctx: AuthedContext): Promise<Page<OrganizationSummary>> {
    return ctx.services.admin.organizations(ctx.em, args);
  }
}
