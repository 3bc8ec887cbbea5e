import type { EntityManager } from '@mikro-orm/postgresql';
import { ref } from '@mikro-orm/core';
import type { AiFor } from '../../accounts/organizations/organization-ai.service';
import { findOr404, referenced } from '../../../db/find-or-404';
import { listPage, ListSpec } from '../../../db/list-query';
import { Page, SortOrder } from '../../../db/pagination';
import type { Principal } from '../../../http/principal';
import { clock } from '../../../lib/clock';
import { deleted, DeletePayload } from '../../../lib/fields';
import { Organization } from '../../accounts/organizations/organization.entity';
import { User } from '../../accounts/users/user.entity';
import { Contact } from '../../crm/contacts/contact.entity';
import { Opportunity } from '../../sales/opportunities/opportunity.entity';
import { Task, TaskSource } from '../../sales/tasks/task.entity';
import { Activity } from '../activities/activity.entity';
import type { TaskExtractionService } from '../extraction/task-extraction.service';
import { VoiceMemo, VoiceMemoStatus } from './voice-memo.entity';
import type { VoiceMemoInput, VoiceMemoListArgs } from './voice-memo.types';
import type { FeatureGate } from '../../accounts/organizations/organization-ai.service';
import type { ConversationSink } from '../extraction/conversation-sink';

const LIST: ListSpec<VoiceMemo> = {
  searchFields: ['title', 'transcript'],
  sortable: { recordedAt: 'recordedAt', createdAt: 'createdAt', title: 'title', status: 'status' },
  defaultSort: { field: 'recordedAt', order: SortOrder.desc },
  dateField: 'recordedAt',
};

export interface AudioUpload {
  data: Buffer;
  contentType: string;
  fileName: string;
}

/** What a call recording makes: a memo of the call activity (docs/communications.md). */
export interface CallMemo {
  organizationId: string;
  contactId: string;
  activityId: string;
  transcript: string | null;
  recordedAt: Date;
  durationSeconds: number | null;
  title: string;
  authorId: string | null;
}

/** Voice memos: text or audio (transcribed when the provider can), and the tasks extracted from them. */
export class VoiceMemoService {
  constructor(
    private readonly aiFor: AiFor,
    private readonly extraction: TaskExtractionService,
    private readonly features: FeatureGate,
    private readonly conversations: ConversationSink,
  ) {}

  list(em: EntityManager, args: VoiceMemoListArgs): Promise<Page<VoiceMemo>> {
    const where: Record<string, unknown> = {};
    if (args.status) where.status = args.status;
    if (args.contactId) where.contact = args.contactId;
    if (args.opportunityId) where.opportunity = args.opportunityId;
    if (args.authorId) where.author = args.authorId;
    return listPage(em, VoiceMemo, args, LIST, where);
  }

  get(em: EntityManager, id: string): Promise<VoiceMemo> {
    return findOr404(em, VoiceMemo, id, 'Voice memo');
  }

  /** A memo from text, or from audio: transcribed now when the provider can, else pending. */
  async create(
    em: EntityManager,
    principal: Principal,
    input: VoiceMemoInput,
    audio?: AudioUpload,
  ): Promise<VoiceMemo> {
    await this.features.requireFeature(em, principal.organizationId, 'voiceMemos');
    const scope = { organizationId: principal.organizationId };
    let transcript = input.transcript?.trim() || null;
    let status = transcript ? VoiceMemoStatus.transcribed : VoiceMemoStatus.pending;
    if (!transcript && audio) {
      try {
        const ai = await this.aiFor(em, principal.organizationId);
        transcript = await ai.transcribe(
          { data: audio.data, fileName: audio.fileName, mimeType: audio.contentType },
          scope,
        );
        if (transcript) status = VoiceMemoStatus.transcribed;
      } catch {
        status = VoiceMemoStatus.failed;
      }
    }
    return em.transactional(async (tx) => {
      if (input.contactId) await referenced(tx, Contact, input.contactId, 'contactId');
      if (input.opportunityId) await referenced(tx, Opportunity, input.opportunityId, 'opportunityId');
      const memo = new VoiceMemo(
        tx.getReference(Organization, principal.organizationId),
        input.recordedAt ?? clock.now(),
      );
      memo.title = input.title?.trim() || null;
      memo.transcript = transcript;
      memo.status = status;
      memo.durationSeconds = input.durationSeconds ?? null;
      memo.contact = input.contactId ? ref(tx.getReference(Contact, input.contactId)) : null;
      memo.opportunity = input.opportunityId ? ref(tx.getReference(Opportunity, input.opportunityId)) : null;
      memo.author = ref(tx.getReference(User, principal.userId));
      if (audio) {
        memo.audio = audio.data;
        memo.audioContentType = audio.contentType;
        memo.audioSize = audio.data.length;
      }
      tx.persist(memo);
      await tx.flush();
      await this.opportunityOf(tx, memo);
      return memo;
    });
  }

