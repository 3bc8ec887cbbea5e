import { createHmac, randomBytes } from 'node:crypto';

/** Names of the headers every delivery carries (docs/events.md). */
export const SIGNATURE_HEADER = 'x-webhook-signature';
export const PREVIOUS_SIGNATURE_HEADER = 'x-webhook-signature-previous';

/** A new subscription secret, in the Standard Webhooks form `whsec_<base64 of 32 random bytes>`. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The spec's signature: lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the secret string. */
export function signBody(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Standard Webhooks v1: base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed with the base64-decoded secret. */
export function standardSignature(id: string, timestampSeconds: number, body: string, secret: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

export interface SigningKeys {
  secret: string;
  /** The secret before the last rotation, while its grace period lasts. */
  previousSecret?: string | null;
}

/** Every header of one attempt: the spec's hex signature plus Standard Webhooks id, timestamp and signature(s). */
export function deliveryHeaders(
  eventId: string,
  kind: string,
  body: string,
  keys: SigningKeys,
  now: Date,
): Record<string, string> {
  const ts = Math.floor(now.getTime() / 1000);
  const secrets = [keys.secret, ...(keys.previousSecret ? [keys.previousSecret] : [])];
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'rental-crm-webhooks/1',
    'x-webhook-id': eventId,
    'x-webhook-event': kind,
    'x-webhook-timestamp': String(ts),
    [SIGNATURE_HEADER]: signBody(body, keys.secret),
    'webhook-id': eventId,
    'webhook-timestamp': String(ts),
    'webhook-signature': secrets.map((s) => standardSignature(eventId, ts, body, s)).join(' '),
  };
  if (keys.previousSecret) headers[PREVIOUS_SIGNATURE_HEADER] = signBody(body, keys.previousSecret);
  return headers;
}
