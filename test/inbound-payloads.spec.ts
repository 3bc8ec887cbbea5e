/** The payload normalisers of the inbound webhooks (pure): each provider's documented shape, and what is refused. */
import { parseGenericEmail, parsePostmarkEmail } from '../src/modules/communications/inbound/inbound-email';
import { parseGenericRecording, parseTwilioRecording } from '../src/modules/communications/inbound/inbound-call';
import { parseGenericSms, parseTwilioSms } from '../src/modules/communications/inbound/inbound-sms';
import { parseTwilioTranscription } from '../src/modules/communications/inbound/inbound-transcription';
import { postmarkInbound, twilioRecording, twilioSms, twilioTranscription } from './support/inbound-payloads';

const ok = <T>(p: { ok: true; value: T } | { ok: false; details: unknown }): T => {
  if (!p.ok) throw new Error(JSON.stringify(p.details));
  return p.value;
};
const fields = (p: { ok: boolean; details?: { field: string }[] }) =>
  p.ok ? [] : (p.details ?? []).map((d) => d.field);

describe('generic email JSON', () => {
  const valid = {
    messageId: '<abc@mail.example>',
    from: { address: 'Jane.Doe@Example.COM', name: 'Jane Doe' },
    to: ['acme-1234@inbound.localhost', { address: 'sales@acme.example', name: 'Sales' }],
    cc: ['boss@acme.example'],
    subject: 'Need a scissor lift',
    text: 'Can you deliver on Monday?',
    html: '<p>Can you deliver on Monday?</p>',
    receivedAt: '2026-11-23T10:00:00Z',
    attachments: [{ filename: 'site.pdf', contentType: 'application/pdf', size: 1024 }],
  };

  it('reads every documented field, lower-casing addresses', () => {
    expect(ok(parseGenericEmail(valid))).toEqual({
      messageId: '<abc@mail.example>',
      from: { address: 'jane.doe@example.com', name: 'Jane Doe' },
      to: ['acme-1234@inbound.localhost', 'sales@acme.example'],
      cc: ['boss@acme.example'],
      recipients: ['acme-1234@inbound.localhost', 'sales@acme.example', 'boss@acme.example'],
      mailboxHashes: [],
      subject: 'Need a scissor lift',
      text: 'Can you deliver on Monday?',
      html: '<p>Can you deliver on Monday?</p>',
      receivedAt: new Date('2026-11-23T10:00:00Z'),
      attachments: [{ filename: 'site.pdf', contentType: 'application/pdf', size: 1024 }],
    });
  });

  it('accepts from as "Name <address>"', () => {
    expect(ok(parseGenericEmail({ ...valid, from: '"Jane Doe" <jane@example.com>' })).from).toEqual({
      address: 'jane@example.com',
      name: 'Jane Doe',
    });
  });

  it('names every wrong field', () => {
    expect(fields(parseGenericEmail({ from: { address: 'nope' }, to: [], receivedAt: 'soon' }))).toEqual(
      expect.arrayContaining(['messageId', 'from.address', 'to', 'receivedAt']),
    );
    expect(fields(parseGenericEmail([]))).toEqual(['body']);
    expect(fields(parseGenericEmail({ ...valid, attachments: [{ size: -1 }] }))).toEqual(
      expect.arrayContaining(['attachments[0].filename', 'attachments[0].size']),
    );
  });
});

