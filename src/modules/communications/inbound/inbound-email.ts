import { clock } from '../../../lib/clock';
import { notAnObject, Parsed, PayloadReader } from './payload-reader';

export interface EmailAddress {
  address: string;
  name: string | null;
}

export interface AttachmentMeta {
  filename: string;
  contentType: string | null;
  size: number | null;
}

/** An inbound email, whatever the provider: what the auto-link flow works on. */
export interface InboundEmail {
  /** The provider's id of the message: a retried delivery carries the same one. */
  messageId: string;
  from: EmailAddress;
  to: string[];
  cc: string[];
  /** Every address the message was delivered to (to, cc, bcc, original recipient): the organization is found among them. */
  recipients: string[];
  /** Plus-address tags of the recipients (Postmark's MailboxHash): `tag@INBOUND_EMAIL_DOMAIN` is a recipient too. */
  mailboxHashes: string[];
  subject: string | null;
  text: string | null;
  html: string | null;
  receivedAt: Date;
  attachments: AttachmentMeta[];
}

const unique = (xs: string[]) => [...new Set(xs)];

/** `"Name" <a@b>` or `a@b`, or `{address, name}`. */
function address(r: PayloadReader, field: string, value: unknown): EmailAddress | undefined {
  if (typeof value === 'string') {
    const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
    const email = r.email(field, (m ? m[2] : value).trim());
    return email ? { address: email, name: m?.[1].trim() || null } : undefined;
  }
  const o = r.nested(field, value);
  if (!o) return undefined;
  const email = o.email('address', o.required('address', 320));
  const name = o.text('name', 200) ?? null;
  r.absorb(field, o);
  return email ? { address: email, name } : undefined;
}

function addresses(r: PayloadReader, field: string): EmailAddress[] {
  return r
    .list(field)
    .map((v, i) => address(r, `${field}[${i}]`, v))
    .filter((a): a is EmailAddress => a !== undefined);
}

/**
 * The generic JSON shape (docs/communications.md): messageId, from {address, name}, to[], cc[], subject, text,
 * html, receivedAt, attachments[{filename, contentType, size}]. to/cc items are addresses or {address, name}.
 */
export function parseGenericEmail(body: unknown): Parsed<InboundEmail> {
  const r = PayloadReader.of(body);
  if (!r) return notAnObject();
  const messageId = r.required('messageId');
  const from = r.raw('from') === undefined ? r.fail('from', 'from is required') : address(r, 'from', r.raw('from'));
  const to = addresses(r, 'to').map((a) => a.address);
  if (!to.length && !r.errors.some((e) => e.field.startsWith('to'))) r.fail('to', 'to must list at least one address');
  const cc = addresses(r, 'cc').map((a) => a.address);
  const attachments = r.list('attachments').map((v, i) => {
    const a = r.nested(`attachments[${i}]`, v);
    if (!a) return undefined;
    const meta = {
      filename: a.required('filename', 500) ?? '',
      contentType: a.text('contentType', 200) ?? null,
      size: a.count('size') ?? null,
    };
    r.absorb(`attachments[${i}]`, a);
    return meta;
  });
  return r.done({
    messageId: messageId ?? '',
    from: from ?? { address: '', name: null },
    to,
    cc,
    recipients: unique([...to, ...cc]),
    mailboxHashes: [],
    subject: r.text('subject', 998) ?? null,
    text: r.body_('text') ?? null,
    html: r.body_('html') ?? null,
    receivedAt: r.date('receivedAt') ?? clock.now(),
    attachments: attachments.filter((a): a is AttachmentMeta => a !== undefined),
  });
}

/** Postmark's ToFull/CcFull/BccFull: `[{Email, Name, MailboxHash}]`. */
function postmarkFull(r: PayloadReader, field: string): { address: string; hash: string | undefined }[] {
  return r
    .list(field)
    .map((v, i) => {
      const o = r.nested(`${field}[${i}]`, v);
      if (!o) return undefined;
      const email = o.email('Email', o.required('Email', 320));
      const hash = o.text('MailboxHash', 200);
      r.absorb(`${field}[${i}]`, o);
      return email ? { address: email, hash } : undefined;
    })
    .filter((x): x is { address: string; hash: string | undefined } => x !== undefined);
}

/**
 * Postmark's inbound webhook JSON (postmarkapp.com, "Inbound webhook"): From/FromName/FromFull, To/ToFull,
 * Cc/CcFull, Bcc/BccFull, OriginalRecipient, Subject, MessageID, Date (RFC 2822), MailboxHash, TextBody,
 * HtmlBody, StrippedTextReply, Headers, Attachments[{Name, Content, ContentType, ContentLength}].
 * Attachment contents are not kept: only their metadata.
 */
export function parsePostmarkEmail(body: unknown): Parsed<InboundEmail> {
  const r = PayloadReader.of(body);
  if (!r) return notAnObject();
  const messageId = r.required('MessageID');
  const fromFull = r.raw('FromFull');
  let from: EmailAddress | undefined;
  if (fromFull !== undefined && fromFull !== null) {
    const o = r.nested('FromFull', fromFull);
    const email = o?.email('Email', o.required('Email', 320));
    if (o) r.absorb('FromFull', o);
    from = email ? { address: email, name: o?.text('Name', 200) ?? r.text('FromName', 200) ?? null } : undefined;
  } else {
    const email = r.email('From', r.required('From', 320));
    from = email ? { address: email, name: r.text('FromName', 200) ?? null } : undefined;
  }
  const to = postmarkFull(r, 'ToFull');
  const cc = postmarkFull(r, 'CcFull');
  const bcc = postmarkFull(r, 'BccFull');
  const original = r.email('OriginalRecipient', r.text('OriginalRecipient', 320));
  const all = [...to, ...cc, ...bcc];
  if (!all.length && !original) r.fail('ToFull', 'ToFull or OriginalRecipient must name a recipient');
  const hashes = [r.text('MailboxHash', 200), ...all.map((a) => a.hash)].filter((h): h is string => Boolean(h));
  const attachments = r.list('Attachments').map((v, i) => {
    const a = r.nested(`Attachments[${i}]`, v);
    if (!a) return undefined;
    const meta = {
      filename: a.required('Name', 500) ?? '',
      contentType: a.text('ContentType', 200) ?? null,
      size: a.count('ContentLength') ?? null,
    };
    r.absorb(`Attachments[${i}]`, a);
    return meta;
  });
  return r.done({
    messageId: messageId ?? '',
    from: from ?? { address: '', name: null },
    to: to.map((a) => a.address),
    cc: cc.map((a) => a.address),
    recipients: unique([...all.map((a) => a.address), ...(original ? [original] : [])]),
    mailboxHashes: unique(hashes.map((h) => h.toLowerCase())),
    subject: r.text('Subject', 998) ?? null,
    text: r.body_('TextBody') ?? r.body_('StrippedTextReply') ?? null,
    html: r.body_('HtmlBody') ?? null,
    receivedAt: r.looseDate('Date') ?? clock.now(),
    attachments: attachments.filter((a): a is AttachmentMeta => a !== undefined),
  });
}
