import type { EntityManager } from '@mikro-orm/postgresql';
import type { AiFor } from '../../accounts/organizations/organization-ai.service';
import type { EventEmitter } from '../../../events/event-emitter';
import type { InboundProvider } from '../../accounts/channels/channel.types';
import type { Organization } from '../../accounts/organizations/organization.entity';
import type { Contact } from '../../crm/contacts/contact.entity';
import type { InboundCall } from './inbound-call';
import { senderByEmail, senderByPhone } from './inbound-contacts';
import type { InboundEmail } from './inbound-email';
import type { IgnoredOutcome, InboundOutcome } from './inbound-outcome';
import type { InboundSms } from './inbound-sms';
import type { InboundTranscription } from './inbound-transcription';
import type { NotificationService } from '../../accounts/notifications/notification.service';
import { ActivityDirection, ActivitySource, ActivityType, SentimentLabel } from '../activities/activity.entity';
import type { ActivityService } from '../activities/activity.service';
import type { EmailSyncService } from '../email-sync/email-sync.service';
import type { CallTranscriptService } from '../voice-memos/call-transcript.service';
import type { VoiceMemoService } from '../voice-memos/voice-memo.service';
import type { VoiceMemoStatus } from '../voice-memos/voice-memo-status';
import { clock } from '../../../lib/clock';
import type { FeatureGate } from '../../accounts/organizations/organization-ai.service';

export interface InboundActivityInput {
  contact: Contact;
  type: 'email' | 'call' | 'sms';
  provider: string;
  externalId: string;
  occurredAt: Date;
  subject: string | null;
  body: string | null;
  durationSeconds?: number | null;
  recordingUrl?: string | null;
  /** Recorded calls: `transcribed` with a transcript, else `pending` (as the call's memo). */
  transcriptionStatus?: 'pending' | 'transcribed';
  sentiment: { score: number; label: string } | null;
  summary: string | null;
  /** Emails: the attachments' metadata as the provider reported it. */
  attachments?: { filename: string; contentType: string | null; size: number | null }[];
}

/**
 * The three inbound flows (docs/communications.md, "Provider webhooks"), each one transaction with its outbox event.
 * The AI calls (sentiment, summary) run before the transaction opens, so no row lock waits on a model.
 */
export class InboundService {
  constructor(
    /** The communications core the flows write through, and the accounts module's notifications. */
    private readonly core: {
      activities: ActivityService;
      emailSync: EmailSyncService;
      voiceMemos: VoiceMemoService;
      callTranscripts: CallTranscriptService;
      notifications: NotificationService;
    },
    private readonly aiFor: AiFor,
    private readonly events: EventEmitter,
    private readonly features: FeatureGate,
  ) {}

  async email(
    em: EntityManager,
    org: Organization,
    email: InboundEmail,
    provider: InboundProvider,
  ): Promise<InboundOutcome | IgnoredOutcome> {
    if (!(await this.features.featureOn(em, org.id, 'emailAutoLink')))
      return { status: 'ignored', reason: 'emailAutoLink is switched off for this organization' };
    const externalId = email.messageId;
    const existing = await this.duplicate(em, provider, externalId);
    if (existing) return existing;
    const text = email.text ?? stripHtml(email.html) ?? email.subject ?? '';
    const { sentiment, summary } = await this.analyse(em, org, text);
    return em.transactional(async (tx) => {
      const again = await this.duplicate(tx, provider, externalId);
      if (again) return again;
      const { contact, created } = await senderByEmail(tx, org, email.from.address, email.from.name); // (a) (c)
      const activity = await this.recordInbound(tx, {
        contact, // (b)
        type: 'email',
        provider,
        externalId,
        occurredAt: email.receivedAt,
        subject: email.subject,
        body: email.text ?? email.html,
        sentiment, // (e)
        summary,
        attachments: email.attachments,
      });
      await this.core.emailSync.subscribe(tx, contact, email.from.address); // (d)
      const ownerId = await this.notifyOwner(tx, contact, {
        kind: 'email.received',
        title: `Email from ${contact.name}${email.subject ? `: ${email.subject}` : ''}`,
        activityId: activity.id,
      }); // (f)
      this.events.emit(tx, org.id, 'email.received', {
        activityId: activity.id,
        contactId: contact.id,
        contactCreated: created,
        from: email.from.address,
        to: email.to,
        subject: email.subject,
        ownerId,
        receivedAt: email.receivedAt.toISOString(),
      });
      return { status: 'processed', activityId: activity.id, contactId: contact.id, contactCreated: created };
    });
  }

