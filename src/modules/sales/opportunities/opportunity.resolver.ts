import { Arg, Args, Ctx, Extensions, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import type { SalesContext } from '../sales.services';
import type { Page } from '../../../db/pagination';
import type { PlainRow } from '../../../db/read-path';
import { DeletePayload } from '../../../lib/fields';
import { AppError } from '../../../lib/errors';
import { User } from '../../accounts/users/user.entity';
import { Contact } from '../../crm/contacts/contact.entity';
import { Customer } from '../../crm/customers/customer.entity';
import { RentalOrder } from '../../rental/orders/rental-order.entity';
import { PipelineStage } from '../pipelines/pipeline-stage.entity';
import { Opportunity } from './opportunity.entity';
import { OpportunityLine } from './opportunity-line.entity';
import { OpportunityStageChange } from './stage-change.entity';
import {
  MAX_OPPORTUNITY_LINES,
  OpportunityInput,
  OpportunityListArgs,
  OpportunityPage,
  OpportunityUpdateInput,
  StageMoveInput,
} from './opportunity.types';
import { StagnantArgs, StagnantOpportunity, StagnantOpportunityPage } from './stagnant.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

@Resolver(() => Opportunity)
export class OpportunityResolver {
  @Guard(isAuthenticated)
  @Query(() => OpportunityPage, {
    description:
      'Opportunities (paginated; status (default: open and won), ownerId, stageId, pipelineId, probability = minimum, expected-close-date range)',
  })
  opportunities(@Args() args: OpportunityListArgs, @Ctx() ctx: SalesContext): Promise<Page<PlainRow<Opportunity>>> {
    return ctx.services.opportunities.list(ctx.em, args);
  }

  @Guard(isAuthenticated)
  @Query(() => Opportunity)
  opportunity(@Arg('id', () => ID) id: string, @Ctx() ctx: SalesContext): Promise<Opportunity> {
    return ctx.services.opportunities.get(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Query(() => StagnantOpportunityPage, {
    description: 'Open opportunities that stayed in their stage longer than its threshold, longest first',
  })
  stagnantOpportunities(@Args() args: StagnantArgs, @Ctx() ctx: SalesContext): Promise<Page<StagnantOpportunity>> {
    return ctx.services.opportunities.stagnant(ctx.em, ctx.principal, args);
  }

  @Guard(isAuthenticated)
  @Query(() => [OpportunityStageChange], { description: 'The stage history of an opportunity, oldest first' })
  async opportunityStageHistory(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: SalesContext,
  ): Promise<OpportunityStageChange[]> {
    const opp = await ctx.services.opportunities.get(ctx.em, id);
    return ctx.loaders.manyBy(OpportunityStageChange, 'opportunity', { orderBy: { changedAt: 'asc' } }).load(opp.id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Opportunity, {
    description: 'Creates an opportunity (contactId or customerId required); emits opportunity.created',
  })
  createOpportunity(@Arg('input') input: OpportunityInput, @Ctx() ctx: SalesContext): Promise<Opportunity> {
    return ctx.services.opportunities.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Opportunity, {
    description: 'Edits fields and lines; stages change only through moveOpportunityStage',
  })
  updateOpportunity(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: OpportunityUpdateInput,
    @Ctx() ctx: SalesContext,
  ): Promise<Opportunity> {
    return ctx.services.opportunities.update(ctx.em, id, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => DeletePayload)
  deleteOpportunity(@Arg('id', () => ID) id: string, @Ctx() ctx: SalesContext): Promise<DeletePayload> {
    return ctx.services.opportunities.delete(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Opportunity, {
    description:
      'The stage move: history, opportunity.stage_changed; won creates a pending rental order in the same transaction; lost archives with lostReason',
  })
  moveOpportunityStage(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: StageMoveInput,
    @Ctx() ctx: SalesContext,
  ): Promise<Opportunity> {
    return ctx.services.stageMoves.move(ctx.em, ctx.principal, id, input);
  }

  @FieldResolver(() => [OpportunityLine], {
    description: `At most ${MAX_OPPORTUNITY_LINES}, as an opportunity is written`,
  })
  @Extensions({ maxItems: MAX_OPPORTUNITY_LINES }) // its size for the query cost (graphql/query-cost.ts)
  lines(@Root() opp: PlainRow<Opportunity>, @Ctx() ctx: Context): Promise<OpportunityLine[]> {
    return ctx.loaders
      .manyBy(OpportunityLine, 'opportunity', { orderBy: { position: 'asc' }, limit: MAX_OPPORTUNITY_LINES })
      .load(opp.id);
  }

  @FieldResolver(() => PipelineStage)
  async stage(@Root() opp: PlainRow<Opportunity>, @Ctx() ctx: Context): Promise<PipelineStage> {
    const stage = await ctx.loaders.byId(PipelineStage).load(opp.stageId);
    if (!stage) throw AppError.notFound('Stage');
    return stage;
  }

  @FieldResolver(() => User, { nullable: true })
  owner(@Root() opp: PlainRow<Opportunity>, @Ctx() ctx: Context): Promise<PlainRow<User> | null> | null {
    return opp.ownerId ? ctx.loaders.rowsById(User).load(opp.ownerId) : null;
  }

  @FieldResolver(() => Contact, { nullable: true })
  contact(@Root() opp: PlainRow<Opportunity>, @Ctx() ctx: Context): Promise<Contact | null> | null {
    return opp.contactId ? ctx.loaders.byId(Contact).load(opp.contactId) : null;
  }

  @FieldResolver(() => Customer, { nullable: true })
  customer(@Root() opp: PlainRow<Opportunity>, @Ctx() ctx: Context): Promise<Customer | null> | null {
    return opp.customerId ? ctx.loaders.byId(Customer, ['contact']).load(opp.customerId) : null;
  }

  @FieldResolver(() => RentalOrder, { nullable: true, description: 'The rental order created when it was won' })
  transaction(@Root() opp: PlainRow<Opportunity>, @Ctx() ctx: Context): Promise<RentalOrder | null> | null {
    return opp.transactionId ? ctx.loaders.byId(RentalOrder).load(opp.transactionId) : null;
  }
}
