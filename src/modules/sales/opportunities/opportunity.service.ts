import type { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import { ref } from '@mikro-orm/core';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, pagination, SortOrder } from '../../../db/pagination';
import type { PlainRow } from '../../../db/read-path';
import { AppError } from '../../../lib/errors';
import { clock } from '../../../lib/clock';
import type { EventEmitter } from '../../../events/event-emitter';
import type { Principal } from '../../../http/principal';
import { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Contact } from '../../crm/contacts/contact.entity';
import { Customer } from '../../crm/customers/customer.entity';
import { Company } from '../../crm/companies/company.entity';
import { deleted, DeletePayload } from '../../../lib/fields';
import { findOr404, referenced } from '../../../db/find-or-404';
import { formatMoney } from '../../../lib/money';
import { PipelineStage } from '../pipelines/pipeline-stage.entity';
import { defaultPipeline } from '../pipelines/default-pipeline';
import { dayRangeFilter } from '../../../db/day-range';
import { Opportunity, OpportunityStatus } from './opportunity.entity';
import { OpportunityLine } from './opportunity-line.entity';
import { linesTotal, replaceLines } from './opportunity-lines';
import { recordCreation, statusOf } from './stage-history';
import type { OpportunityInput, OpportunityListArgs, OpportunityUpdateInput } from './opportunity.types';
import type { StagnantArgs, StagnantOpportunity } from './stagnant.types';
import { stagnantOpportunities } from './stagnant.query';
import { createdEvent } from './opportunity-events';

const LIST: ListSpec<Opportunity> = {
  searchFields: ['name'],
  sortable: {
    createdAt: 'createdAt',
    updatedAt: 'updatedAt',
    name: 'name',
    value: 'value',
    probability: 'probability',
    expectedCloseDate: 'expectedCloseDate',
    stageEnteredAt: 'stageEnteredAt',
  },
  defaultSort: { field: 'createdAt', order: SortOrder.desc },
};

/** Opportunities: create (opportunity.created), read, edit, delete. Stage moves: StageMoveService. */
export class OpportunityService {
  constructor(private readonly events: EventEmitter) {}

  list(em: EntityManager, args: OpportunityListArgs): Promise<Page<PlainRow<Opportunity>>> {
    const where: Record<string, unknown>[] = [dayRangeFilter('expectedCloseDate', args)];
    where.push({ status: args.status ?? { $ne: OpportunityStatus.lost } });
    const refs = {
      owner: args.ownerId,
      stage: args.stageId,
      pipeline: args.pipelineId,
      contact: args.contactId,
      customer: args.customerId,
    };
    for (const [k, v] of Object.entries(refs)) if (v) where.push({ [k]: v });
    if (args.probability !== undefined && args.probability !== null)
      where.push({ probability: { $gte: args.probability } });
    return listPage(em, Opportunity, args, LIST, { $and: where } as FilterQuery<Opportunity>, { plain: true });
  }

  get(em: EntityManager, id: string): Promise<Opportunity> {
    return findOr404(em, Opportunity, id, 'Opportunity');
  }

  /** Open opportunities past their stage's stagnation threshold (docs/sales.md "Stage drift"). */
  async stagnant(em: EntityManager, principal: Principal, args: StagnantArgs): Promise<Page<StagnantOpportunity>> {
    const { rows, total } = await stagnantOpportunities(em, {
      organizationId: principal.organizationId,
      now: clock.now(),
      ownerId: args.ownerId,
      stageId: args.stageId,
      limit: args.limit,
      offset: (args.page - 1) * args.limit,
    });
    const byId = new Map((await em.find(Opportunity, { id: { $in: rows.map((r) => r.id) } })).map((o) => [o.id, o]));
    const data = rows.flatMap((r) => {
      const opportunity = byId.get(r.id); // absent when deleted since the first query: left out of the page
      return opportunity ? [{ opportunity, daysInStage: r.days_in_stage, thresholdDays: r.threshold_days }] : [];
    });
    return { data, pagination: pagination(total, args.page, args.limit) };
  }