  async call(
    em: EntityManager,
    org: Organization,
    call: InboundCall,
    provider: InboundProvider,
  ): Promise<InboundOutcome> {
    const existing = await this.duplicate(em, provider, call.callId);
    if (existing) return existing;
    const transcript = call.transcript;
    const { sentiment, summary } = transcript
      ? await this.analyse(em, org, transcript)
      : { sentiment: null, summary: null };
    const ownTranscription = !transcript && (await this.transcribesRecording(em, org, call.recordingUrl));
    return em.transactional(async (tx) => {
      const again = await this.duplicate(tx, provider, call.callId);
      if (again) return again;
      const { contact, created } = await senderByPhone(tx, org, call.from, 'inbound call');
      const activity = await this.recordInbound(tx, {
        contact,
        type: 'call',
        provider,
        externalId: call.callId,
        occurredAt: call.occurredAt,
        subject: `Call from ${call.from}`,
        body: transcript,
        durationSeconds: call.durationSeconds,
        recordingUrl: call.recordingUrl,
        transcriptionStatus: transcript ? 'transcribed' : 'pending',
        sentiment,
        summary,
      });
      const memo = await this.voiceMemoForCall(tx, {
        contact,
        activityId: activity.id,
        transcript,
        recordedAt: call.occurredAt,
        durationSeconds: call.durationSeconds,
        title: `Call from ${contact.name}`,
      });
      if (ownTranscription && call.recordingUrl)
        await this.core.callTranscripts.queue(tx, {
          organizationId: org.id,
          voiceMemoId: memo.id,
          provider,
          recordingUrl: call.recordingUrl,
          accountId: call.accountId,
        });
      await this.notifyOwner(tx, contact, {
        kind: 'call.received',
        title: `Call from ${contact.name}`,
        activityId: activity.id,
      });
      this.events.emit(tx, org.id, 'call.received', {
        activityId: activity.id,
        contactId: contact.id,
        contactCreated: created,
        from: call.from,
        to: call.to,
        durationSeconds: call.durationSeconds,
        provider,
        receivedAt: call.occurredAt.toISOString(),
      });
      return {
        status: 'processed',
        activityId: activity.id,
        contactId: contact.id,
        contactCreated: created,
        voiceMemoId: memo.id,
      };
    });
  }

  /**
   * A call's transcript, delivered after its recording (Twilio's transcribeCallback): fills the call's activity
   * and memo, then extracts the tasks. Idempotent: a memo that already has its transcript answers `duplicate`.
   * When it arrives first, the call is logged from it (the recording callback then answers `duplicate`).
   */
  async transcription(
    em: EntityManager,
    org: Organization,
    tr: InboundTranscription,
    provider: InboundProvider,
  ): Promise<InboundOutcome> {
    const ownTranscription = await this.transcribesRecording(em, org, tr.recordingUrl);
    const text = tr.completed ? tr.text : null;
    const known = await this.duplicate(em, provider, tr.callId);
    const outcome = known ?? (await this.call(em, org, callOf(tr, text), provider));
    const memo = await this.core.callTranscripts.memoOfCall(em, outcome.activityId);
    if (!memo) return outcome;
    const voiceMemoId = memo.id;
    if (text && known) {
      const result = await this.core.callTranscripts.complete(em, org.id, memo.id, text);
      return { ...known, status: result.filled ? 'processed' : 'duplicate', voiceMemoId };
    }
    // The provider has no transcript: the memo fails, unless our own transcription job is on its way.
    if (!text && !ownTranscription && memo.status === 'pending') await this.core.callTranscripts.fail(em, memo.id);
    return { ...outcome, status: known && !text ? 'processed' : outcome.status, voiceMemoId };
  }

  async sms(em: EntityManager, org: Organization, sms: InboundSms, provider: InboundProvider): Promise<InboundOutcome> {
    const existing = await this.duplicate(em, provider, sms.messageId);
    if (existing) return existing;
    const { sentiment, summary } = sms.body
      ? await this.analyse(em, org, sms.body)
      : { sentiment: null, summary: null };
    return em.transactional(async (tx) => {
      const again = await this.duplicate(tx, provider, sms.messageId);
      if (again) return again;
      const { contact, created } = await senderByPhone(tx, org, sms.from, 'inbound sms');
      const activity = await this.recordInbound(tx, {
        contact,
        type: 'sms',
        provider,
        externalId: sms.messageId,
        occurredAt: sms.receivedAt,
        subject: null,
        body: [sms.body, ...sms.media.map((m) => m.url)].filter(Boolean).join('\n') || null,
        sentiment,
        summary,
      });
      await this.notifyOwner(tx, contact, {
        kind: 'sms.received',
        title: `SMS from ${contact.name}`,
        activityId: activity.id,
      });
      return { status: 'processed', activityId: activity.id, contactId: contact.id, contactCreated: created };
    });
  }

