/**
 * Limits of the live paths (docs/events.md, "Limits"): per principal, live connections at once and subscriptions
 * started per minute; the GraphQL query limits on a subscription document, checked before any work.
 */
import { createTestApp, Registered, TestApp } from './support/test-app';
import { liveClient, LiveClient, sessionCookie, subscribe, until } from './support/live-client';

let t: TestApp;
let base: string;
let org: Registered;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ LIVE_MAX_CONNECTIONS: '2', LIVE_SUBSCRIBES_PER_MINUTE: '3', LIVE_MAX_SUBSCRIPTIONS: '50' });
  base = await t.serve();
  org = await t.registerOrg('Live limits');
});
afterEach(async () => {
  for (const c of clients.splice(0)) await c.client.dispose();
  await until(() => t.deps.services.liveHub.subscribers === 0, 'every subscriber gone');
});
afterAll(() => t.close());

const cookieOf = (r: Registered) => sessionCookie(t, r);
const connect = (cookie: string) => {
  const c = liveClient(base, { cookie });
  clients.push(c);
  return c;
};
const TASK = 'subscription { assignedTaskChanged { id } }';

it('a principal holds at most LIVE_MAX_CONNECTIONS sockets and streams at once: one more is 4429 / 429', async () => {
  const cookie = await cookieOf(await t.addMember(org.organizationId, 'user'));
  for (const c of [connect(cookie), connect(cookie)]) subscribe(c.client, TASK);
  await until(() => t.deps.services.liveHub.subscribers >= 2, 'two sockets subscribed');
  expect((await connect(cookie).closed).code).toBe(4429);
  const stream = await fetch(`${base}/api/events/stream?topics=tasks`, { headers: { cookie } });
  expect(stream.status).toBe(429);
  expect(((await stream.json()) as { code: string }).code).toBe('RATE_LIMITED');
  // another principal is not held back
  const elsewhere = connect(await cookieOf(await t.addMember(org.organizationId, 'user')));
  subscribe(elsewhere.client, TASK);
  await until(() => t.deps.services.liveHub.subscribers >= 3, 'another member subscribed');
});

it('subscriptions started per minute are limited per principal (RATE_LIMITED), before any work', async () => {
  const c = connect(await cookieOf(await t.addMember(org.organizationId, 'user'))).client;
  // at most 3 a minute: within 7 tries one is refused, even across the turn of a minute
  let refused: string | undefined;
  for (let i = 0; i < 7 && !refused; i++) {
    const s = subscribe(c, TASK);
    await until(() => t.deps.services.liveHub.subscribers >= 1 || s.received.length > 0, 'started or refused');
    refused = s.received[0]?.errors?.[0].extensions?.code;
    s.stop();
    await until(() => t.deps.services.liveHub.subscribers === 0, 'stopped');
  }
  expect(refused).toBe('RATE_LIMITED');
});

it('the GraphQL query limits apply to a subscription document before it starts: tokens, aliases, depth', async () => {
  const c = connect(await cookieOf(org)).client;
  const tooLarge = subscribe(c, `subscription { assignedTaskChanged { ${'id '.repeat(6000)} } }`);
  expect((await tooLarge.next()).errors?.[0].extensions?.code).toBe('QUERY_TOO_LARGE');
  const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: id`).join(' ');
  const tooBroad = subscribe(c, `subscription { assignedTaskChanged { ${aliases} } }`);
  expect((await tooBroad.next()).errors?.[0].extensions?.code).toBe('QUERY_TOO_BROAD');
  const deep = subscribe(
    c,
    'subscription { assignedTaskChanged { assignee { organization { users { organization { users { organization { users { id } } } } } } } } }',
  );
  expect((await deep.next()).errors?.[0].extensions?.code).toBe('QUERY_TOO_DEEP');
  expect(t.deps.services.liveHub.subscribers).toBe(0); // none of them started
});
