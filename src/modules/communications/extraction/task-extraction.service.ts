import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AiFor } from '../../accounts/organizations/organization-ai.service';
import type { TextKind } from '../../../ai/types';
import { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Contact } from '../../crm/contacts/contact.entity';
import { Task, TaskPriority, TaskSource } from '../../sales/tasks/task.entity';
import type { TaskService } from '../../sales/tasks/task.service';
import type { FeatureGate } from '../../accounts/organizations/organization-ai.service';

/** A text tasks are extracted from: a voice memo or an activity (email, call transcript, meeting notes, SMS). */
export interface ExtractionSource {
  organizationId: string;
  source: TaskSource;
  sourceId: string;
  kind: TextKind;
  text: string | null;
  /** When it was written or recorded: "tomorrow" is resolved against it. */
  at: Date;
  authorId: string | null;
  contactId: string | null;
  opportunityId: string | null;
  /** Asked for by a user (an extract-tasks call): refused with 403 when aiTaskExtraction is off, not skipped. */
  explicit?: boolean;
}

const KIND_SOURCE: Partial<Record<TextKind, TaskSource>> = {
  voice_memo: TaskSource.voice_memo,
  call_transcript: TaskSource.call,
  email: TaskSource.email,
  sms: TaskSource.email,
  meeting_notes: TaskSource.meeting_notes,
};

export function sourceOfKind(kind: TextKind): TaskSource {
  return KIND_SOURCE[kind] ?? TaskSource.manual;
}

/**
 * AI task extraction on a stored text (issue "AI", part 2; docs/ai.md). Each action item becomes a task with
 * isAiGenerated=true and a dedupe key of its source and action, so running it again creates nothing and answers
 * the same tasks; task.created is emitted for new tasks only (TaskService.createInTransaction).
 */
export class TaskExtractionService {
  constructor(
    private readonly aiFor: AiFor,
    private readonly tasks: TaskService,
    private readonly features: FeatureGate,
  ) {}

  async extract(tx: EntityManager, src: ExtractionSource): Promise<Task[]> {
    if (src.explicit) await this.features.requireFeature(tx, src.organizationId, 'aiTaskExtraction');
    else if (!(await this.features.featureOn(tx, src.organizationId, 'aiTaskExtraction'))) return [];
    const text = src.text?.trim();
    if (!text) return [];
    const org = await tx.findOneOrFail(Organization, src.organizationId);
    const team = await tx.find(
      User,
      { organization: src.organizationId },
      { orderBy: { createdAt: 'asc' }, limit: 500 },
    );
    const contact = src.contactId ? await tx.findOne(Contact, src.contactId, { populate: ['company'] as never }) : null;
    const defaultOwnerId =
      src.authorId ?? contact?.owner?.id ?? team.find((u) => u.role === 'admin')?.id ?? team[0]?.id ?? '';
    const ai = await this.aiFor(tx, src.organizationId);
    const extraction = await ai.extractTasks(text, {
      organizationId: src.organizationId,
      referenceInstant: src.at,
      timezone: org.timezone ?? 'UTC',
      team: team.map((u) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email })),
      defaultOwnerId,
      contactName: contact?.name ?? null,
      companyName: contact?.company?.getEntity().name ?? null,
      kind: src.kind,
    });
    const known = new Set(team.map((u) => u.id));
    const result: Task[] = [];
    const seen = new Map<string, number>();
    const made = await this.madeFrom(tx, src.sourceId);
    const clauseKeyed = `ai:${src.sourceId}:c:`;
    for (const item of extraction.tasks) {
      const dedupeKey = keyOf(src.sourceId, item.clause || item.source, seen);
      const legacyKey = `ai:${src.sourceId}:${digest(item.title)}`;
      // Tasks an earlier version keyed on a title the rules have changed since: found by the sentence they came
      // from (their description's "From:" line), one task per task said there.
      const existing =
        claim(made, (t) => t.dedupeKey === dedupeKey || t.dedupeKey === legacyKey) ??
        claim(
          made,
          (t) => !t.dedupeKey?.startsWith(clauseKeyed) && !!t.description?.startsWith(`From: "${item.source}"`),
        );
      if (existing) {
        result.push(existing);
        continue;
      }
      result.push(
        this.tasks.createInTransaction(tx, src.organizationId, {
          title: item.title.slice(0, 200),
          description: `From: "${item.source}"\n\nWhy: ${item.explanation}`,
          assigneeId: known.has(item.ownerId) ? item.ownerId : defaultOwnerId || null,
          contactId: src.contactId,
          opportunityId: src.opportunityId,
          priority: item.priority as TaskPriority,
          dueDate: item.dueDate,
          source: src.source,
          sourceId: src.sourceId,
          isAiGenerated: true,
          dedupeKey,
          createdById: src.authorId,
        }),
      );
    }
    await tx.flush();
    return result;
  }

  /** The tasks extraction made from this source before, oldest first (one query for the whole run). */
  private madeFrom(tx: EntityManager, sourceId: string): Promise<Task[]> {
    return tx.find(Task, { dedupeKey: { $like: `ai:${sourceId}:%` } }, { orderBy: { createdAt: 'asc' } });
  }
}

/** The first of `made` that `fits`, taken out of it so that no second task of this run matches it. */
function claim(made: Task[], fits: (t: Task) => boolean): Task | null {
  const i = made.findIndex(fits);
  return i < 0 ? null : made.splice(i, 1)[0];
}

function digest(words: string): string {
  return createHash('sha256').update(words.trim().replace(/\s+/g, ' ').toLowerCase()).digest('hex').slice(0, 24);
}

/**
 * A task's dedupe key: its source record and the words of the clause it comes from, with its place among the tasks
 * of that clause ("Dan and Luis each need to renew their cards" is two). Not the title: a title names the contact
 * (renaming the contact renames it) and changes when the title rules do, so a second run after either would
 * create the same tasks again. Tasks made before keyed on the title; `legacyKey` above still finds them.
 */
function keyOf(sourceId: string, clause: string, seen: Map<string, number>): string {
  const base = `ai:${sourceId}:c:${digest(clause)}`;
  const n = seen.get(base) ?? 0;
  seen.set(base, n + 1);
  return n === 0 ? base : `${base}:${n}`;
}
