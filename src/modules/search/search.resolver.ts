import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { SearchContext } from './search.services';
import { SearchArgs, SearchHitPage } from './search.types';
import { Guard } from '../../graphql/guard';
import { isAuthenticated } from '../../graphql/rules';

@Resolver()
export class SearchResolver {
  @Guard(isAuthenticated)
  @Query(() => SearchHitPage, {
    description:
      'One search box over contacts, companies, leads, opportunities, inventory items and orders: typo-tolerant (pg_trgm), ranked by similarity (docs/search.md)',
  })
  search(@Args() args: SearchArgs, @Ctx() ctx: SearchContext): Promise<SearchHitPage> {
    return ctx.services.search.search(ctx.em, ctx.principal.organizationId, args);
  }
}
