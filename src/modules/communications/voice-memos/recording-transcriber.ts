import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordingConfig } from '../../../config';
import { guardedFetch, type GuardedResponse } from '../../../events/guarded-fetch';
import type { HostResolver } from '../../../events/url-guard';
import type { AiFor } from '../../accounts/organizations/organization-ai.service';
import type { ChannelSettingsService } from '../../accounts/channels/channel.service';
import type { InboundProvider } from '../../accounts/channels/channel.types';
import type { CallTranscriptService, RecordingJob } from './call-transcript.service';
import { VoiceMemo, VoiceMemoStatus } from './voice-memo.entity';

/** The accounts module's InboundProvider.twilio (a type import keeps this module off its code). */
const TWILIO = 'twilio' as InboundProvider;

/** A failure that no retry can mend (a URL we must not fetch, a recording with no speech): the memo fails now. */
export class PermanentTranscriptionError extends Error {}

export interface RecordingFetchOptions extends RecordingConfig {
  /** WEBHOOK_ALLOW_PRIVATE_URLS: loopback and private hosts (tests, local development). */
  allowPrivate: boolean;
  resolve?: HostResolver;
}

const EXTENSIONS: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/flac': 'flac',
};

/**
 * The transcription job of a call recording (docs/communications.md, "Call transcripts"): fetch the audio
 * through the SSRF guard (size- and time-capped; Twilio's with the account's basic credentials, sent only to
 * Twilio), send it to the organization's transcribing provider (OPENAI_TRANSCRIPTION_MODEL on the
 * OpenAI-compatible /v1/audio/transcriptions), and fill the call's memo and activity. Throws to have pg-boss
 * retry; on the last attempt, or a permanent failure, the memo is `failed` first.
 */
export class RecordingTranscriber {
  constructor(
    private readonly aiFor: AiFor,
    private readonly channels: Pick<ChannelSettingsService, 'webhookSecret'>,
    private readonly transcripts: CallTranscriptService,
    private readonly opts: RecordingFetchOptions,
  ) {}

  /** One job, with an EntityManager scoped to the job's organization. */
  async run(em: EntityManager, job: RecordingJob, attempt: { final: boolean }): Promise<void> {
    const memo = await em.findOne(VoiceMemo, { id: job.voiceMemoId });
    if (memo?.status !== VoiceMemoStatus.pending) return; // the provider's transcript came first, or the memo is gone
    try {
      const ai = await this.aiFor(em, job.organizationId);
      if (!ai.transcribes) throw new PermanentTranscriptionError('the organization has no transcribing AI provider');
      const audio = await this.fetch(em, job);
      const text = await ai.transcribe(audio, { organizationId: job.organizationId });
      if (text === null) throw new Error('the transcription server gave no answer');
      if (!text.trim()) throw new PermanentTranscriptionError('the recording holds no speech');
      await this.transcripts.complete(em, job.organizationId, memo.id, text.trim());
    } catch (err) {
      if (attempt.final || err instanceof PermanentTranscriptionError) await this.transcripts.fail(em, memo.id);
      throw err;
    }
  }

  private async fetch(em: EntityManager, job: RecordingJob) {
    const headers: Record<string, string> = { accept: 'audio/*' };
    if (job.provider === TWILIO) {
      if (!this.isTwilioMedia(job.recordingUrl))
        throw new PermanentTranscriptionError(`not a Twilio recording URL (TWILIO_API_URL): ${job.recordingUrl}`);
      const token = await this.channels.webhookSecret(em, job.organizationId, TWILIO);
      if (token && job.accountId)
        headers.authorization = `Basic ${Buffer.from(`${job.accountId}:${token}`).toString('base64')}`;
    }
    const res = await guardedFetch(job.recordingUrl, {
      headers,
      timeoutMs: this.opts.timeoutMs,
      maxBytes: this.opts.maxBytes,
      maxRedirects: 3,
      allowPrivate: this.opts.allowPrivate,
      resolve: this.opts.resolve,
    });
    if (res.status !== 200) throw new Error(`the recording answered HTTP ${res.status}`);
    if (res.body.length === 0) throw new Error('the recording is empty');
    const mimeType = String(res.headers['content-type'] ?? 'audio/wav')
      .split(';')[0]
      .trim()
      .toLowerCase();
    return { data: res.body, mimeType, fileName: `recording.${extension(res, mimeType)}` };
  }

  /** Twilio's credentials go to TWILIO_API_URL's origin, or to an https host under twilio.com, nowhere else. */
  private isTwilioMedia(url: string): boolean {
    const target = new URL(url);
    if (target.origin === this.opts.twilioApiUrl) return true;
    return target.protocol === 'https:' && /(^|\.)twilio\.com$/i.test(target.hostname);
  }
}

/** The file name's extension tells the transcription server the format: from the media type, else the URL. */
function extension(res: GuardedResponse, mimeType: string): string {
  const known = EXTENSIONS[mimeType];
  if (known) return known;
  const fromPath = /\.([a-z0-9]{2,5})$/i.exec(new URL(res.url).pathname)?.[1];
  return fromPath?.toLowerCase() ?? 'wav';
}
