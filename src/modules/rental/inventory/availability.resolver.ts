import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RentalContext } from '../rental.services';
import type { Page } from '../../../db/pagination';
import {
  AvailabilityRangeArgs,
  CatalogAvailabilityArgs,
  ItemAvailability,
  ItemAvailabilityPage,
} from './availability.types';
import { Quote, QuoteInput } from './quote.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver()
export class AvailabilityResolver {
  @Guard(isAuthenticated)
  @Query(() => ItemAvailability, {
    description: 'Units of one item available on each day of a range (default: 30 days from today)',
  })
  inventoryItemAvailability(
    @Arg('id', () => ID) id: string,
    @Args() range: AvailabilityRangeArgs,
    @Ctx() ctx: RentalContext,
  ): Promise<ItemAvailability> {
    return ctx.services.availability.forItem(ctx.em, ctx.principal.organizationId, id, range);
  }

  @Guard(isAuthenticated)
  @Query(() => ItemAvailabilityPage, {
    description:
      'Availability of the active catalog (optionally one category) for each day of a range, a page of items at a time',
  })
  inventoryAvailability(
    @Args() args: CatalogAvailabilityArgs,
    @Ctx() ctx: RentalContext,
  ): Promise<Page<ItemAvailability>> {
    return ctx.services.availability.catalog(ctx.em, ctx.principal.organizationId, args);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Quote, {
    description: 'Prices a rental with the cheapest cover of months, weeks and days; nothing is stored',
  })
  quote(@Arg('input') input: QuoteInput, @Ctx() ctx: RentalContext): Promise<Quote> {
    return ctx.services.quotes.quote(ctx.em, ctx.principal.organizationId, input);
  }
}
