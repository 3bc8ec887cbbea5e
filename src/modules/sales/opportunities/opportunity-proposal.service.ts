import type { EntityManager } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import type { FilterQuery } from '@mikro-orm/core';
import { listPage, ListSpec } from '../../../db/list-query';
import { findOr404 } from '../../../db/find-or-404';
import { Page, SortOrder } from '../../../db/pagination';
import { AppError } from '../../../lib/errors';
import { clock } from '../../../lib/clock';
import type { Principal } from '../../../http/principal';
import { User } from '../../accounts/users/user.entity';
import type { OpportunityFromConversation } from './opportunity-from-conversation';
import { OpportunityProposal, ProposalStatus } from './opportunity-proposal.entity';
import type { ProposalListArgs } from './opportunity-proposal.types';

const LIST: ListSpec<OpportunityProposal> = {
  searchFields: ['name'],
  sortable: { createdAt: 'createdAt', updatedAt: 'updatedAt', name: 'name', value: 'value' },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
};

/**
 * Proposed opportunities (aiSettings.opportunityMode `propose`; docs/sales.md "Proposals"): listed, accepted (the
 * opportunity made or the open deal updated, as create mode does, in the same transaction) or dismissed, once.
 */
export class OpportunityProposalService {
  constructor(private readonly conversations: Pick<OpportunityFromConversation, 'make'>) {}

  list(em: EntityManager, args: ProposalListArgs): Promise<Page<OpportunityProposal>> {
    const where: Record<string, unknown> = { status: args.status ?? ProposalStatus.pending };
    if (args.contactId) where.contact = args.contactId;
    return listPage(em, OpportunityProposal, args, LIST, where as FilterQuery<OpportunityProposal>);
  }

  get(em: EntityManager, id: string): Promise<OpportunityProposal> {
    return findOr404(em, OpportunityProposal, id, 'Opportunity proposal');
  }

  accept(em: EntityManager, principal: Principal, id: string): Promise<OpportunityProposal> {
    return this.decide(em, principal, id, async (tx, proposal) => {
      const opp = await this.conversations.make(
        tx,
        {
          organizationId: principal.organizationId,
          contactId: proposal.contact.id,
          kind: proposal.aiSource,
          sourceId: proposal.aiSourceId,
          text: null,
          at: clock.now(),
          authorId: principal.userId,
        },
        {
          name: proposal.name,
          names: proposal.name,
          lines: proposal.lines,
          closeDate: proposal.expectedCloseDate,
          evidence: proposal.evidence.split('\n'),
        },
      );
      proposal.opportunity = ref(opp);
      proposal.status = ProposalStatus.accepted;
    });
  }

  dismiss(em: EntityManager, principal: Principal, id: string): Promise<OpportunityProposal> {
    return this.decide(em, principal, id, async (_tx, proposal) => {
      proposal.status = ProposalStatus.dismissed;
    });
  }

  /** The proposal locked, decided once: a decided one is 409. */
  private decide(
    em: EntityManager,
    principal: Principal,
    id: string,
    apply: (tx: EntityManager, proposal: OpportunityProposal) => Promise<void>,
  ): Promise<OpportunityProposal> {
    return em.transactional(async (tx) => {
      const proposal = await findOr404(tx, OpportunityProposal, id, 'Opportunity proposal', { lock: true });
      if (proposal.status !== ProposalStatus.pending)
        throw AppError.conflict(`The proposal was already ${proposal.status}`);
      await apply(tx, proposal);
      proposal.decidedBy = ref(tx.getReference(User, principal.userId));
      proposal.decidedAt = clock.now();
      await tx.flush();
      return proposal;
    });
  }
}
