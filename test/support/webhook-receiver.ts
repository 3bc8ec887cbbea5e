import http, { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventKind } from '../../src/events/event-kinds';
import { WebhookWorker, RunStats } from '../../src/events/webhook-worker';
import { CredentialCipher } from '../../src/lib/credential-cipher';
import type { TestApp } from './test-app';

export interface Received {
  headers: IncomingHttpHeaders;
  /** The exact bytes that arrived. */
  raw: Buffer;
  json: { event: string; timestamp: string; organizationId: string; data: Record<string, unknown> };
  /** The status this receiver answered (undefined while held). */
  answered?: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
}

/** A real HTTP receiver on loopback. `answer` decides each response; `hold` keeps requests unanswered. */
export class WebhookReceiver {
  received: Received[] = [];
  answer: (r: Received, index: number) => Answer = () => ({ status: 200 });
  hold = false;
  /** While down, every connection is cut as it arrives: a network error for the sender, and the port stays ours. */
  down = false;
  private held: ServerResponse[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const r: Received = { headers: req.headers, raw, json: JSON.parse(raw.toString('utf8')) };
      this.received.push(r);
      if (this.hold) {
        this.held.push(res);
        return;
      }
      const a = this.answer(r, this.received.length - 1);
      r.answered = a.status;
      res.writeHead(a.status, a.headers).end('ok');
    });
  });

  constructor() {
    this.server.on('connection', (socket) => {
      if (this.down) socket.destroy();
    });
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** Answers every time the given statuses in order, then 200. */
  answerInOrder(...statuses: (number | Answer)[]): void {
    let i = 0;
    this.answer = () => {
      const next = statuses[i++];
      if (next === undefined) return { status: 200 };
      return typeof next === 'number' ? { status: next } : next;
    };
  }

  /** Ids (webhook-id) of the requests answered with a 2xx. */
  deliveredIds(): string[] {
    return this.received
      .filter((r) => r.answered !== undefined && r.answered < 300)
      .map((r) => String(r.headers['webhook-id']));
  }

  /** Cuts the connections of the held requests, as a crash of the receiver would. */
  dropHeld(): void {
    for (const res of this.held) res.socket?.destroy();
    this.held = [];
  }

  /** Listens on loopback; pass the port of an earlier receiver to come back at the same URL. */
  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    this.dropHeld();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Emits events the way domain code does: inside a transaction of its own. Returns the event ids. */
export async function emitEvents(
  t: TestApp,
  organizationId: string,
  count: number,
  kind: EventKind = 'lead.created',
): Promise<string[]> {
  return t.orm.em.fork().transactional(async (em: EntityManager) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const row = t.deps.services.events.emit(em, organizationId, kind, {
        id: `lead-${i}`,
        leadName: `Lead ${i}`,
        email: `lead${i}@example.test`,
      });
      ids.push(row.id);
    }
    return ids;
  });
}

export function testWorker(t: TestApp, overrides: Partial<TestApp['deps']['config']['webhooks']> = {}): WebhookWorker {
  return new WebhookWorker(
    t.orm,
    { ...t.deps.config.webhooks, ...overrides },
    t.deps.logger,
    new CredentialCipher(t.deps.config.sessionSecret),
  );
}

/** Runs rounds until one finds nothing to do (no sleeping, no timing). */
export async function drain(worker: WebhookWorker, maxRounds = 50): Promise<RunStats[]> {
  const rounds: RunStats[] = [];
  for (let i = 0; i < maxRounds; i++) {
    const s = await worker.runOnce();
    rounds.push(s);
    if (s.claimed === 0 && s.fannedOut === 0) return rounds;
  }
  throw new Error('the worker still had work after maxRounds rounds');
}

/** Creates a subscription through the REST API and returns its id and secret. */
export async function subscribe(
  agent: import('./test-app').Agent,
  url: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; secret: string }> {
  const res = await agent.post('/api/settings/webhooks').send({ url, ...extra });
  if (res.status !== 201) throw new Error(`subscribe failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.subscription.id, secret: res.body.secret };
}
