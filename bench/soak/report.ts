/**
 * What `npm run bench soak` prints at the end (docs/performance.md, "Soak"): the statuses, the outage windows and the
 * failures inside them, any failure outside them, latency by third and over time, the acknowledged writes checked
 * in the database, each instance's RSS, and PASS / FAIL (or SKIP) per target.
 */
import { loadavg } from 'node:os';
import type { SoakCluster } from './cluster';
import {
  failed,
  inOutage,
  latencyByThird,
  type Outage,
  rssByLife,
  type RssSample,
  statusCounts,
  timeline,
} from './figures';
import type { Sample } from './traffic';

export const num = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const f1 = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '-' : x.toFixed(1));

export interface SoakRun {
  samples: Sample[];
  outages: Outage[];
  rss: RssSample[];
  soakStart: number;
  soakEnd: number;
  rate: number;
  minutes: number;
  sent: { sent: number; skipped: number };
  /** undefined: SOAK_FAULTS=false. */
  faultsRan: boolean | undefined;
}

export async function report(run: SoakRun, cluster: SoakCluster): Promise<void> {
  const { samples, outages, rss, soakStart, soakEnd, rate, minutes, sent } = run;
  const graceMs = num('SOAK_GRACE_MS', 2000);
  const warmupMs = num('SOAK_WARMUP_SECONDS', Math.min(120, (minutes * 60) / 5)) * 1000;
  const slopeLimit = num('SOAK_RSS_SLOPE_MB', 10);
  const rssMinutes = num('SOAK_RSS_MINUTES', 10);
  const at = (t: number) => `${((t - soakStart) / 1000).toFixed(1)} s`;
  const load1 = loadavg();

  console.log(
    `soak: ${minutes} min at ${rate.toFixed(0)} req/s: ${sent.sent} sent, ${sent.skipped} skipped (over 1,000 in flight), ${samples.length} answered or lost; load average after ${load1.map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log(`statuses: ${statusCounts(samples)}`);
  for (const o of outages) {
    const inside = samples.filter((s) => failed(s) && inOutage(s, [o], graceMs));
    console.log(
      `outage "${o.name}": ${(((o.end ?? Infinity) - o.start) / 1000).toFixed(1)} s from the fault to the first success after it (fault over after ${(((o.recovered ?? NaN) - o.start) / 1000).toFixed(1)} s), + ${graceMs} ms grace; failures inside: ${inside.length ? statusCounts(inside) : 'none'}`,
    );
  }
  const outside = samples.filter((s) => failed(s) && !inOutage(s, outages, graceMs));
  for (const s of outside.slice(0, 10)) console.log(`  outside: ${s.kind} ${s.status} at ${at(s.sent)}: ${s.detail}`);
  for (const s of samples.filter((x) => x.status === 590 || x.status === 0).slice(0, 5))
    console.log(`  ${s.status === 0 ? 'no answer' : 'GraphQL errors'} (${s.kind}) at ${at(s.sent)}: ${s.detail}`);

  console.log('over time: requests, failures, p50 / p99 of the successes (ms), from the start of the soak:');
  for (const b of timeline(samples, soakStart, soakEnd))
    console.log(
      `  ${b.at.toFixed(0).padStart(5)} s: ${String(b.n).padStart(6)} requests, ${String(b.failed).padStart(4)} failed, ${f1(b.p50).padStart(7)} / ${f1(b.p99).padStart(7)}`,
    );
  console.log('latency of the successes outside the outages, by third of the run (ratio to the first third):');
  latencyByThird(samples, outages, graceMs, soakStart, soakEnd).forEach((r, k) =>
    console.log(
      `  third ${k + 1}: ${String(r.n).padStart(7)} requests, p50 ${f1(r.p50)} ms (${r.p50Ratio.toFixed(2)}), p99 ${f1(r.p99)} ms (${r.p99Ratio.toFixed(2)})`,
    ),
  );

  const writes = samples.filter((s) => s.write);
  const byTable = new Map<string, string[]>();
  for (const { write } of writes) {
    if (!write) continue;
    if (!byTable.has(write.table)) byTable.set(write.table, []);
    byTable.get(write.table)?.push(write.id);
  }
  let lost = 0;
  for (const [table, ids] of byTable) {
    const missing = await cluster.missing(table, ids);
    lost += missing.length;
    console.log(
      `acknowledged ${table}: ${ids.length}, missing ${missing.length}${missing.length ? `: ${missing.slice(0, 5).join(', ')}` : ''}`,
    );
  }

  console.log(`RSS (MB) of each instance after its warm-up (${warmupMs / 1000} s), slope in MB per 10 minutes:`);
  const lives = rssByLife(rss, warmupMs);
  for (const l of lives)
    console.log(
      `  instance ${l.instance} life ${l.life}: ${l.samples} samples over ${l.seconds.toFixed(0)} s: start ${f1(l.start)}, middle ${f1(l.middle)}, end ${f1(l.end)} (end/start ${(l.end / l.start).toFixed(2)}), peak ${f1(l.peak)}, slope ${l.slope === undefined ? 'too short to say' : f1(l.slope)}`,
    );
  // A slope is judged over SOAK_RSS_MINUTES after warm-up at least: over a few minutes, the collector's swings
  // (tens of MB either way) are all the slope shows.
  const judged = lives.filter((l) => l.slope !== undefined && l.seconds >= rssMinutes * 60);
  console.log(`${pass(outside.length === 0)} no 5xx or lost answer outside the outage windows (${outside.length})`);
  console.log(`${pass(lost === 0 && writes.length > 0)} no acknowledged write lost (${lost} of ${writes.length})`);
  console.log(
    judged.length
      ? `${pass(judged.every((l) => (l.slope ?? 0) < slopeLimit))} RSS flat: every slope over ${rssMinutes} min or more under ${slopeLimit} MB per 10 minutes (${judged.map((l) => f1(l.slope)).join(', ')})`
      : `SKIP RSS flat: no instance ran ${rssMinutes} min after its warm-up (SOAK_RSS_MINUTES), too short to tell a leak from the collector's swings`,
  );
  console.log(
    run.faultsRan === undefined
      ? 'SKIP faults: none asked (SOAK_FAULTS=false)'
      : `${pass(run.faultsRan)} both faults ran (PostgreSQL restart, instance kill)`,
  );
}
