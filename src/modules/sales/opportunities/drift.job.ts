import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import { clock } from '../../../lib/clock';
import { TENANT_FILTER } from '../../../db/tenant-filter';
import { firstWriterWins } from '../../../db/first-writer-wins';
import { organizationToday } from '../../../db/organization-day';
import type { TaskService } from '../tasks/task.service';
import { Task, TaskPriority, TaskSource } from '../tasks/task.entity';
import { Opportunity } from './opportunity.entity';
import { stagnantOpportunities, StagnantRow } from './stagnant.query';

export interface DriftRun {
  /** Stagnant deals without a follow-up task for their current stay when the run started. */
  stagnant: number;
  created: number;
}

/**
 * Stage drift: for every open opportunity that stayed in its stage past the threshold, one follow-up task
 * for its owner. Idempotent: the task's dedupe key is the opportunity and the moment it entered the stage,
 * unique per organization, so later runs (or two instances at once) never create a second task for the
 * same stay; a deal that moves and stalls again gets a new one. Tests call runOnce(now) directly.
 */
export class StageDriftJob {
  constructor(
    private readonly orm: MikroORM,
    private readonly tasks: TaskService,
  ) {}

  static dedupeKey(row: Pick<StagnantRow, 'id' | 'stage_entered_at'>): string {
    return `drift:${row.id}:${new Date(row.stage_entered_at).toISOString()}`;
  }

  async runOnce(now: Date = clock.now()): Promise<DriftRun> {
    const { rows } = await stagnantOpportunities(this.orm.em.fork(), {
      organizationId: null,
      now,
      withoutFollowUp: true,
    });
    let created = 0;
    for (const row of rows) {
      const em = this.orm.em.fork({ clear: true });
      em.setFilterParams(TENANT_FILTER, { organizationId: row.organization_id });
      if (await this.followUp(em, row, now)) created++;
    }
    return { stagnant: rows.length, created };
  }

  private async followUp(em: EntityManager, row: StagnantRow, now: Date): Promise<boolean> {
    const dedupeKey = StageDriftJob.dedupeKey(row);
    // a concurrent run that inserted the same key first made the task: this one made none
    const made = await firstWriterWins(() =>
      em.transactional(async (tx) => {
        if (await tx.count(Task, { dedupeKey })) return false;
        const opp = await tx.findOne(Opportunity, { id: row.id }, { populate: ['stage'] });
        if (!opp) return false;
        this.tasks.createInTransaction(tx, row.organization_id, {
          title:
            `Follow up: "${opp.name}" has been in ${opp.stage.getEntity().name} for ${row.days_in_stage} days`.slice(
              0,
              200,
            ),
          description: `Stage drift: the threshold of this stage is ${row.threshold_days} days.`,
          assigneeId: opp.ownerId,
          contactId: opp.contactId,
          customerId: opp.customerId,
          opportunityId: opp.id,
          priority: TaskPriority.medium,
          dueDate: await organizationToday(tx, row.organization_id, now),
          source: TaskSource.opportunity,
          sourceId: opp.id,
          dedupeKey,
        });
        return true;
      }),
    );
    return made ?? false;
  }
}