  private async duplicate(em: EntityManager, provider: string, externalId: string): Promise<InboundOutcome | null> {
    const found = (await this.core.activities.findByExternalId(em, provider, externalId)) as {
      id: string;
      contactId?: string;
      contact?: { id: string };
    } | null;
    if (!found) return null;
    return {
      status: 'duplicate',
      activityId: found.id,
      contactId: found.contactId ?? found.contact?.id ?? '',
      contactCreated: false,
    };
  }

  /** Records an inbound activity (source webhook); the contact's lastContactedAt moves forward. */
  private recordInbound(tx: EntityManager, a: InboundActivityInput): Promise<{ id: string }> {
    return this.core.activities.record(tx, {
      organizationId: a.contact.organization.id,
      contactId: a.contact.id,
      type: a.type as ActivityType,
      direction: ActivityDirection.inbound,
      occurredAt: a.occurredAt,
      source: ActivitySource.webhook,
      subject: a.subject,
      body: a.body,
      durationSeconds: a.durationSeconds,
      recordingUrl: a.recordingUrl,
      transcriptionStatus: a.transcriptionStatus as VoiceMemoStatus | undefined,
      sentimentScore: a.sentiment?.score ?? null,
      sentimentLabel: (a.sentiment?.label as SentimentLabel | undefined) ?? null,
      summary: a.summary,
      provider: a.provider,
      externalId: a.externalId,
      attachments: a.attachments,
    });
  }

  /** A voice memo holding the call's transcript (pending when there is none); runs task extraction when there is one. */
  private voiceMemoForCall(
    tx: EntityManager,
    call: {
      contact: Contact;
      activityId: string;
      transcript: string | null;
      recordedAt: Date;
      durationSeconds: number | null;
      title: string;
    },
  ): Promise<{ id: string }> {
    return this.core.voiceMemos.forCall(tx, {
      ...call,
      organizationId: call.contact.organization.id,
      contactId: call.contact.id,
      authorId: call.contact.owner?.id ?? null,
    });
  }

  /**
   * Step (f): tells the contact's owner, else the organization's admins (in-app, plus mail when SMTP is
   * configured). Returns the owner (null when the admins were told).
   */
  private async notifyOwner(
    tx: EntityManager,
    contact: Contact,
    note: { kind: string; title: string; activityId: string },
  ): Promise<string | null> {
    const organizationId = contact.organization.id;
    const { notifications } = this.core;
    const userIds = await notifications.ownerOrAdmins(tx, organizationId, contact.owner?.id ?? null);
    await notifications.notify(tx, {
      organizationId,
      userIds,
      kind: note.kind,
      title: note.title,
      link: `/api/activities/${note.activityId}`,
      email: true,
    });
    return contact.owner?.id ?? null;
  }

  /** Whether the service transcribes this recording itself: a URL to fetch and a provider that can transcribe. */
  private async transcribesRecording(em: EntityManager, org: Organization, url: string | null): Promise<boolean> {
    return Boolean(url) && (await this.aiFor(em, org.id)).transcribes;
  }

  private async analyse(em: EntityManager, org: Organization, text: string) {
    const scope = { organizationId: org.id };
    const ai = await this.aiFor(em, org.id);
    const [s, summary] = await Promise.all([ai.analyzeSentiment(text, scope), ai.summarize(text, scope)]);
    return { sentiment: { score: s.score, label: s.label }, summary: summary.summary };
  }
}

/** A transcription callback read as the call it belongs to (when it arrives before the recording callback). */
function callOf(tr: InboundTranscription, transcript: string | null): InboundCall {
  return {
    callId: tr.callId,
    recordingId: tr.recordingId,
    from: tr.from,
    to: tr.to,
    recordingUrl: tr.recordingUrl,
    durationSeconds: null,
    transcript,
    occurredAt: clock.now(),
    accountId: tr.accountId,
  };
}

function stripHtml(html: string | null): string | null {
  if (!html) return null;
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text || null;
}
