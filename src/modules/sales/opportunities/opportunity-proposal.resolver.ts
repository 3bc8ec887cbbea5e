import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import type { Page } from '../../../db/pagination';
import { Contact } from '../../crm/contacts/contact.entity';
import type { SalesContext } from '../sales.services';
import { Opportunity } from './opportunity.entity';
import { OpportunityProposal } from './opportunity-proposal.entity';
import { OpportunityProposalPage, ProposalListArgs } from './opportunity-proposal.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver(() => OpportunityProposal)
export class OpportunityProposalResolver {
  @Guard(isAuthenticated)
  @Query(() => OpportunityProposalPage, {
    description:
      'Opportunities proposed from conversations (aiSettings.opportunityMode propose; paginated; status default pending, contactId)',
  })
  opportunityProposals(@Args() args: ProposalListArgs, @Ctx() ctx: SalesContext): Promise<Page<OpportunityProposal>> {
    return ctx.services.proposals.list(ctx.em, args);
  }

  @Guard(isAuthenticated)
  @Query(() => OpportunityProposal)
  opportunityProposal(@Arg('id', () => ID) id: string, @Ctx() ctx: SalesContext): Promise<OpportunityProposal> {
    return ctx.services.proposals.get(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => OpportunityProposal, {
    description:
      "Accepts a pending proposal: makes the opportunity (or updates the contact's open deal with those items), emits opportunity.created; 409 once decided",
  })
  acceptOpportunityProposal(@Arg('id', () => ID) id: string, @Ctx() ctx: SalesContext): Promise<OpportunityProposal> {
    return ctx.services.proposals.accept(ctx.em, ctx.principal, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => OpportunityProposal, {
    description: 'Dismisses a pending proposal: nothing is made; 409 once decided',
  })
  dismissOpportunityProposal(@Arg('id', () => ID) id: string, @Ctx() ctx: SalesContext): Promise<OpportunityProposal> {
    return ctx.services.proposals.dismiss(ctx.em, ctx.principal, id);
  }

  @FieldResolver(() => Contact, { nullable: true })
  contact(@Root() p: OpportunityProposal, @Ctx() ctx: Context): Promise<Contact | null> {
    return ctx.loaders.byId(Contact).load(p.contactId);
  }

  @FieldResolver(() => Opportunity, { nullable: true, description: 'Accepted: the opportunity made or updated' })
  opportunity(@Root() p: OpportunityProposal, @Ctx() ctx: Context): Promise<Opportunity | null> | null {
    return p.opportunityId ? ctx.loaders.byId(Opportunity).load(p.opportunityId) : null;
  }
}
