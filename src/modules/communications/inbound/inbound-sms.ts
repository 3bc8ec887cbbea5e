import { clock } from '../../../lib/clock';
import { notAnObject, Parsed, PayloadReader } from './payload-reader';

export interface SmsMedia {
  url: string;
  contentType: string | null;
}

/** An inbound SMS, whatever the provider. */
export interface InboundSms {
  /** The provider's id of the message: the flow is idempotent on it. */
  messageId: string;
  /** The sender (E.164 when it is a phone number; a short code or sender name otherwise). */
  from: string;
  /** The organization's number it was sent to. */
  to: string;
  body: string;
  receivedAt: Date;
  media: SmsMedia[];
}

/** The generic JSON shape (docs/communications.md): messageId, from, to (E.164), body, receivedAt, media[{url, contentType}]. */
export function parseGenericSms(body: unknown): Parsed<InboundSms> {
  const r = PayloadReader.of(body);
  if (!r) return notAnObject();
  const media = r.list('media').map((v, i) => {
    const m = r.nested(`media[${i}]`, v);
    if (!m) return undefined;
    const item = { url: m.required('url', 2000) ?? '', contentType: m.text('contentType', 200) ?? null };
    r.absorb(`media[${i}]`, m);
    return item;
  });
  return r.done({
    messageId: r.required('messageId', 200) ?? '',
    from: r.required('from', 50) ?? '',
    to: r.phone('to', r.required('to', 20)) ?? '',
    body: r.body_('body', 20_000) ?? '',
    receivedAt: r.date('receivedAt') ?? clock.now(),
    media: media.filter((m): m is SmsMedia => m !== undefined),
  });
}

/**
 * Twilio's messaging webhook (form-encoded): MessageSid (or SmsSid), AccountSid, From, To, Body, NumMedia,
 * MediaUrl0..N and MediaContentType0..N, plus location and status parameters that are not kept.
 */
export function parseTwilioSms(params: Record<string, unknown>): Parsed<InboundSms> {
  const r = new PayloadReader(params);
  const messageId = r.text('MessageSid', 64) ?? r.text('SmsSid', 64);
  if (!messageId) r.fail('MessageSid', 'MessageSid is required');
  const count = Math.min(r.count('NumMedia') ?? 0, 10);
  const media: SmsMedia[] = [];
  for (let i = 0; i < count; i++) {
    const url = r.text(`MediaUrl${i}`, 2000);
    if (url) media.push({ url, contentType: r.text(`MediaContentType${i}`, 200) ?? null });
  }
  return r.done({
    messageId: messageId ?? '',
    from: r.required('From', 50) ?? '',
    to: r.phone('To', r.required('To', 20)) ?? '',
    body: r.body_('Body', 20_000) ?? '',
    receivedAt: clock.now(),
    media,
  });
}
