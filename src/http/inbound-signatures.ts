/**
 * Verification of inbound provider webhooks (docs/communications.md, "Authentication"). Written with node:crypto
 * rather than the `twilio` package: its validateRequest is these few lines, the package is the whole REST client
 * (about 17 MB unpacked, with axios, jsonwebtoken, dayjs and xmlbuilder) (docs/decisions.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

/** The header of the generic shapes (and of Postmark when a relay signs): lowercase hex HMAC-SHA256 of the raw body. */
export const INBOUND_SIGNATURE_HEADER = 'x-webhook-signature';
export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';

/** Constant-time comparison of two strings (false at once when the lengths differ: the length is no secret). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the secret. */
export function hexHmacSha256(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** The generic scheme: the header holds hexHmacSha256(raw body); a `sha256=` prefix is accepted. */
export function verifyHexSignature(body: Buffer | string, secret: string, header: string | undefined): boolean {
  if (!header) return false;
  const given = header.trim().replace(/^sha256=/i, '');
  return safeEqual(given, hexHmacSha256(body, secret));
}

/**
 * Twilio's X-Twilio-Signature: base64 HMAC-SHA1, keyed with the auth token, of the full URL Twilio called (with its
 * query string) followed by every POST parameter, sorted by name, each name immediately followed by its value.
 * A parameter sent several times contributes each value in order.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string | string[]>): string {
  const data = Object.keys(params)
    .sort()
    .map((name) => {
      const value = params[name];
      return (Array.isArray(value) ? value : [value]).map((v) => name + v).join('');
    })
    .join('');
  return createHmac('sha1', authToken)
    .update(url + data, 'utf8')
    .digest('base64');
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string | string[]>,
  header: string | undefined,
): boolean {
  return Boolean(header) && safeEqual(header ?? '', twilioSignature(authToken, url, params));
}

/** HTTP Basic credentials whose password is the secret (any user name): how Postmark authenticates its webhooks. */
export function verifyBasicPassword(secret: string, authorization: string | undefined): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!match) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 && safeEqual(decoded.slice(colon + 1), secret);
}

/**
 * The URL the provider called, as it signed it: the configured public base URL (PUBLIC_BASE_URL, else PUBLIC_URL)
 * plus the original path and query; without one, the request's own scheme and host, which express takes from
 * X-Forwarded-Proto and X-Forwarded-Host when TRUST_PROXY=true.
 */
export function calledUrl(req: Request, publicBaseUrl: string | undefined): string {
  const base = publicBaseUrl ?? `${req.protocol}://${req.host}`;
  return base + req.originalUrl;
}
