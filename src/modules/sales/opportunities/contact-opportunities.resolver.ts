import { Max, Min } from 'class-validator';
import { Args, ArgsType, Ctx, Field, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import { LIMIT_MAX } from '../../../db/pagination';
import { Contact } from '../../crm/contacts/contact.entity';
import { Opportunity } from './opportunity.entity';

/**
 * A contact's deals are few: by default the latest 3, so that a page of contacts with their deals selected in full
 * stays under the query cost limit (graphql/query-cost.ts).
 */
@ArgsType()
export class ContactOpportunitiesArgs {
  @Field(() => Int, { defaultValue: 3, description: `Most items returned, ${LIMIT_MAX} at most` })
  @Min(1, { message: 'limit must be 1 or more' })
  @Max(LIMIT_MAX, { message: `limit must not be greater than ${LIMIT_MAX}` })
  limit: number = 3;
}

/** `contact.opportunities`: the sales side of a contact, newest first, batched for a whole page of contacts. */
@Resolver(() => Contact)
export class ContactOpportunitiesResolver {
  @FieldResolver(() => [Opportunity], {
    description:
      'Opportunities of the contact, newest first: the first `limit` (opportunities(contactId) pages through all)',
  })
  opportunities(
    @Root() contact: Contact,
    @Args() { limit }: ContactOpportunitiesArgs,
    @Ctx() ctx: Context,
  ): Promise<Opportunity[]> {
    return ctx.loaders
      .manyBy(Opportunity, 'contact', { orderBy: { createdAt: 'desc' }, limit, plain: true })
      .load(contact.id);
  }
}
