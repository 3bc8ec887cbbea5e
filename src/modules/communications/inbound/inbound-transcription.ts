import { callParties, recordingUrlOf } from './inbound-call';
import { Parsed, PayloadReader } from './payload-reader';

/** A provider's transcript of a call recording, delivered after the recording itself (a second step of the call). */
export interface InboundTranscription {
  /** The call it belongs to: the same id as the recording callback's (one activity per call). */
  callId: string;
  recordingId: string | null;
  transcriptionId: string | null;
  /** completed: `text` is the transcript; failed (or anything else): the provider has none. */
  completed: boolean;
  text: string | null;
  from: string;
  to: string;
  recordingUrl: string | null;
  accountId: string | null;
}

/**
 * Twilio's transcribeCallback of <Record transcribe="true"> (form-encoded): TranscriptionSid, TranscriptionText,
 * TranscriptionStatus (completed | failed), TranscriptionUrl, RecordingSid, RecordingUrl, plus the standard voice
 * request parameters (CallSid, AccountSid, From, To, Called, Caller, CallStatus, Direction, ApiVersion). The
 * organization is found from the called number, as for the recording callback.
 */
export function parseTwilioTranscription(params: Record<string, unknown>): Parsed<InboundTranscription> {
  const r = new PayloadReader(params);
  const status = r.required('TranscriptionStatus', 50);
  const { from, to } = callParties(r);
  const text = r.body_('TranscriptionText') ?? null;
  return r.done({
    callId: r.required('CallSid', 64) ?? '',
    recordingId: r.text('RecordingSid', 64) ?? null,
    transcriptionId: r.text('TranscriptionSid', 64) ?? null,
    completed: status === 'completed' && text !== null,
    text,
    from,
    to,
    recordingUrl: recordingUrlOf(r, 'RecordingUrl'),
    accountId: r.text('AccountSid', 64) ?? null,
  });
}
