/**
 * Issue 24 part 4: the webhook URL guard classifies every address (URL literal or resolved name) with ipaddr.js
 * and allows only public unicast, IPv4 embedded in IPv6 unwrapped. Names resolve through the app's injected
 * resolver (shared.resolveHost), so a test decides what a name answers, at saving and at delivery.
 */
import type { LookupAddress } from 'node:dns';
import request from 'supertest';
import { createApp } from '../src/app';
import { createServices, sharedDeps } from '../src/composition';
import { WebhookWorker } from '../src/events/webhook-worker';
import { CredentialCipher } from '../src/lib/credential-cipher';
import { createTestApp, Agent, TestApp } from './support/test-app';
import { drain, emitEvents, subscribe, WebhookReceiver } from './support/webhook-receiver';

/** A resolver that answers from a table the test edits; any other name does not resolve. */
const names = new Map<string, LookupAddress[]>();
const resolveHost = async (host: string): Promise<LookupAddress[]> => {
  const found = names.get(host);
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};
const answer = (host: string, ...addresses: string[]) =>
  names.set(
    host,
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
  );

let t: TestApp;
let app: Awaited<ReturnType<typeof createApp>>;
let admin: Agent;

/** A new organization's admin, logged in to the app that resolves through the table above. */
async function adminOfNewOrg(): Promise<{ agent: Agent; organizationId: string }> {
  const org = await t.registerOrg('Guard');
  const agent = request.agent(app.app);
  const login = await agent.post('/api/auth/login').send({ email: org.email, password: org.password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return { agent, organizationId: org.organizationId };
}

beforeAll(async () => {
  t = await createTestApp();
  const services = createServices(t.deps.config, { ...sharedDeps(t.deps.config), resolveHost });
  app = await createApp({ ...t.deps, services });
  admin = (await adminOfNewOrg()).agent;
});
afterAll(async () => {
  await app.close();
  await t.close();
});
beforeEach(() => names.clear());

const create = (url: string) => admin.post('/api/settings/webhooks').send({ url });
const count = async () => (await t.sql<{ n: string }>('select count(*) as n from webhook_subscriptions'))[0].n;

/** IPv6 forms that reach a non-public IPv4 or a non-public IPv6 range (the URL parser rewrites them to hex). */
const REFUSED_V6 = [
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of the cloud metadata address'],
  ['64:ff9b:1::a00:1', 'local-use NAT64 of 10.0.0.1'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:a9fe:a9fe::1', '6to4 of the cloud metadata address'],
  ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata address, hex'],
  ['fec0::1', 'deprecated site-local'],
  ['100::1', 'discard-only'],
  ['2001::1', 'Teredo'],
  ['2001:db8::1', 'documentation'],
  ['::1:7f00:1', 'outside the global unicast space'],
  ['::', 'unspecified'],
];
const REFUSED_V4 = [
  ['0.0.0.0', 'unspecified'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['203.0.113.10', 'documentation'],
  ['255.255.255.255', 'broadcast'],
];

describe('a URL with an address literal', () => {
  it.each(REFUSED_V6)('refuses [%s] (%s) with 400 VALIDATION_ERROR on url, and saves nothing', async (address) => {
    const before = await count();
    const res = await create(`https://[${address}]/hook`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Validation failed', code: 'VALIDATION_ERROR' });
    expect(res.body.details).toEqual([{ field: 'url', message: expect.stringMatching(/private/) }]);
    expect(await count()).toBe(before);
  });

  it.each(REFUSED_V4)('refuses %s (%s)', async (address) => {
    const res = await create(`https://${address}/hook`);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_ERROR']);
  });

  it.each([
    ['93.184.216.34', 'public IPv4'],
    ['[2606:4700:4700::1111]', 'public IPv6'],
    ['[::ffff:93.184.216.34]', 'IPv4-mapped public'],
    ['[64:ff9b::5db8:d822]', 'NAT64 of a public IPv4'],
    ['[2002:5db8:d822::1]', '6to4 of a public IPv4'],
  ])('accepts %s (%s) with 201', async (host) => {
    expect((await create(`https://${host}/hook`)).status).toBe(201);
  });
});

describe('a URL with a host name, through the resolver', () => {
  it.each([...REFUSED_V6, ...REFUSED_V4, ['127.0.0.1', 'loopback'], ['169.254.169.254', 'link-local']])(
    'refuses a name resolving to %s (%s)',
    async (address) => {
      answer('hooks.example.test', address);
      const before = await count();
      const res = await create('https://hooks.example.test/hook');
      expect([res.status, res.body.code, res.body.details?.[0]?.field]).toEqual([400, 'VALIDATION_ERROR', 'url']);
      expect(await count()).toBe(before);
    },
  );

  it('refuses a name when any one of its addresses is not public', async () => {
    answer('mixed.example.test', '93.184.216.34', '2606:4700:4700::1111', '::ffff:a00:1');
    expect((await create('https://mixed.example.test/hook')).status).toBe(400);
  });

  it('refuses a name that does not resolve, naming it', async () => {
    const res = await create('https://nowhere.example.test/hook');
    expect(res.status).toBe(400);
    expect(res.body.details[0].message).toMatch(/nowhere\.example\.test does not resolve/);
  });

  it('accepts a name whose every address is public unicast', async () => {
    answer('erp.example.test', '93.184.216.34', '2606:4700:4700::1111');
    expect((await create('https://erp.example.test/hook')).status).toBe(201);
  });
});

describe('delivery resolves again (DNS rebinding)', () => {
  const worker = (allowPrivateUrls: boolean) =>
    new WebhookWorker(
      t.orm,
      { ...t.deps.config.webhooks, allowPrivateUrls },
      t.deps.logger,
      new CredentialCipher(t.deps.config.sessionSecret),
      resolveHost,
    );

  it.each(['127.0.0.1', '::ffff:127.0.0.1'])(
    'never calls a name that was public when saved and answers %s at delivery',
    async (rebound) => {
      const receiver = await new WebhookReceiver().start();
      try {
        const org = await adminOfNewOrg(); // its only subscription is this one: nothing else is sent
        const host = 'rebind.example.test';
        answer(host, '93.184.216.34');
        const { id } = await subscribe(org.agent, `http://${host}:${new URL(receiver.url).port}/hook`);
        answer(host, rebound);
        await emitEvents(t, org.organizationId, 1);
        await drain(worker(false));
        expect(receiver.received).toHaveLength(0);
        const attempts = await t.sql<{ error: string }>(
          'select error from webhook_attempts where subscription_id = $1',
          [id],
        );
        expect(attempts).toEqual([{ error: expect.stringMatching(/resolves to a private address/) }]);

        // The same delivery path with the guard lifted reaches the receiver: the worker asked this resolver.
        // due a second ago: the worker claims with the process's clock, in whole milliseconds, and the database's
        // now() has microseconds, so "now" could still lie a fraction of a millisecond ahead of the claim
        await t.sql(
          `update webhook_deliveries set status = 'pending', next_attempt_at = now() - interval '1 second' where subscription_id = $1`,
          [id],
        );
        await drain(worker(true));
        expect(receiver.received).toHaveLength(1);
      } finally {
        await receiver.close();
      }
    },
  );
});
