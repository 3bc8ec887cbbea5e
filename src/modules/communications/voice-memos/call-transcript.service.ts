import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobSender } from '../../../jobs/job-queue';
import type { ActivityService } from '../activities/activity.service';
import { Activity } from '../activities/activity.entity';
import { VoiceMemo, VoiceMemoStatus } from './voice-memo.entity';
import type { VoiceMemoService } from './voice-memo.service';

/** The pg-boss queue of call recordings to transcribe (created by Migration20261128200000_recording_transcription). */
export const RECORDING_QUEUE = 'recording-transcription';

/** One recording to fetch and transcribe: the job's data (no secret: the credentials are read when it runs). */
export interface RecordingJob {
  organizationId: string;
  voiceMemoId: string;
  provider: string;
  recordingUrl: string;
  /** Twilio's AccountSid of the call: the user name of the recording's basic credentials. */
  accountId: string | null;
}

/** What became of a transcript handed to the call: filled in, or the call already had one. */
export type TranscriptOutcome = { filled: true; memo: VoiceMemo } | { filled: false; memo: VoiceMemo | null };

/**
 * The second step of a recorded call (docs/communications.md, "Call transcripts"): the call's activity and voice
 * memo were written without text, and the transcript arrives later, from the provider's transcription callback
 * or from our own transcription job. The first transcript wins: the memo moves pending|failed -> transcribed
 * under a row lock, the activity gets the transcript as its body with its sentiment and summary, and the task
 * extraction runs, all in one transaction. A memo that is already transcribed is left alone (idempotency).
 */
export class CallTranscriptService {
  constructor(
    private readonly activities: ActivityService,
    private readonly voiceMemos: VoiceMemoService,
    private readonly jobs: JobSender,
  ) {}

  /** The memo a call activity made (the recording webhook writes exactly one). */
  memoOfCall(em: EntityManager, activityId: string): Promise<VoiceMemo | null> {
    return em.findOne(VoiceMemo, { activity: activityId }, { orderBy: { createdAt: 'asc' } });
  }

  /** Puts the recording on the transcription queue, in the caller's transaction (no job without its memo). */
  queue(tx: EntityManager, job: RecordingJob): Promise<void> {
    return this.jobs.send(tx, RECORDING_QUEUE, job);
  }

  async complete(em: EntityManager, organizationId: string, memoId: string, text: string): Promise<TranscriptOutcome> {
    // The model calls run before the transaction opens, so no row lock waits on them.
    const analysis = await this.activities.analyse(em, organizationId, { body: text });
    return em.transactional(async (tx) => {
      const memo = await tx.findOne(VoiceMemo, { id: memoId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!memo || memo.status === VoiceMemoStatus.transcribed) return { filled: false, memo };
      memo.transcript = text;
      memo.status = VoiceMemoStatus.transcribed;
      const activity = memo.activity ? await tx.findOne(Activity, { id: memo.activity.id }) : null;
      if (activity) {
        activity.body = text;
        activity.transcriptionStatus = VoiceMemoStatus.transcribed;
        activity.sentimentScore = analysis.sentimentScore ?? null;
        activity.sentimentLabel = analysis.sentimentLabel ?? null;
        activity.summary = analysis.summary ?? null;
      }
      await tx.flush();
      await this.voiceMemos.extractFromMemo(tx, memo);
      return { filled: true, memo };
    });
  }

  /** No transcript can be had (the provider's failed, or our retries are spent): pending -> failed, memo and call. */
  async fail(em: EntityManager, memoId: string): Promise<VoiceMemo | null> {
    return em.transactional(async (tx) => {
      const memo = await tx.findOne(VoiceMemo, { id: memoId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (memo?.status !== VoiceMemoStatus.pending) return memo;
      memo.status = VoiceMemoStatus.failed;
      const activity = memo.activity ? await tx.findOne(Activity, { id: memo.activity.id }) : null;
      if (activity) activity.transcriptionStatus = VoiceMemoStatus.failed;
      return memo;
    });
  }
}
