import { clock } from '../../../lib/clock';
import { notAnObject, Parsed, PayloadReader } from './payload-reader';

/** A recorded call, whatever the provider: what the recording flow works on. */
export interface InboundCall {
  /** The provider's id of the call: the flow is idempotent on it (one voice-call activity per call). */
  callId: string;
  recordingId: string | null;
  /** The caller (E.164 when it is a phone number). */
  from: string;
  /** The called number: the organization is the one that lists it. */
  to: string;
  recordingUrl: string | null;
  durationSeconds: number | null;
  /** A transcript the provider already made; null: it comes later (a transcription callback or our own job). */
  transcript: string | null;
  occurredAt: Date;
  /** The provider's account of the call (Twilio's AccountSid): the user name its recording is fetched with. */
  accountId: string | null;
}

/**
 * The generic JSON shape (docs/communications.md): callId, recordingId, from, to (E.164), recordingUrl,
 * durationSeconds, transcript, occurredAt.
 */
export function parseGenericRecording(body: unknown): Parsed<InboundCall> {
  const r = PayloadReader.of(body);
  if (!r) return notAnObject();
  return r.done({
    callId: r.required('callId', 200) ?? '',
    recordingId: r.text('recordingId', 200) ?? null,
    from: r.phone('from', r.required('from', 20)) ?? '',
    to: r.phone('to', r.required('to', 20)) ?? '',
    recordingUrl: recordingUrlOf(r, 'recordingUrl'),
    durationSeconds: r.count('durationSeconds') ?? null,
    transcript: r.body_('transcript') ?? null,
    occurredAt: r.date('occurredAt') ?? clock.now(),
    accountId: null,
  });
}

export function recordingUrlOf(r: PayloadReader, field: string): string | null {
  const v = r.text(field, 2000);
  if (v === undefined) return null;
  return /^https?:\/\/\S+$/i.test(v) ? v : (r.fail(field, `${field} must be an http(s) URL`) ?? null);
}

/** The caller and the called number of a Twilio voice request (From/To, else Caller/Called); To must be E.164. */
export function callParties(r: PayloadReader): { from: string; to: string } {
  const to = r.text('To', 20) ?? r.text('Called', 20);
  const from = r.text('From', 50) ?? r.text('Caller', 50);
  if (!to)
    r.fail('To', 'To (the called number) is required: use the <Record> or <Dial> action callback, which carries it');
  if (!from) r.fail('From', 'From (the caller) is required');
  return { from: from ?? '', to: r.phone('To', to) ?? '' };
}

/**
 * Twilio's recording callbacks (form-encoded): the action callback of <Record> or <Dial record>, with the standard
 * voice request parameters (CallSid, AccountSid, From, To, Called, Caller, ...) plus RecordingUrl,
 * RecordingDuration, Digits (and RecordingSid, RecordingStatus, RecordingStartTime when Twilio sends them). A bare
 * recordingStatusCallback has no From/To and is refused (400): the organization is found from the called number.
 * The action callback carries no transcript, even with transcribe="true": Twilio posts it later to the
 * transcribeCallback (inbound-transcription.ts). A RecordingStatus other than `completed` (failed, absent) still
 * logs the call, without a recording URL.
 */
export function parseTwilioRecording(params: Record<string, unknown>): Parsed<InboundCall> {
  const r = new PayloadReader(params);
  const status = r.text('RecordingStatus', 50);
  const recordingUrl = recordingUrlOf(r, 'RecordingUrl');
  const { from, to } = callParties(r);
  return r.done({
    callId: r.required('CallSid', 64) ?? '',
    recordingId: r.text('RecordingSid', 64) ?? null,
    from,
    to,
    recordingUrl: status && status !== 'completed' ? null : recordingUrl,
    durationSeconds: r.count('RecordingDuration') ?? r.count('CallDuration') ?? null,
    transcript: null,
    occurredAt: r.looseDate('RecordingStartTime') ?? clock.now(),
    accountId: r.text('AccountSid', 64) ?? null,
  });
}
