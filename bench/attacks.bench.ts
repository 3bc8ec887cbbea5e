/**
 * `npm run bench attacks`: the hostile tenant's requests of the Hardening 2 report, replayed against the service
 * as deployed (production mode, a fresh database: one organization, a company with 100 contacts). For each
 * attack: its status and code, how long the refusal took, and the slowest /healthz answer while it ran, printed as
 * a ratio to the /healthz median measured in the same run before any attack. A refusal should take milliseconds
 * and leave /healthz near its baseline.
 */
import { gzipSync } from 'node:zlib';
import { persistedQueryHash } from '../src/graphql/persisted-queries';
import { benchDatabase } from './bench-db';
import { start } from './http/servers';

const ATTACK = `query H($l: Int!) { companies(limit: $l) { data { contacts(limit: $l) { company { contacts(limit: $l) {
  company { contacts(limit: $l) { name email } } } } } } } }`;
const ALIASES = `query A($l: Int!) { ${Array.from(
  { length: 15 },
  (_, i) => `a${i}: companies(limit: $l) { data { contacts(limit: $l) { company { contacts(limit: $l) { name } } } } }`,
).join(' ')} }`;

interface Shot {
  status: number;
  code?: string;
  ms: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export default async function attacksBench(): Promise<void> {
  const db = await benchDatabase('attacks');
  const app = await start('app', { DATABASE_URL: db.url });
  try {
    const base = app.base;
    const register = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'owner@attacks.example',
        password: 'correct horse battery',
        organizationName: 'Attacked Rentals',
        firstName: 'Ada',
        lastName: 'Owner',
      }),
    });
    const cookie = (register.headers.get('set-cookie') ?? '').split(';')[0];
    const send = async (path: string, init: RequestInit = {}): Promise<Shot> => {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`, { ...init, headers: { cookie, ...(init.headers ?? {}) } });
      const text = await res.text();
      const ms = performance.now() - t0;
      let code: string | undefined;
      try {
        const body = JSON.parse(text) as { code?: string; errors?: { extensions?: { code?: string } }[] };
        code = body.code ?? body.errors?.[0]?.extensions?.code;
      } catch {
        code = undefined;
      }
      return { status: res.status, code, ms };
    };
    const json = (body: unknown, headers: Record<string, string> = {}) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const created = await fetch(`${base}/api/companies`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hundred Co' }),
    });
    const company = (await created.json()) as { id: string };
    for (let i = 0; i < 100; i++)
      await send(
        '/api/contacts',
        json({ name: `Contact ${i}`, email: `c${i}@hundred.example`, companyId: company.id }),
      );

    const health = async () => (await send('/healthz')).ms;
    const baseline: number[] = [];
    for (let i = 0; i < 40; i++) baseline.push(await health());
    const healthMedian = median(baseline);

    const persisted = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });
    await send(
      '/graphql',
      json({ query: ATTACK, variables: { l: 1 }, extensions: persisted(persistedQueryHash(ATTACK)) }),
    );
    await send(
      '/graphql',
      json({ query: ALIASES, variables: { l: 1 }, extensions: persisted(persistedQueryHash(ALIASES)) }),
    );
    // Bodies made before the clock starts: the bench's own work must not show as the service's.
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    const deepVariables = `{"query":"{ me { user { id } } }","variables":{"x":${deep}}}`;
    const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024, 32));
    const attacks: [string, () => Promise<Shot>][] = [
      [
        'persisted query by hash, l = 100',
        () => send('/graphql', json({ variables: { l: 100 }, extensions: persisted(persistedQueryHash(ATTACK)) })),
      ],
      [
        '15 aliases by hash, l = 100',
        () => send('/graphql', json({ variables: { l: 100 }, extensions: persisted(persistedQueryHash(ALIASES)) })),
      ],
      ['the same in full text', () => send('/graphql', json({ query: ATTACK, variables: { l: 100 } }))],
      [
        'by GET',
        () =>
          send(
            `/graphql?variables=${encodeURIComponent('{"l":100}')}&extensions=${encodeURIComponent(JSON.stringify(persisted(persistedQueryHash(ATTACK))))}`,
            { headers: { 'apollo-require-preflight': 'true' } },
          ),
      ],
      [
        'hash that does not match',
        () => send('/graphql', json({ query: '{ me { user { id } } }', extensions: persisted('0'.repeat(64)) })),
      ],
      [
        '200 KB nested JSON on login',
        () => send('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep }),
      ],
      [
        'nested JSON as /graphql variables',
        () =>
          send('/graphql', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: deepVariables,
          }),
      ],
      [
        'gzip header, body not gzip',
        () =>
          send('/api/contacts', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
            body: '{"name":"x"}',
          }),
      ],
      [
        'gzip bomb (16 MB of zeros)',
        () =>
          send('/api/contacts', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
            body: bomb,
          }),
      ],
      ['subscription over HTTP', () => send('/graphql', json({ query: 'subscription { me { user { id } } }' }))],
      ['suggestion probe (production)', () => send('/graphql', json({ query: '{ impersonat { id } }' }))],
    ];

    console.log(`/healthz median before the attacks: ${healthMedian.toFixed(1)} ms`);
    console.log('| attack | status | code | refused in (ms) | slowest /healthz during it (x median) |');
    console.log('|---|---|---|---|---|');
    for (const [name, attack] of attacks) {
      let running = true;
      const probes: number[] = [];
      const probing = (async () => {
        while (running) {
          probes.push(await health());
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const shot = await attack();
      await new Promise((r) => setTimeout(r, 100)); // a probe after it, too
      running = false;
      await probing;
      const worst = Math.max(...probes);
      console.log(
        `| ${name} | ${shot.status} | ${shot.code ?? ''} | ${shot.ms.toFixed(1)} | ${(worst / healthMedian).toFixed(1)} |`,
      );
    }
  } finally {
    app.stop();
    await db.drop();
  }
}