describe("Postmark's inbound JSON", () => {
  it('reads the documented example', () => {
    const e = ok(parsePostmarkEmail(postmarkInbound()));
    expect(e).toMatchObject({
      messageId: '73e6d360-66eb-11e1-8e72-a8904824019b',
      from: { address: 'support@postmarkapp.com', name: 'Postmarkapp Support' },
      to: ['yourhash+samplehash@inbound.postmarkapp.com'],
      cc: ['firstcc@postmarkapp.com', 'secondcc@postmarkapp.com'],
      subject: 'Test subject',
      text: 'This is a test text body.',
      html: '<html><body><p>This is a test html body.</p></body></html>',
      receivedAt: new Date('2014-08-01T20:45:32Z'),
      attachments: [{ filename: 'test.txt', contentType: 'text/plain', size: 45 }],
      mailboxHashes: ['samplehash'],
    });
    expect(e.recipients).toEqual(
      expect.arrayContaining(['yourhash+samplehash@inbound.postmarkapp.com', 'firstbcc@postmarkapp.com']),
    );
  });

  it('falls back to From/FromName without FromFull, and to now for an unreadable Date', () => {
    const { FromFull: _f, ...rest } = postmarkInbound();
    const e = ok(parsePostmarkEmail({ ...rest, Date: 'sometime' }));
    expect(e.from).toEqual({ address: 'support@postmarkapp.com', name: 'Postmarkapp Support' });
    expect(Math.abs(e.receivedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('refuses a payload without MessageID or recipients', () => {
    const { MessageID: _m, ToFull: _t, CcFull: _c, BccFull: _b, OriginalRecipient: _o, ...rest } = postmarkInbound();
    expect(fields(parsePostmarkEmail(rest))).toEqual(expect.arrayContaining(['MessageID', 'ToFull']));
  });
});

describe('recordings', () => {
  it('reads the generic JSON', () => {
    expect(
      ok(
        parseGenericRecording({
          callId: 'call-1',
          recordingId: 'rec-1',
          from: '+14155550123',
          to: '+18005551212',
          recordingUrl: 'https://rec.example/1.mp3',
          durationSeconds: 61,
          transcript: 'Please send a quote for two excavators.',
          occurredAt: '2026-11-23T09:00:00Z',
        }),
      ),
    ).toEqual({
      callId: 'call-1',
      recordingId: 'rec-1',
      from: '+14155550123',
      to: '+18005551212',
      recordingUrl: 'https://rec.example/1.mp3',
      durationSeconds: 61,
      transcript: 'Please send a quote for two excavators.',
      occurredAt: new Date('2026-11-23T09:00:00Z'),
      accountId: null,
    });
    expect(fields(parseGenericRecording({ callId: 'c', from: '555', to: '+1', recordingUrl: 'ftp://x' }))).toEqual(
      expect.arrayContaining(['from', 'to', 'recordingUrl']),
    );
  });

  it("reads Twilio's <Record> action callback, which carries no transcript", () => {
    expect(ok(parseTwilioRecording({ ...twilioRecording(), TranscriptionText: 'ignored' }))).toMatchObject({
      callId: 'CA1234567890ABCDE1234567890ABCDE',
      recordingId: 'RE1234567890ABCDE1234567890ABCDE',
      from: '+14158675309',
      to: '+18005551212',
      durationSeconds: 42,
      transcript: null,
      occurredAt: new Date('2026-11-23T15:04:05Z'),
      accountId: 'AC00000000000000000000000000000000',
    });
  });

  it("reads Twilio's transcribeCallback: the same call and recording, the text and its status", () => {
    expect(ok(parseTwilioTranscription(twilioTranscription({ text: 'Call me back.' })))).toMatchObject({
      callId: 'CA1234567890ABCDE1234567890ABCDE',
      recordingId: 'RE1234567890ABCDE1234567890ABCDE',
      transcriptionId: 'TR1234567890ABCDE1234567890ABCDE',
      completed: true,
      text: 'Call me back.',
      to: '+18005551212',
    });
    expect(ok(parseTwilioTranscription(twilioTranscription({ status: 'failed' })))).toMatchObject({
      completed: false,
      text: null,
    });
    const { TranscriptionStatus: _s, CallSid: _c, ...partial } = twilioTranscription();
    expect(fields(parseTwilioTranscription(partial))).toEqual(['TranscriptionStatus', 'CallSid']);
  });

  it('refuses a bare recording status callback (no From/To: the organization cannot be found)', () => {
    const { From: _f, To: _t, Called: _c, Caller: _r, ...bare } = twilioRecording();
    expect(fields(parseTwilioRecording(bare))).toEqual(['To', 'From']);
  });

  it('keeps no recording URL when the recording failed', () => {
    expect(ok(parseTwilioRecording({ ...twilioRecording(), RecordingStatus: 'failed' })).recordingUrl).toBeNull();
  });
});

describe('SMS', () => {
  it("reads Twilio's messaging webhook, media included", () => {
    expect(
      ok(
        parseTwilioSms({
          ...twilioSms(),
          NumMedia: '1',
          MediaUrl0: 'https://media.example/1',
          MediaContentType0: 'image/jpeg',
        }),
      ),
    ).toMatchObject({
      messageId: 'SMbe794ce78f6b9fdf853d2acb76c080db',
      from: '+16505551199',
      to: '+16505558225',
      body: 'hello 5',
      media: [{ url: 'https://media.example/1', contentType: 'image/jpeg' }],
    });
  });

  it('reads the generic JSON and names wrong fields', () => {
    expect(
      ok(parseGenericSms({ messageId: 'm1', from: '+14155550123', to: '+18005551212', body: 'Hi' })),
    ).toMatchObject({ messageId: 'm1', body: 'Hi', media: [] });
    expect(fields(parseGenericSms({ from: 5, to: 'x' }))).toEqual(expect.arrayContaining(['messageId', 'from', 'to']));
  });
});
