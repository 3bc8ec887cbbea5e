/**
 * Provider payloads shaped exactly as the providers document them, for the inbound webhook tests.
 * Postmark: the example JSON of postmarkapp.com "Inbound webhook" (addresses replaced per test where routed).
 * Twilio: the parameters of its messaging webhook and of the <Record> action callback.
 */

/** Postmark's documented inbound example, with the recipient and sender swappable. */
export function postmarkInbound(over: { to?: string; from?: string; fromName?: string; messageId?: string } = {}) {
  const to = over.to ?? 'yourhash+SampleHash@inbound.postmarkapp.com';
  const from = over.from ?? 'support@postmarkapp.com';
  const fromName = over.fromName ?? 'Postmarkapp Support';
  return {
    FromName: fromName,
    MessageStream: 'inbound',
    From: from,
    FromFull: { Email: from, Name: fromName, MailboxHash: '' },
    To: `"Firstname Lastname" <${to}>`,
    ToFull: [{ Email: to, Name: 'Firstname Lastname', MailboxHash: 'SampleHash' }],
    Cc: '"First Cc" <firstcc@postmarkapp.com>, secondCc@postmarkapp.com>',
    CcFull: [
      { Email: 'firstcc@postmarkapp.com', Name: 'First Cc', MailboxHash: '' },
      { Email: 'secondCc@postmarkapp.com', Name: '', MailboxHash: '' },
    ],
    Bcc: '"First Bcc" <firstbcc@postmarkapp.com>',
    BccFull: [{ Email: 'firstbcc@postmarkapp.com', Name: 'First Bcc', MailboxHash: '' }],
    OriginalRecipient: to,
    Subject: 'Test subject',
    MessageID: over.messageId ?? '73e6d360-66eb-11e1-8e72-a8904824019b',
    ReplyTo: 'replyto@example.com',
    MailboxHash: 'SampleHash',
    Date: 'Fri, 1 Aug 2014 16:45:32 -04:00',
    TextBody: 'This is a test text body.',
    HtmlBody: '<html><body><p>This is a test html body.</p></body></html>',
    StrippedTextReply: 'This is the reply text',
    Tag: 'TestTag',
    Headers: [
      { Name: 'X-Header-Test', Value: '' },
      { Name: 'X-Spam-Status', Value: 'No' },
      { Name: 'X-Spam-Score', Value: '-0.1' },
      { Name: 'X-Spam-Tests', Value: 'DKIM_SIGNED,DKIM_VALID,DKIM_VALID_AU,SPF_PASS' },
    ],
    Attachments: [
      {
        Name: 'test.txt',
        Content: 'VGhpcyBpcyBhdHRhY2htZW50IGNvbnRlbnRzLCBiYXNlLTY0IGVuY29kZWQu',
        ContentType: 'text/plain',
        ContentLength: 45,
      },
    ],
  };
}

/** Twilio's messaging webhook parameters for one inbound SMS. */
export function twilioSms(over: { from?: string; to?: string; body?: string; sid?: string } = {}) {
  const sid = over.sid ?? 'SMbe794ce78f6b9fdf853d2acb76c080db';
  return {
    ToCountry: 'US',
    ToState: 'CA',
    SmsMessageSid: sid,
    NumMedia: '0',
    ToCity: 'SAN BRUNO',
    FromZip: '94030',
    SmsSid: sid,
    FromState: 'CA',
    SmsStatus: 'received',
    FromCity: 'SAN BRUNO',
    Body: over.body ?? 'hello 5',
    FromCountry: 'US',
    To: over.to ?? '+16505558225',
    ToZip: '94030',
    NumSegments: '1',
    MessageSid: sid,
    AccountSid: 'AC00000000000000000000000000000000',
    From: over.from ?? '+16505551199',
    ApiVersion: '2010-04-01',
  };
}

const ACCOUNT = 'AC00000000000000000000000000000000';

/** The standard TwiML voice request parameters Twilio sends with every voice callback of a call. */
function voiceRequest(over: { from?: string; to?: string; callSid?: string }) {
  return {
    AccountSid: ACCOUNT,
    ApiVersion: '2010-04-01',
    CallSid: over.callSid ?? 'CA1234567890ABCDE1234567890ABCDE',
    CallStatus: 'completed',
    Called: over.to ?? '+18005551212',
    Caller: over.from ?? '+14158675309',
    Direction: 'inbound',
    From: over.from ?? '+14158675309',
    To: over.to ?? '+18005551212',
  };
}

export interface TwilioCall {
  from?: string;
  to?: string;
  callSid?: string;
  recordingSid?: string;
  /** Where the recording is served (a loopback fake in the transcription tests). */
  recordingUrl?: string;
}

const recordingUrlOf = (over: TwilioCall) =>
  over.recordingUrl ??
  `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}/Recordings/${over.recordingSid ?? 'RE1234567890ABCDE1234567890ABCDE'}`;

/**
 * Twilio's <Record> action callback: the voice request parameters plus RecordingUrl, RecordingDuration and Digits
 * (and RecordingSid). It never carries a transcript, even with transcribe="true".
 */
export function twilioRecording(over: TwilioCall = {}) {
  return {
    ...voiceRequest(over),
    RecordingSid: over.recordingSid ?? 'RE1234567890ABCDE1234567890ABCDE',
    RecordingUrl: recordingUrlOf(over),
    RecordingDuration: '42',
    Digits: 'hangup',
    RecordingStartTime: 'Mon, 23 Nov 2026 15:04:05 +0000',
  };
}

/**
 * Twilio's transcribeCallback of <Record transcribe="true">: the voice request parameters plus TranscriptionSid,
 * TranscriptionText, TranscriptionStatus, TranscriptionUrl, RecordingSid and RecordingUrl.
 */
export function twilioTranscription(over: TwilioCall & { text?: string; status?: 'completed' | 'failed' } = {}) {
  const sid = 'TR1234567890ABCDE1234567890ABCDE';
  return {
    ...voiceRequest(over),
    TranscriptionSid: sid,
    TranscriptionText: over.text ?? '',
    TranscriptionStatus: over.status ?? 'completed',
    TranscriptionUrl: `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}/Transcriptions/${sid}`,
    RecordingSid: over.recordingSid ?? 'RE1234567890ABCDE1234567890ABCDE',
    RecordingUrl: recordingUrlOf(over),
  };
}
