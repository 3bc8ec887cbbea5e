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
  /** A transcript the provider already made; null: the AI provider is asked, else the memo waits. */
  transcript: string | null;
  occurredAt: Date;
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
    recordingUrl: url(r, 'recordingUrl'),
    durationSeconds: r.count('durationSeconds') ?? null,
    transcript: r.body_('transcript') ?? null,
    occurredAt: r.date('occurredAt') ?? clock.now(),
  });
}

function url(r: PayloadReader, field: string): string | null {
  const v = r.text(field, 2000);
  if (v === undefined) return null;
  return /^https?:\/\/\S+$/i.test(v) ? v : (r.fail(field, `${field} must be an http(s) URL`) ?? null);
}

/**
 * Twilio's recording callbacks (form-encoded): CallSid and RecordingSid, RecordingUrl, RecordingStatus,
 * RecordingDuration, RecordingStartTime, plus the call's From and To (or Caller and Called). Twilio sends
 * From/To with the <Record> and <Dial record> action callbacks; a bare recordingStatusCallback has none and is
 * refused (400) because the organization is found from the called number. TranscriptionText, when present
 * (Twilio's transcribeCallback), is the transcript. A RecordingStatus other than `completed` (failed, absent)
 * still logs the call, without a recording URL.
 */
export function parseTwilioRecording(params: Record<string, unknown>): Parsed<InboundCall> {
  const r = new PayloadReader(params);
  const status = r.text('RecordingStatus', 50);
  const recordingUrl = url(r, 'RecordingUrl');
  const to = r.text('To', 20) ?? r.text('Called', 20);
  const from = r.text('From', 50) ?? r.text('Caller', 50);
  if (!to)
    r.fail('To', 'To (the called number) is required: use the <Record> or <Dial> action callback, which carries it');
  if (!from) r.fail('From', 'From (the caller) is required');
  return r.done({
    callId: r.required('CallSid', 64) ?? '',
    recordingId: r.text('RecordingSid', 64) ?? null,
    from: from ?? '',
    to: r.phone('To', to) ?? '',
    recordingUrl: status && status !== 'completed' ? null : recordingUrl,
    durationSeconds: r.count('RecordingDuration') ?? r.count('CallDuration') ?? null,
    transcript: r.body_('TranscriptionText') ?? null,
    occurredAt: r.looseDate('RecordingStartTime') ?? clock.now(),
  });
}
