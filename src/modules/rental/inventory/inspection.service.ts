import type { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import { AppError, ErrorCode } from '../../../lib/errors';
import { deleted, DeletePayload } from '../../../lib/fields';
import { findOr404 } from '../../../db/find-or-404';
import type { Principal } from '../../../http/principal';
import { Organization } from '../../accounts/organizations/organization.entity';
import { InspectionChecklist } from './inspection-checklist.entity';
import type {
  InspectionChecklistInput,
  InspectionChecklistListArgs,
  InspectionChecklistUpdateInput,
} from './inspection.types';

const LIST: ListSpec<InspectionChecklist> = {
  searchFields: ['name', 'category'],
  sortable: { category: 'category', name: 'name', createdAt: 'createdAt', updatedAt: 'updatedAt' },
  defaultSort: { field: 'category', order: SortOrder.asc },
};

/** Check items trimmed, each once (case-insensitively): 400 naming the repeated one. */
function cleanItems(items: string[]): string[] {
  const clean = items.map((i) => i.trim());
  const seen = new Set<string>();
  clean.forEach((item, i) => {
    if (!item) throw AppError.validation([{ field: `items.${i}`, message: 'each check item must not be empty' }]);
    if (seen.has(item.toLowerCase()))
      throw AppError.validation([{ field: `items.${i}`, message: `${item} is listed twice` }]);
    seen.add(item.toLowerCase());
  });
  return clean;
}

/**
 * Inspection checklists (docs/rental.md, "Inspections"): per inventory category and phase, the check items a
 * check-out or check-in must report on. Admins define them; every member reads them.
 */
export class InspectionService {
  list(em: EntityManager, args: InspectionChecklistListArgs): Promise<Page<InspectionChecklist>> {
    const where: FilterQuery<InspectionChecklist> = {};
    if (args.category !== undefined) where.category = args.category.trim();
    if (args.phase) where.phase = args.phase;
    return listPage(em, InspectionChecklist, args, LIST, where);
  }

  get(em: EntityManager, id: string): Promise<InspectionChecklist> {
    return findOr404(em, InspectionChecklist, id, 'Inspection checklist');
  }

  create(em: EntityManager, principal: Principal, input: InspectionChecklistInput): Promise<InspectionChecklist> {
    return em.transactional(async (tx) => {
      const category = input.category.trim();
      if (!category) throw AppError.validation([{ field: 'category', message: 'category is required' }]);
      if (await tx.count(InspectionChecklist, { category, phase: input.phase }))
        throw new AppError(ErrorCode.CONFLICT, `${category} already has a ${input.phase} checklist`, [
          { field: 'category', message: 'one checklist per category and phase' },
        ]);
      const list = new InspectionChecklist();
      Object.assign(list, {
        organization: tx.getReference(Organization, principal.organizationId, { wrapped: true }),
        category,
        phase: input.phase,
        name: input.name.trim(),
        items: cleanItems(input.items),
      });
      tx.persist(list);
      return list;
    });
  }

  update(em: EntityManager, id: string, input: InspectionChecklistUpdateInput): Promise<InspectionChecklist> {
    return em.transactional(async (tx) => {
      const list = await findOr404(tx, InspectionChecklist, id, 'Inspection checklist');
      if (input.name !== undefined && input.name !== null) list.name = input.name.trim();
      if (input.items !== undefined && input.items !== null) list.items = cleanItems(input.items);
      return list;
    });
  }

  delete(em: EntityManager, id: string): Promise<DeletePayload> {
    return em.transactional(async (tx) => {
      tx.remove(await findOr404(tx, InspectionChecklist, id, 'Inspection checklist'));
      return deleted(id, 'Inspection checklist');
    });
  }
}
