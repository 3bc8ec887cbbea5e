/**
 * The signature schemes of the inbound provider webhooks (src/http/inbound-signatures.ts), as pure functions:
 * Twilio's documented example, the generic hex HMAC-SHA256, Postmark's basic credentials. The HTTP behaviour
 * (401 and nothing written, production refusal) is in test/inbound-auth.spec.ts.
 */
import { createHmac } from 'node:crypto';
import {
  hexHmacSha256,
  safeEqual,
  twilioSignature,
  verifyBasicPassword,
  verifyHexSignature,
  verifyTwilioSignature,
} from '../src/http/inbound-signatures';
import { loadConfig } from '../src/config';
import { productionWarnings } from '../src/production-checks';

// Twilio's documentation ("Validating Requests are coming from Twilio"): auth token 12345, this URL, these
// parameters, and the signature it publishes for them.
const TWILIO_DOC = {
  authToken: '12345',
  url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
  params: {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+14158675309',
    Digits: '1234',
    From: '+14158675309',
    To: '+18005551212',
  },
  signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
};

describe('Twilio X-Twilio-Signature', () => {
  it("reproduces the signature of Twilio's documented example", () => {
    expect(twilioSignature(TWILIO_DOC.authToken, TWILIO_DOC.url, TWILIO_DOC.params)).toBe(TWILIO_DOC.signature);
    expect(verifyTwilioSignature(TWILIO_DOC.authToken, TWILIO_DOC.url, TWILIO_DOC.params, TWILIO_DOC.signature)).toBe(
      true,
    );
  });

  it('does not depend on the order the parameters arrive in', () => {
    const reversed = Object.fromEntries(Object.entries(TWILIO_DOC.params).reverse());
    expect(twilioSignature(TWILIO_DOC.authToken, TWILIO_DOC.url, reversed)).toBe(TWILIO_DOC.signature);
  });

  it.each([
    ['another token', { ...TWILIO_DOC, authToken: '54321' }],
    ['another URL (http instead of https)', { ...TWILIO_DOC, url: TWILIO_DOC.url.replace('https', 'http') }],
    ['another query string', { ...TWILIO_DOC, url: 'https://mycompany.com/myapp.php?foo=1' }],
    ['a changed parameter', { ...TWILIO_DOC, params: { ...TWILIO_DOC.params, Digits: '1235' } }],
    ['an added parameter', { ...TWILIO_DOC, params: { ...TWILIO_DOC.params, Extra: '' } }],
  ])('refuses %s', (_what, c) => {
    expect(verifyTwilioSignature(c.authToken, c.url, c.params, TWILIO_DOC.signature)).toBe(false);
  });

  it('refuses a missing or empty header', () => {
    expect(verifyTwilioSignature('12345', TWILIO_DOC.url, TWILIO_DOC.params, undefined)).toBe(false);
    expect(verifyTwilioSignature('12345', TWILIO_DOC.url, TWILIO_DOC.params, '')).toBe(false);
  });

  it('signs repeated parameters value by value', () => {
    const expected = createHmac('sha1', 'k').update('https://x.test/aA1A2bB').digest('base64');
    expect(twilioSignature('k', 'https://x.test/a', { b: 'B', A: ['1', '2'] })).toBe(expected);
  });
});

describe('generic X-Webhook-Signature (lowercase hex HMAC-SHA256 of the raw body)', () => {
  const body = '{"messageId":"m-1","from":{"address":"a@b.test"}}';

  it('is the hex HMAC-SHA256 of the exact bytes', () => {
    expect(hexHmacSha256(body, 's3cret')).toBe(createHmac('sha256', 's3cret').update(body).digest('hex'));
    expect(hexHmacSha256(body, 's3cret')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verifies, with or without a sha256= prefix', () => {
    const sig = hexHmacSha256(body, 's3cret');
    expect(verifyHexSignature(body, 's3cret', sig)).toBe(true);
    expect(verifyHexSignature(Buffer.from(body), 's3cret', `sha256=${sig}`)).toBe(true);
  });

  it('refuses another body, another secret, upper case, a missing header', () => {
    const sig = hexHmacSha256(body, 's3cret');
    expect(verifyHexSignature(`${body} `, 's3cret', sig)).toBe(false);
    expect(verifyHexSignature(body, 'other', sig)).toBe(false);
    expect(verifyHexSignature(body, 's3cret', sig.toUpperCase())).toBe(false);
    expect(verifyHexSignature(body, 's3cret', undefined)).toBe(false);
  });

  it('compares in constant time only strings of equal length', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});

describe('Postmark basic credentials', () => {
  const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

  it('accepts the secret as the password, whatever the user name', () => {
    expect(verifyBasicPassword('pm-secret', basic('postmark', 'pm-secret'))).toBe(true);
    expect(verifyBasicPassword('pm:secret', basic('', 'pm:secret'))).toBe(true);
  });

  it('refuses a wrong password, another scheme, garbage', () => {
    expect(verifyBasicPassword('pm-secret', basic('postmark', 'nope'))).toBe(false);
    expect(verifyBasicPassword('pm-secret', 'Bearer pm-secret')).toBe(false);
    expect(verifyBasicPassword('pm-secret', 'Basic !!!')).toBe(false);
    expect(verifyBasicPassword('pm-secret', undefined)).toBe(false);
  });
});

describe('unsigned calls in production', () => {
  const base = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/nonexistent' };

  it('are refused by default in production and accepted by default elsewhere', () => {
    expect(loadConfig(base).inbound.allowUnsigned).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).inbound.allowUnsigned).toBe(true);
  });

  it('are accepted in production only with INBOUND_ALLOW_UNSIGNED=true, which the production checks name at start-up', () => {
    expect(loadConfig({ ...base, INBOUND_ALLOW_UNSIGNED: 'true' }).inbound.allowUnsigned).toBe(true);
    expect(productionWarnings({ ...base, INBOUND_ALLOW_UNSIGNED: 'true' })).toEqual([
      expect.stringContaining('INBOUND_ALLOW_UNSIGNED'),
    ]);
    expect(productionWarnings(base)).toEqual([]);
    expect(productionWarnings({ INBOUND_ALLOW_UNSIGNED: 'true' })).toEqual([]);
  });
});
