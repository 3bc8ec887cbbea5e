import { IsEnum, IsOptional } from 'class-validator';
import { ArgsType, Field } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { OpportunityProposal, ProposalStatus } from './opportunity-proposal.entity';
import { OptionalId } from '../../../lib/input-fields';

export const OpportunityProposalPage = Paginated(OpportunityProposal);

/** status: pending (the default), accepted or dismissed; contactId; search: the proposal's name. Newest first. */
@ArgsType()
export class ProposalListArgs extends ListArgs {
  @Field(() => ProposalStatus, { nullable: true, description: 'Default: pending' })
  @IsOptional()
  @IsEnum(ProposalStatus)
  status?: ProposalStatus;

  @OptionalId('contactId')
  contactId?: string;
}
