/**
 * Outbound webhooks under the spec's rate: emits 1000 events per minute (one every 60 ms, each in its own
 * transaction, as domain code does) for BENCH_WEBHOOK_SECONDS (default 60) to a receiver on loopback, with
 * two workers sharing the queue. Prints emitted/delivered counts, duplicates, and enqueue-to-delivery
 * latency percentiles (commit of the emitting transaction -> request at the receiver), next to a baseline
 * measured in the same run: a raw loopback POST of the same body.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../src/config';
import { openAppDatabase, sharedDeps } from '../src/composition';
import { TENANT_FILTER } from '../src/db/tenant-filter';
import { postWebhook } from '../src/events/webhook-sender';
import { WebhookWorker } from '../src/events/webhook-worker';
import { createLogger } from '../src/lib/logger';
import { WebhookService } from '../src/modules/webhooks/webhook.service';
import { benchDatabase } from './bench-db';

const PER_MINUTE = 1000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function summary(label: string, xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  return `${label}: p50 ${percentile(s, 50).toFixed(1)} ms, p90 ${percentile(s, 90).toFixed(1)} ms, p99 ${percentile(s, 99).toFixed(1)} ms, max ${s[s.length - 1]?.toFixed(1)} ms`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export default async function webhooksBench(): Promise<void> {
  const seconds = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 60);
  const db = await benchDatabase('webhooks');
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_POLL_MS: process.env.WEBHOOK_POLL_MS ?? '100',
  });
  const logger = createLogger('silent');
  const orm = await openAppDatabase(db.url);
  const emittedAt = new Map<string, number>();
  const latencies: number[] = [];
  const seen = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      seen.set(id, (seen.get(id) ?? 0) + 1);
      const t0 = emittedAt.get(id);
      if (t0 !== undefined && seen.get(id) === 1) latencies.push(performance.now() - t0);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const { cipher, events } = sharedDeps(config);
  const workers = [
    new WebhookWorker(orm, config.webhooks, logger, cipher),
    new WebhookWorker(orm, config.webhooks, logger, cipher),
  ];
  try {
    const [org] = await orm.em.execute(
      `insert into organizations (id, name, inbound_email_token, created_at, updated_at) values (gen_random_uuid(), 'Bench', 'bench-' || md5(random()::text), now(), now()) returning id`,
    );
    const organizationId = org.id as string;
    const em = orm.em.fork();
    em.setFilterParams(TENANT_FILTER, { organizationId });
    await new WebhookService(config.webhooks, cipher, events.kinds).create(em, organizationId, {
      url,
    });

    // Baseline: the same kind of request, straight to the receiver, sequentially.
    const body = JSON.stringify({
      event: 'lead.created',
      timestamp: new Date().toISOString(),
      organizationId,
      data: { id: 'x', leadName: 'Baseline', email: 'b@example.test' },
    });
    const baseline: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      await postWebhook(
        url,
        body,
        { 'content-type': 'application/json', 'webhook-id': 'baseline' },
        { timeoutMs: 5000, allowPrivate: true },
      );
      baseline.push(performance.now() - t0);
    }
    seen.delete('baseline');

    for (const w of workers) w.start();
    const total = Math.round((seconds * PER_MINUTE) / 60);
    const interval = 60_000 / PER_MINUTE;
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const due = started + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const row = await orm.em.fork().transactional(async (tx) =>
        events.emit(tx, organizationId, 'lead.created', {
          id: `lead-${i}`,
          leadName: `Lead ${i}`,
          email: `lead${i}@example.test`,
        }),
      );
      emittedAt.set(row.id, performance.now());
    }
    const emitSeconds = (performance.now() - started) / 1000;
    const deadline = performance.now() + 60_000;
    while (seen.size < total && performance.now() < deadline) await sleep(100);
    for (const w of workers) await w.stop();

    const duplicates = [...seen.values()].filter((n) => n > 1).length;
    const sorted = [...latencies].sort((a, b) => a - b);
    const base = [...baseline].sort((a, b) => a - b);
    console.log(
      `emitted ${total} events in ${emitSeconds.toFixed(1)} s (${((total / emitSeconds) * 60).toFixed(0)} per minute); two workers, poll ${config.webhooks.pollMs} ms`,
    );
    console.log(
      `delivered/emitted: ${seen.size}/${total}${duplicates ? `, ${duplicates} delivered more than once` : ', no duplicates'}`,
    );
    console.log(summary('enqueue-to-delivery', latencies));
    console.log(summary('baseline raw loopback POST', baseline));
    console.log(
      `ratio p50 delivery / p50 raw POST: ${(percentile(sorted, 50) / percentile(base, 50)).toFixed(1)}x (the worker's poll interval dominates; WEBHOOK_POLL_MS lowers it)`,
    );
  } finally {
    for (const w of workers) await w.stop();
    receiver.closeAllConnections();
    receiver.close();
    await orm.close(true);
    await db.drop();
  }
}
