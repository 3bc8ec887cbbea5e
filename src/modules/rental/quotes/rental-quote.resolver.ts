import { Arg, Ctx, Args, Extensions, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import type { Page } from '../../../db/pagination';
import { AppError } from '../../../lib/errors';
import { Customer } from '../../crm/customers/customer.entity';
import type { RentalContext } from '../rental.services';
import { RentalQuoteLine } from './rental-quote-line.entity';
import { RentalQuoteVersion } from './rental-quote-version.entity';
import { OPEN_QUOTE, RentalQuote } from './rental-quote.entity';
import {
  MAX_QUOTE_LINES,
  MAX_QUOTE_VERSIONS,
  RentalQuoteInput,
  RentalQuoteLink,
  RentalQuoteListArgs,
  RentalQuotePage,
  RentalQuoteRevisionInput,
} from './rental-quote.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

/** Stored quotes (docs/rental.md, "Stored quotes"); the one-item price check stays `quote`. */
@Resolver(() => RentalQuote)
export class RentalQuoteResolver {
  @Guard(isAuthenticated)
  @Query(() => RentalQuotePage, {
    description: 'Stored quotes (paginated; status, customerId, expired, search on the customer’s name and email)',
  })
  async rentalQuotes(@Args() args: RentalQuoteListArgs, @Ctx() ctx: RentalContext): Promise<Page<RentalQuote>> {
    return ctx.services.rentalQuotes.list(ctx.em, args, await ctx.today());
  }

  @Guard(isAuthenticated)
  @Query(() => RentalQuote)
  rentalQuote(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<RentalQuote> {
    return ctx.services.rentalQuotes.get(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Query(() => [RentalQuoteVersion], { description: `Every version, newest first (at most ${MAX_QUOTE_VERSIONS})` })
  @Extensions({ maxItems: MAX_QUOTE_VERSIONS })
  rentalQuoteVersions(
    @Arg('quoteId', () => ID) quoteId: string,
    @Ctx() ctx: RentalContext,
  ): Promise<RentalQuoteVersion[]> {
    return ctx.services.rentalQuotes.versions(ctx.em, quoteId);
  }

  @Guard(isAuthenticated)
  @Mutation(() => RentalQuote, { description: 'Version 1 of a new quote, priced by the server' })
  async createRentalQuote(@Arg('input') input: RentalQuoteInput, @Ctx() ctx: RentalContext): Promise<RentalQuote> {
    return ctx.services.rentalQuotes.create(ctx.em, ctx.principal, input, await ctx.today());
  }

  @Guard(isAuthenticated)
  @Mutation(() => RentalQuote, { description: 'A new version with the fields present changed; open quotes only' })
  async reviseRentalQuote(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: RentalQuoteRevisionInput,
    @Ctx() ctx: RentalContext,
  ): Promise<RentalQuote> {
    return ctx.services.rentalQuotes.revise(ctx.em, ctx.principal, id, input, await ctx.today());
  }

  @Guard(isAuthenticated)
  @Mutation(() => RentalQuoteLink, {
    description: 'The signed acceptance link of the current version (a draft becomes sent); 409 when closed or expired',
  })
  async sendRentalQuote(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<RentalQuoteLink> {
    return ctx.services.rentalQuotes.send(ctx.em, ctx.principal, id, await ctx.today());
  }

  @Guard(isAuthenticated)
  @Mutation(() => RentalQuote, {
    description:
      'Books the current version as a transaction in one transaction; 409 naming what is no longer available, with alternatives',
  })
  async convertRentalQuote(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<RentalQuote> {
    return ctx.services.rentalQuotes.convert(ctx.em, ctx.principal, id, await ctx.today());
  }

  @Guard(isAuthenticated)
  @Mutation(() => RentalQuote, { description: 'Records that the customer declined (final)' })
  declineRentalQuote(@Arg('id', () => ID) id: string, @Ctx() ctx: RentalContext): Promise<RentalQuote> {
    return ctx.services.rentalQuotes.decline(ctx.em, id);
  }

  @FieldResolver(() => Boolean, {
    description:
      "Open (draft, sent) and past its validity date in the organization's day: it can no longer be accepted",
  })
  async expired(@Root() quote: RentalQuote, @Ctx() ctx: Context): Promise<boolean> {
    return OPEN_QUOTE.includes(quote.status) && quote.validUntil < (await ctx.today());
  }

  @FieldResolver(() => RentalQuoteVersion, { description: 'The current (newest) version with its lines' })
  async current(@Root() quote: RentalQuote, @Ctx() ctx: Context): Promise<RentalQuoteVersion> {
    const [version] = await ctx.loaders
      .manyBy(RentalQuoteVersion, 'quote', { orderBy: { version: 'desc' }, limit: 1 })
      .load(quote.id);
    if (!version) throw AppError.notFound('Rental quote version');
    return version;
  }

  @FieldResolver(() => Customer)
  async customer(@Root() quote: RentalQuote, @Ctx() ctx: Context): Promise<Customer> {
    const customer = await ctx.loaders.byId(Customer, ['contact']).load(quote.customer.id);
    if (!customer) throw AppError.notFound('Customer');
    return customer;
  }
}

@Resolver(() => RentalQuoteVersion)
export class RentalQuoteVersionResolver {
  @FieldResolver(() => [RentalQuoteLine], { description: `At most ${MAX_QUOTE_LINES}` })
  @Extensions({ maxItems: MAX_QUOTE_LINES })
  lines(@Root() version: RentalQuoteVersion, @Ctx() ctx: Context): Promise<RentalQuoteLine[]> {
    return ctx.loaders
      .manyBy(RentalQuoteLine, 'version', { orderBy: { position: 'asc' }, limit: MAX_QUOTE_LINES })
      .load(version.id);
  }
}
