import { hexHmacSha256 } from '../src/http/inbound-signatures';
import { createTestApp, Registered, TestApp } from './support/test-app';

/**
 * The provider webhooks as a production deployment runs them: unsigned calls refused (INBOUND_ALLOW_UNSIGNED=false,
 * the production default, see test/webhook-signatures.spec.ts), the deployment's own secret used when the
 * organization has none, and the webhook rate limit.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    INBOUND_ALLOW_UNSIGNED: 'false',
    INBOUND_WEBHOOK_SECRET: 'deployment-secret',
    RATE_LIMIT_WEBHOOK: '5',
  });
});
afterAll(() => t.close());

const email = async (org: Registered) => ({
  messageId: `<${Math.random().toString(36).slice(2)}@mail.example>`,
  from: { address: 'someone@example.net', name: 'Some One' },
  to: [(await org.agent.get('/api/settings/organization')).body.inboundEmailAddress],
  subject: 'Quote please',
  text: 'Do you have a mini excavator next week?',
});
const count = async (organizationId: string) =>
  Number(
    (await t.sql<{ n: string }>('select count(*) as n from activities where organization_id = $1', [organizationId]))[0]
      .n,
  );

it('refuses an unsigned delivery with 401 and writes nothing; the deployment secret signs when the organization has none; then the rate limit', async () => {
  const org = await t.registerOrg('Prod');
  const raw = JSON.stringify(await email(org));
  const post = (sig?: string) => {
    const r = t.agent().post('/webhooks/generic/email').set('content-type', 'application/json');
    return (sig ? r.set('x-webhook-signature', sig) : r).send(raw);
  };
  const unsigned = await post();
  expect(unsigned.status).toBe(401);
  expect(unsigned.body).toMatchObject({ code: 'INVALID_SIGNATURE' });
  expect(await count(org.organizationId)).toBe(0);
  expect((await post(hexHmacSha256(raw, 'another-secret'))).status).toBe(401);
  const signed = await post(hexHmacSha256(raw, 'deployment-secret'));
  expect(signed.status).toBe(200);
  expect(await count(org.organizationId)).toBe(1);
  // RATE_LIMIT_WEBHOOK=5 here (1000 a minute by default, the spec's figure): the sixth call of a minute is 429.
  // Twelve calls in all: should a minute begin among them, one of the two minutes still gets six.
  const statuses: number[] = [];
  for (let i = 0; i < 9; i++) statuses.push((await post(hexHmacSha256(raw, 'deployment-secret'))).status);
  expect(statuses).toContain(429);
});
