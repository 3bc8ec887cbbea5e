import type { EntityManager } from '@mikro-orm/postgresql';
import type { AiFor } from '../../accounts/organizations/organization-ai.service';
import type { EventEmitter } from '../../../events/event-emitter';
import type { InboundProvider } from '../../accounts/channels/channel.types';
import type { Organization } from '../../accounts/organizations/organization.entity';
import type { Contact } from '../../crm/contacts/contact.entity';
import type { InboundCall } from './inbound-call';
import { senderByEmail, senderByPhone } from './inbound-contacts';
import type { InboundEmail } from './inbound-email';
import type { IgnoredOutcome, InboundFlows, InboundOutcome } from './inbound-flows';
import type { InboundSms } from './inbound-sms';
import type { InboundTranscription } from './inbound-transcription';
import type { RecordingJob, TranscriptOutcome } from '../voice-memos/call-transcript.service';
import { clock } from '../../../lib/clock';
import type { FeatureGate } from '../../accounts/organizations/organization-ai.service';

/**
 * What the inbound flows need of the communications core (its activities, email sync, notifications and voice
 * memos services). Declared here, structurally, so that the flows hold no copy of that core: the module passes
 * its own services.
 */
export interface InboundPorts {
  /** The activity already recorded for this provider message or call, if any (idempotency). */
  findByExternalId(em: EntityManager, provider: string, externalId: string): Promise<{ id: string } | null>;
  /** Records an inbound activity (source webhook) and moves the contact's lastContactedAt forward. */
  recordInbound(em: EntityManager, input: InboundActivityInput): Promise<{ id: string }>;
  /** Step (d): the contact's email sync subscription (idempotent). */
  subscribeEmailSync(em: EntityManager, contact: Contact, address: string): Promise<unknown>;
  /** Step (f): the contact's owner, else the organization's admins; in-app, plus mail when SMTP is configured. Returns who. */
  notifyOwner(
    em: EntityManager,
    contact: Contact,
    note: { kind: string; title: string; activityId: string },
  ): Promise<string | null>;
  /** A voice memo holding the call's transcript (pending when there is none); runs task extraction when there is one. */
  voiceMemoForCall(
    em: EntityManager,
    input: {
      contact: Contact;
      activityId: string;
      transcript: string | null;
      recordedAt: Date;
      durationSeconds: number | null;
      title: string;
    },
  ): Promise<{ id: string }>;
  /** The second step of a recorded call (CallTranscriptService): its memo, its transcript, its transcription job. */
  memoOfCall(em: EntityManager, activityId: string): Promise<{ id: string; status: string } | null>;
  completeTranscript(
    em: EntityManager,
    organizationId: string,
    memoId: string,
    text: string,
  ): Promise<TranscriptOutcome>;
  failTranscript(em: EntityManager, memoId: string): Promise<unknown>;
  queueTranscription(tx: EntityManager, job: RecordingJob): Promise<void>;
}

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
export class InboundService implements InboundFlows {
  constructor(
    private readonly ports: InboundPorts,
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
      const activity = await this.ports.recordInbound(tx, {
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
      await this.ports.subscribeEmailSync(tx, contact, email.from.address); // (d)
      const ownerId = await this.ports.notifyOwner(tx, contact, {
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
      const activity = await this.ports.recordInbound(tx, {
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
      const memo = await this.ports.voiceMemoForCall(tx, {
        contact,
        activityId: activity.id,
        transcript,
        recordedAt: call.occurredAt,
        durationSeconds: call.durationSeconds,
        title: `Call from ${contact.name}`,
      });
      if (ownTranscription && call.recordingUrl)
        await this.ports.queueTranscription(tx, {
          organizationId: org.id,
          voiceMemoId: memo.id,
          provider,
          recordingUrl: call.recordingUrl,
          accountId: call.accountId,
        });
      await this.ports.notifyOwner(tx, contact, {
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
    const memo = await this.ports.memoOfCall(em, outcome.activityId);
    if (!memo) return outcome;
    const voiceMemoId = memo.id;
    if (text && known) {
      const result = await this.ports.completeTranscript(em, org.id, memo.id, text);
      return { ...known, status: result.filled ? 'processed' : 'duplicate', voiceMemoId };
    }
    // The provider has no transcript: the memo fails, unless our own transcription job is on its way.
    if (!text && !ownTranscription && memo.status === 'pending') await this.ports.failTranscript(em, memo.id);
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
      const activity = await this.ports.recordInbound(tx, {
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
      await this.ports.notifyOwner(tx, contact, {
        kind: 'sms.received',
        title: `SMS from ${contact.name}`,
        activityId: activity.id,
      });
      return { status: 'processed', activityId: activity.id, contactId: contact.id, contactCreated: created };
    });
  }

  private async duplicate(em: EntityManager, provider: string, externalId: string): Promise<InboundOutcome | null> {
    const found = (await this.ports.findByExternalId(em, provider, externalId)) as {
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
