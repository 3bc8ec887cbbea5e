import { Max, Min } from 'class-validator';
import { Args, ArgsType, Ctx, Extensions, Field, FieldResolver, Int, Resolver, Root } from 'type-graphql';
import { PREFETCH, type ToMany, type ToManyOf } from '../../../graphql/prefetch';
import type { Context } from '../../../graphql/context';
import type { PlainRow } from '../../../db/read-path';
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

/** The first `limit` opportunities of a contact, newest first; undefined for a limit its validation refuses. */
export const contactOpportunities: ToManyOf = ({ limit }) =>
  Number.isInteger(limit) && (limit as number) >= 1 && (limit as number) <= LIMIT_MAX
    ? { entity: Opportunity, property: 'contact', orderBy: { createdAt: 'desc' }, limit: limit as number }
    : undefined;

/**
 * `contact.opportunities`: the sales side of a contact, newest first, read by the contacts page's own statement
 * when the page selects it (PREFETCH, graphql/prefetch.ts), else batched for a whole page of contacts.
 */
@Resolver(() => Contact)
export class ContactOpportunitiesResolver {
  @Extensions({ [PREFETCH]: contactOpportunities })
  @FieldResolver(() => [Opportunity], {
    description:
      'Opportunities of the contact, newest first: the first `limit` (opportunities(contactId) pages through all)',
  })
  opportunities(
    @Root() contact: PlainRow<Contact>,
    @Args() { limit }: ContactOpportunitiesArgs,
    @Ctx() ctx: Context,
  ): PlainRow<Opportunity>[] | Promise<PlainRow<Opportunity>[]> {
    const spec = contactOpportunities({ limit });
    if (!spec) throw new Error(`limit ${limit} passed validation but is out of range`);
    return ctx.loaders.many(contact, spec as ToMany<Opportunity>);
  }
}
