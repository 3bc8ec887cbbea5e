import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../../db/find-or-404';
import { isCalendarDay } from '../../../lib/calendar-days';

/** What an acceptance link carries: the organization (to scope the lookup), the quote version, its last day. */
export interface QuoteLinkClaims {
  organizationId: string;
  versionId: string;
  expiresOn: string;
}

/**
 * The link's key: HMAC-SHA256 of a fixed label under SESSION_SECRET, so the link key is not the session key itself
 * and a new SESSION_SECRET invalidates every link (as it does every session).
 */
export function quoteLinkKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('rental-quote-link/v1').digest();
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** `<payload>.<signature>`, both base64url: payload = `organizationId.versionId.expiresOn`. */
export function signQuoteLink(key: Buffer, claims: QuoteLinkClaims): string {
  const payload = Buffer.from(`${claims.organizationId}.${claims.versionId}.${claims.expiresOn}`).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** The claims of a token this service signed, else null (any change to it, any other key, any malformed part). */
export function verifyQuoteLink(key: Buffer, token: string): QuoteLinkClaims | null {
  if (token.length > 300) return null;
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return null;
  const want = Buffer.from(mac(key, payload));
  const got = Buffer.from(signature);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  const [organizationId, versionId, expiresOn, ...more] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
  if (more.length || !isUuid(organizationId ?? '') || !isUuid(versionId ?? '') || !isCalendarDay(expiresOn))
    return null;
  return { organizationId, versionId, expiresOn };
}
