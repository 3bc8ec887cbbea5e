import twilio from 'twilio';
import type { Registered, TestApp } from './test-app';

/** The public base URL the Twilio tests' apps run with (PUBLIC_BASE_URL): Twilio signs the URL it called. */
export const PUBLIC_BASE_URL = 'https://crm.example.test';
export const TWILIO_TOKEN = 'tw-auth-token';

let seq = 0;
/** An organization with its own phone number (numbers are unique across organizations) and its Twilio auth token. */
export async function orgWithNumber(t: TestApp, areaCode = '415'): Promise<Registered & { number: string }> {
  const org = await t.registerOrg('Phones');
  const number = `+1${areaCode}${String(Date.now() % 1_000_000).padStart(6, '0')}${++seq % 10}`;
  await org.agent.post('/api/settings/phone-numbers').send({ number, label: 'Main line' }).expect(201);
  await org.agent.put('/api/settings/webhook-secrets').send({ provider: 'twilio', secret: TWILIO_TOKEN }).expect(200);
  return { ...org, number };
}

/** A request as Twilio sends it: form-encoded, signed by the official helper over the public URL. */
export function fromTwilio(t: TestApp, path: string, params: Record<string, string>, token = TWILIO_TOKEN) {
  const signature = twilio.getExpectedTwilioSignature(token, `${PUBLIC_BASE_URL}${path}`, params);
  return t
    .agent()
    .post(path)
    .type('form')
    .set('x-twilio-signature', signature)
    .send(new URLSearchParams(params).toString());
}
