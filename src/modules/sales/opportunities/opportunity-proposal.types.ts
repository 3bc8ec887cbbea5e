import { IsEnum, IsOptional, IsUUID } from 'class-validator';
import { ArgsType, Field, ID } from 'type-graphql';
import { ListArgs, Paginated } from '../../../db/pagination';
import { OpportunityProposal, ProposalStatus } from './opportunity-proposal.entity';

export const OpportunityProposalPage = Paginated(OpportunityProposal);

/** status: pending (the default), accepted or dismissed; contactId; search: the proposal's name. Newest first. */
@ArgsType()
export class ProposalListArgs extends ListArgs {
  @Field(() => ProposalStatus, { nullable: true, description: 'Default: pending' })
  @IsOptional()
  @IsEnum(ProposalStatus)
  status?: ProposalStatus;

  @Field(() => ID, { nullable: true })
  @IsOptional()
  @IsUUID('all', { message: 'contactId must be a UUID' })
  contactId?: string;
}
