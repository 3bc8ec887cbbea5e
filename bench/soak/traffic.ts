/**
 * The soak's traffic (`npm run bench soak`): a mix of what a CRM's users do, through several signed-in
 * organizations (lists, creates of contacts, tasks and activities, a GraphQL query), every response recorded.
 * `capacity` measures the requests a second the service completes at rising concurrency (closed loop);
 * `openLoop` sends at a fixed arrival rate whatever the answers' pace (a slow answer does not slow the senders).
 */

export interface Org {
  cookie: string;
  /** A contact of the organization, which activities are logged on. */
  contactId: string;
}

/** One request's record: times in ms of performance.now(); status 0 when no answer came (connection lost, timeout). */
export interface Sample {
  kind: string;
  sent: number;
  done: number;
  status: number;
  /** A failure's body, shortened (a GraphQL answer with `errors` is recorded as status 590). */
  detail?: string;
  /** An acknowledged create (2xx): the table its row is in and its id. */
  write?: { table: string; id: string };
}

interface Call {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  body?: (n: number, org: Org) => unknown;
  /** The table an acknowledged create wrote to (its id is the response's `id`). */
  table?: string;
}

const GRAPHQL = `{ contacts(limit: 20) { data { id name email company { id name } } pagination { totalItems } } }`;

/** The mix: each call with its share in tenths (reads 6, writes 4). */
const SHARES: [Call, number][] = [
  [{ kind: 'list contacts', method: 'GET', path: '/api/contacts?limit=20' }, 2],
  [{ kind: 'list tasks', method: 'GET', path: '/api/tasks?limit=20' }, 1],
  [{ kind: 'list activities', method: 'GET', path: '/api/activities?limit=20' }, 1],
  [{ kind: 'graphql contacts', method: 'POST', path: '/graphql', body: () => ({ query: GRAPHQL }) }, 2],
  [
    {
      kind: 'create contact',
      method: 'POST',
      path: '/api/contacts',
      table: 'contacts',
      body: (n) => ({ name: `Soak ${n}`, email: `soak-${n}-${process.pid}@bench.example` }),
    },
    2,
  ],
  [
    { kind: 'create task', method: 'POST', path: '/api/tasks', table: 'tasks', body: (n) => ({ title: `Call ${n}` }) },
    1,
  ],
  [
    {
      kind: 'create activity',
      method: 'POST',
      path: '/api/activities',
      table: 'activities',
      body: (n, org) => ({
        contactId: org.contactId,
        type: 'call',
        direction: 'outbound',
        occurredAt: new Date().toISOString(),
        body: `Soak check-in ${n}`,
      }),
    },
    1,
  ],
];
const MIX: Call[] = SHARES.flatMap(([call, share]) => Array<Call>(share).fill(call));

/** Numbers the bodies of the whole run (every email unique, whichever phase sends it). */
let serial = 0;

/** Sends the n-th request of the mix (organizations in turn) and records its answer. */
export async function send(base: string, orgs: Org[], n: number, timeoutMs: number): Promise<Sample> {
  const call = MIX[n % MIX.length];
  const org = orgs[Math.floor(n / MIX.length) % orgs.length];
  const sent = performance.now();
  try {
    const res = await fetch(`${base}${call.path}`, {
      method: call.method,
      headers: { 'content-type': 'application/json', cookie: org.cookie },
      body: call.body ? JSON.stringify(call.body(++serial, org)) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    const sample: Sample = { kind: call.kind, sent, done: performance.now(), status: res.status };
    if (call.table && res.status >= 200 && res.status < 300)
      sample.write = { table: call.table, id: String((JSON.parse(text) as { id: unknown }).id) };
    if (call.kind.startsWith('graphql') && res.status === 200 && text.includes('"errors"')) sample.status = 590;
    if (sample.status >= 500) sample.detail = text.slice(0, 300);
    return sample;
  } catch (e) {
    return { kind: call.kind, sent, done: performance.now(), status: 0, detail: String(e) };
  }
}

/**
 * Requests a second the service completes with `c` senders each waiting for its answer, `c` doubling from 2 for
 * `seconds` a step until two steps in a row gain less than 5% on the best before them (or at 128): the best step's
 * rate is the capacity (a step with more than 1% failures does not count).
 */
export async function capacity(
  base: string,
  orgs: Org[],
  seconds: number,
): Promise<{ rps: number; steps: { concurrency: number; rps: number; failed: number }[] }> {
  let n = 0;
  const measured: { concurrency: number; rps: number; failed: number }[] = [];
  const best = (ms: typeof measured) => Math.max(0, ...ms.map((m) => m.rps));
  // Two steps in a row below 5% over the best before them end the ramp (one alone may be the machine's noise).
  const gaining = () => measured.length < 3 || best(measured.slice(-2)) >= 1.05 * best(measured.slice(0, -2));
  for (let concurrency = 2; concurrency <= 128 && gaining(); concurrency *= 2) {
    const end = performance.now() + seconds * 1000;
    let ok = 0;
    let failed = 0;
    const sender = async () => {
      while (performance.now() < end) {
        const s = await send(base, orgs, n++, 30_000);
        if (s.status >= 200 && s.status < 400) ok++;
        else failed++;
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: concurrency }, sender));
    measured.push({ concurrency, rps: ok / ((performance.now() - t0) / 1000), failed });
  }
  const counted = measured.filter((m) => m.failed <= 0.01 * (m.rps * seconds + m.failed));
  return { rps: Math.max(0, ...counted.map((m) => m.rps)), steps: measured };
}

/**
 * Sends at `rate` a second for `seconds` (request i at start + i / rate), never waiting for answers; at most
 * `maxInFlight` unanswered at once (a request due beyond that is counted as skipped, not queued: the service is then
 * far behind and the figures say so). `tick` runs about every second with the elapsed seconds (the faults hook in).
 */
export async function openLoop(
  base: string,
  orgs: Org[],
  rate: number,
  seconds: number,
  record: (s: Sample) => void,
  tick: (elapsed: number) => void,
  maxInFlight = 1000,
): Promise<{ sent: number; skipped: number }> {
  const start = performance.now();
  const total = Math.floor(rate * seconds);
  const pending = new Set<Promise<void>>();
  let skipped = 0;
  let lastTick = -1;
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const elapsed = Math.floor((performance.now() - start) / 1000);
    if (elapsed !== lastTick) tick((lastTick = elapsed));
    if (pending.size >= maxInFlight) {
      skipped++;
      continue;
    }
    const p: Promise<void> = send(base, orgs, i, 30_000).then((s) => {
      record(s);
      pending.delete(p);
    });
    pending.add(p);
  }
  await Promise.all(pending);
  return { sent: total - skipped, skipped };
}