  async create(em: EntityManager, principal: Principal, input: OpportunityInput): Promise<Opportunity> {
    if (!input.contactId && !input.customerId)
      throw AppError.validation([{ field: 'contactId', message: 'contactId or customerId is required' }]);
    const start = input.stageId
      ? { stageId: input.stageId }
      : { pipeline: await defaultPipeline(em, principal.organizationId) };
    return em.transactional(async (tx) => {
      const stage =
        start.stageId !== undefined
          ? await referenced(tx, PipelineStage, start.stageId, 'stageId')
          : await tx.findOneOrFail(
              PipelineStage,
              { pipeline: start.pipeline.id, isWon: false, isLost: false },
              { orderBy: [{ position: 'asc' }] as never },
            );
      if (statusOf(stage) !== OpportunityStatus.open)
        throw AppError.validation([
          { field: 'stageId', message: 'an opportunity starts in an open stage; win or lose it with a stage move' },
        ]);
      const opp = new Opportunity(
        tx.getReference(Organization, principal.organizationId),
        input.name,
        stage,
        clock.now(),
      );
      opp.owner = ref(tx.getReference(User, principal.userId));
      opp.createdBy = ref(tx.getReference(User, principal.userId));
      const lines = await this.write(tx, opp, input, []);
      if (input.value === undefined || input.value === null) opp.value = lines ? linesTotal(lines) : '0.00';
      tx.persist(opp);
      recordCreation(tx, opp, principal.userId);
      this.events.emit(tx, principal.organizationId, 'opportunity.created', createdEvent(opp, stage, principal.userId));
      return opp;
    });
  }

  update(em: EntityManager, id: string, input: OpportunityUpdateInput): Promise<Opportunity> {
    return em.transactional(async (tx) => {
      const opp = await findOr404(tx, Opportunity, id, 'Opportunity');
      if (input.probability !== undefined && input.probability !== null && opp.status !== OpportunityStatus.open) {
        throw AppError.conflict(`The opportunity is ${opp.status}: its probability is fixed (won 100, lost 0)`);
      }
      if (input.name !== undefined) opp.name = input.name.trim();
      const existing = input.lines ? await tx.find(OpportunityLine, { opportunity: opp.id }) : [];
      await this.write(tx, opp, input, existing);
      return opp;
    });
  }

  delete(em: EntityManager, id: string): Promise<DeletePayload> {
    return em.transactional(async (tx) => {
      tx.remove(await findOr404(tx, Opportunity, id, 'Opportunity'));
      return deleted(id, 'Opportunity');
    });
  }

  /** The fields both create and update write; every reference must be of the caller's organization. */
  private async write(
    tx: EntityManager,
    opp: Opportunity,
    input: OpportunityInput | OpportunityUpdateInput,
    existing: OpportunityLine[],
  ): Promise<OpportunityLine[] | null> {
    if (input.customerId !== undefined) {
      const customer = input.customerId ? await referenced(tx, Customer, input.customerId, 'customerId') : null;
      opp.customer = customer ? ref(customer) : null;
      if (customer && !input.contactId && !opp.contact)
        opp.contact = ref(tx.getReference(Contact, customer.contact.id));
    }
    if (input.contactId !== undefined)
      opp.contact = input.contactId ? ref(await referenced(tx, Contact, input.contactId, 'contactId')) : null;
    if (!opp.contact && !opp.customer)
      throw AppError.validation([{ field: 'contactId', message: 'an opportunity needs a contact or a customer' }]);
    if (input.companyId !== undefined)
      opp.company = input.companyId ? ref(await referenced(tx, Company, input.companyId, 'companyId')) : null;
    else if (!opp.company && opp.contact) {
      const contact = await tx.findOne(Contact, { id: opp.contact.id });
      opp.company = contact?.company ? ref(tx.getReference(Company, contact.company.id)) : null;
    }
    if (input.ownerId !== undefined)
      opp.owner = input.ownerId ? ref(await referenced(tx, User, input.ownerId, 'ownerId')) : null;
    if (input.value !== undefined && input.value !== null) opp.value = formatMoney(input.value);
    if (input.probability !== undefined && input.probability !== null) opp.probability = input.probability;
    if (input.expectedCloseDate !== undefined) opp.expectedCloseDate = input.expectedCloseDate;
    return input.lines ? replaceLines(tx, opp, input.lines, existing) : null;
  }
}
