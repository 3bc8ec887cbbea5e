import type { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '../../http/principal';
import { AppError } from '../../lib/errors';
import { User } from '../accounts/users/user.entity';
import { TEMPLATES } from './templates';
import { Workflow } from './workflow.entity';
import type { WorkflowService } from './workflow.service';
import type { WorkflowInput, WorkflowTemplateInput, WorkflowTemplateType } from './workflow.types';

/** The rental templates an admin switches on from a list (docs/workflows.md, "Templates"). */
export class WorkflowTemplateService {
  constructor(private readonly workflows: WorkflowService) {}

  async list(em: EntityManager): Promise<WorkflowTemplateType[]> {
    const on = new Set(
      (await em.find(Workflow, { templateKey: { $ne: null }, active: true }, { fields: ['templateKey'] })).map(
        (w) => w.templateKey,
      ),
    );
    return TEMPLATES.map((t) => ({ key: t.key, name: t.name, description: t.description, enabled: on.has(t.key) }));
  }

  /**
   * Switches a template on: its workflows are made (checked like any definition) and active; when they exist
   * already they are switched back on as they are. Answers the template's workflows.
   */
  async enable(em: EntityManager, principal: Principal, input: WorkflowTemplateInput): Promise<Workflow[]> {
    return em.transactional(async (tx) => {
      await members(tx, [
        ...(input.userId ? [{ field: 'userId', id: input.userId }] : []),
        ...(input.userIds ?? []).map((id, i) => ({ field: `userIds[${i}]`, id })),
      ]);
      const existing = await tx.find(Workflow, { templateKey: input.key }, { orderBy: { createdAt: 'asc' } });
      if (existing.length) {
        for (const w of existing) w.active = true;
        return existing;
      }
      const template = TEMPLATES.find((t) => t.key === input.key);
      if (!template) throw AppError.validation([{ field: 'key', message: 'not a template' }]);
      const team = input.userIds?.length
        ? input.userIds
        : (await tx.find(User, {}, { fields: ['id'], orderBy: { createdAt: 'asc' }, limit: 50 })).map((u) => u.id);
      const made: Workflow[] = [];
      for (const body of template.build({ userId: input.userId ?? principal.userId, userIds: team })) {
        const w = await this.workflows.create(tx, principal, { ...body, active: true } as WorkflowInput);
        w.templateKey = template.key;
        made.push(w);
      }
      return made;
    });
  }
}

/** Every id a member of the organization (its filter): 400 naming each other one, as a definition's are. */
async function members(tx: EntityManager, ids: { field: string; id: string }[]): Promise<void> {
  if (!ids.length) return;
  const found = new Set(
    (await tx.find(User, { id: { $in: ids.map((i) => i.id) } }, { fields: ['id'] })).map((u) => u.id),
  );
  const errors = ids
    .filter((i) => !found.has(i.id))
    .map((i) => ({ field: i.field, message: 'not a member of your organization' }));
  if (errors.length) throw AppError.validation(errors);
}
