/**
 * Workflows under load (issue 28 part 8; docs/workflows.md, "Benchmark"): 20 active workflows (two on each of ten
 * event kinds, each notifying a member) and 1,000 events a minute (one every 60 ms, each in its own transaction, as
 * domain code emits them) for BENCH_WORKFLOW_SECONDS (default 60), with two instances (child processes,
 * bench/workflow-instance.ts: each its own pool, dispatcher loop and queue worker, as two servers run them) sharing
 * the outbox and the queue (BENCH_WORKFLOW_INSTANCES=in-process: two dispatcher-and-worker pairs in this process
 * instead, the earlier setup, for comparing under the same load). Prints the runs made and done against
 * the runs expected, doubles, and event-to-first-action latency percentiles (the event's time -> its run's commit),
 * next to a baseline of the same run: one event's transaction alone.
 */
import { loadConfig } from '../src/config';
import { workflowConfig } from '../src/modules/workflows/workflow.settings';
import { EventEmitter } from '../src/events/event-emitter';
import type { EventKind } from '../src/events/event-kinds';
import { WORKFLOW_EVENT_KINDS } from '../src/modules/workflows/trigger-fields';
import { eventKinds } from '../src/composition';
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { createLogger } from '../src/lib/logger';
import { workflowJob } from '../src/modules/workflows/workflow.jobs';
import { benchApp, registerOrg } from './bench-app';

const PER_MINUTE = 1000;
/**
 * Ten kinds no other workflow write emits (so no run triggers another): calls, emails, completions, order moves; two
 * workflows on each, so every event makes two runs.
 */
const KINDS: EventKind[] = WORKFLOW_EVENT_KINDS.filter(
  (k) => !k.startsWith('lead.') && !k.startsWith('opportunity.') && k !== 'task.created' && k !== 'order.overdue',
).slice(0, 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}
function summary(label: string, xs: number[]): string {
  const s = [...xs].sort((a, b) => a - b);
  return `${label}: p50 ${percentile(s, 50).toFixed(0)} ms, p90 ${percentile(s, 90).toFixed(0)} ms, p99 ${percentile(s, 99).toFixed(0)} ms, max ${s[s.length - 1]?.toFixed(0)} ms`;
}

/** A child process running the workflow machinery (bench/workflow-instance.ts), once it says it is ready. */
async function instance(env: NodeJS.ProcessEnv): Promise<{ stop(): Promise<void> }> {
  const child: ChildProcess = fork(join(__dirname, 'workflow-instance.js'), [], { env, stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    child.once('message', (m) => (m === 'ready' ? resolve() : reject(new Error(String(m)))));
    child.once('exit', (code) => reject(new Error(`workflow instance exited with ${code}`)));
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}

export default async function workflowsBench(): Promise<void> {
  const seconds = Number(process.env.BENCH_WORKFLOW_SECONDS ?? 60);
  const app = await benchApp('workflows');
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    WORKFLOW_POLL_MS: process.env.WORKFLOW_POLL_MS ?? '200',
  });
  const { org, userId, cookie } = await registerOrg(app.base, 'workflow-bench');
  const instances: { stop(): void | Promise<void> }[] = [];
  try {
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${app.base}/api/workflows`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          name: `Bench ${i}`,
          active: true,
          trigger: { event: KINDS[i % KINDS.length] },
          actions: [{ type: 'notify_user', to: { rule: 'user', userId }, title: `Bench ${i}` }],
        }),
      });
      if (res.status !== 201) throw new Error(`createWorkflow: ${res.status} ${await res.text()}`);
    }
    const events = new EventEmitter(eventKinds);
    const emit = (i: number) =>
      app.orm.em.fork().transactional(async (tx) => {
        events.emit(tx, org, KINDS[i % KINDS.length], { id: `bench-${i}` });
      });
    // Baseline: an event's transaction alone (what the emitting request pays), before the workers start.
    const baseline: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = performance.now();
      await app.orm.em.fork().transactional(async (tx) => {
        events.emit(tx, org, 'lead.created', { id: `baseline-${i}` });
      });
      baseline.push(performance.now() - t0);
    }
    await app.orm.em.execute(`update outbox_events set workflow_dispatched_at = now() where organization_id = ?`, [
      org,
    ]);
    const env = {
      ...process.env,
      BENCH_DATABASE_URL: app.url,
      WORKFLOW_POLL_MS: String(workflowConfig(config).pollMs),
    };
    const inProcess = process.env.BENCH_WORKFLOW_INSTANCES === 'in-process';
    const shared = {} as never; // the workflow job uses none of the shared infrastructure
    const local = () =>
      workflowJob.start({ orm: app.orm, logger: createLogger('silent'), config, services: app.services, shared });
    for (let i = 0; i < 2; i++) instances.push(inProcess ? local() : await instance(env));

    const total = Math.round((seconds * PER_MINUTE) / 60);
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const wait = started + i * (60_000 / PER_MINUTE) - performance.now();
      if (wait > 0) await sleep(wait);
      await emit(i);
    }
    const emitSeconds = (performance.now() - started) / 1000;
    const expected = total * 2;
    const count = async () =>
      Number(
        (await app.orm.em.execute(`select count(*) as n from notifications where organization_id = ?`, [org]))[0].n,
      );
    const deadline = performance.now() + 120_000;
    while ((await count()) < expected && performance.now() < deadline) await sleep(500);
    await sleep(3000); // anything done twice would show now
    for (const s of instances.splice(0)) await s.stop();

    const [runs] = await app.orm.em.execute(
      `select count(*) as runs, count(*) filter (where status = 'succeeded') as succeeded,
              count(distinct (workflow_version_id, event_id)) as distinct_runs from workflow_runs where organization_id = ?`,
      [org],
    );
    // A run's actions and its finishedAt commit in one transaction: finishedAt is when its first action took effect.
    const latency: { ms: number }[] = await app.orm.em.execute(
      `select extract(epoch from (r.finished_at - e.created_at)) * 1000 as ms
       from workflow_runs r join outbox_events e on e.id = r.event_id where r.organization_id = ? and r.status = 'succeeded'`,
      [org],
    );
    const notifications = await count();
    console.log(
      `emitted ${total} events in ${emitSeconds.toFixed(1)} s (${((total / emitSeconds) * 60).toFixed(0)} per minute) through 20 active workflows; two instances (${process.env.BENCH_WORKFLOW_INSTANCES === 'in-process' ? 'in this process' : 'child processes'}), poll ${workflowConfig(config).pollMs} ms`,
    );
    console.log(
      `runs expected ${expected}, made ${runs.runs} (${runs.distinct_runs} distinct version+event), succeeded ${runs.succeeded}; first actions (notifications) ${notifications}: ${notifications === expected && Number(runs.runs) === expected ? 'none lost, none doubled' : 'MISMATCH'}`,
    );
    console.log(
      summary(
        'event-to-first-action (event time -> its run committed with its action)',
        latency.map((l) => Number(l.ms)),
      ),
    );
    console.log(summary('baseline: one event transaction', baseline));
  } finally {
    for (const s of instances) await s.stop();
    await app.close();
  }
}
