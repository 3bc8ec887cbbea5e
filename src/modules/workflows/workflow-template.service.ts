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