  /** A transcribed memo of a contact may ask for equipment: its opportunity (a call's memo speaks for the call). */
  private async opportunityOf(tx: EntityManager, memo: VoiceMemo): Promise<void> {
    await this.conversations.apply(tx, {
      organizationId: memo.organization.id,
      contactId: memo.contact?.id ?? null,
      kind: memo.activity ? 'call' : 'voice_memo',
      sourceId: memo.activity?.id ?? memo.id,
      text: memo.transcript,
      at: memo.recordedAt,
      authorId: memo.author?.id ?? null,
    });
  }

  /** A call recording's memo, inside the webhook's transaction; tasks are extracted when there is a transcript. */
  async forCall(tx: EntityManager, call: CallMemo): Promise<VoiceMemo> {
    const memo = new VoiceMemo(tx.getReference(Organization, call.organizationId), call.recordedAt);
    memo.title = call.title.slice(0, 200);
    memo.transcript = call.transcript;
    memo.status = call.transcript ? VoiceMemoStatus.transcribed : VoiceMemoStatus.pending;
    memo.durationSeconds = call.durationSeconds;
    memo.contact = ref(tx.getReference(Contact, call.contactId));
    memo.activity = ref(tx.getReference(Activity, call.activityId));
    memo.author = call.authorId ? ref(tx.getReference(User, call.authorId)) : null;
    tx.persist(memo);
    await tx.flush();
    if (call.transcript) await this.extractFromMemo(tx, memo);
    return memo;
  }

  delete(em: EntityManager, id: string): Promise<DeletePayload> {
    return em.transactional(async (tx) => {
      tx.remove(await findOr404(tx, VoiceMemo, id, 'Voice memo'));
      return deleted(id, 'Voice memo');
    });
  }

  extractTasks(em: EntityManager, id: string): Promise<Task[]> {
    return em.transactional(async (tx) =>
      this.extractFromMemo(tx, await findOr404(tx, VoiceMemo, id, 'Voice memo', { lock: true }), true),
    );
  }

  /** The tasks extracted from a memo (source voice_memo, its id). */
  extractedTasks(em: EntityManager, memoId: string): Promise<Task[]> {
    return em.find(
      Task,
      { source: TaskSource.voice_memo, sourceId: memoId },
      { orderBy: { createdAt: 'asc', id: 'asc' }, limit: 100 },
    );
  }

  /** The memo's tasks, inside the caller's transaction (skipped when aiTaskExtraction is off, unless explicit). */
  async extractFromMemo(tx: EntityManager, memo: VoiceMemo, explicit = false): Promise<Task[]> {
    if (!explicit) await this.opportunityOf(tx, memo);
    return this.extraction.extract(tx, {
      explicit,
      organizationId: memo.organization.id,
      source: TaskSource.voice_memo,
      sourceId: memo.id,
      kind: memo.activity ? 'call_transcript' : 'voice_memo',
      text: memo.transcript,
      at: memo.recordedAt,
      authorId: memo.author?.id ?? null,
      contactId: memo.contact?.id ?? null,
      opportunityId: memo.opportunity?.id ?? null,
    });
  }
}
