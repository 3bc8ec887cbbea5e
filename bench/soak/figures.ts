/**
 * The soak's figures from its records (`npm run bench soak`): the outage windows, the failures outside them,
 * latency by third of the run against the first third, and each instance's resident memory over time.
 */
import { quantile } from '../timing';
import type { Sample } from './traffic';

/** A fault: from its first action (`start`) until the first success of a request sent after `recovered`. */
export interface Outage {
  name: string;
  start: number;
  /** When the fault's last action was done (PostgreSQL answering again, the instance back in the balancer). */
  recovered?: number;
  /** The first success sent after `recovered` (filled by `closeOutages`). */
  end?: number;
}

/** An instance's resident set size at `t` (ms); `life` counts its starts (a killed instance starts a new life). */
export interface RssSample {
  instance: number;
  life: number;
  t: number;
  mb: number;
}

export const failed = (s: Sample): boolean => s.status === 0 || s.status >= 500;
const ok = (s: Sample): boolean => s.status >= 200 && s.status < 300;

export function closeOutages(outages: Outage[], samples: Sample[]): void {
  for (const o of outages) {
    const recovered = o.recovered ?? Infinity;
    o.end = samples.reduce((end, s) => (ok(s) && s.sent >= recovered ? Math.min(end, s.done) : end), Infinity);
  }
}

/** Whether the request's span (sent -> answered) meets an outage window (with `graceMs` after its end). */
export function inOutage(s: Sample, outages: Outage[], graceMs: number): boolean {
  return outages.some((o) => s.done >= o.start && s.sent <= (o.end ?? Infinity) + graceMs);
}

/** "500 x3, 0 x1": statuses and their counts (0: no answer). */
export function statusCounts(samples: Sample[]): string {
  const counts = new Map<number, number>();
  for (const s of samples) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([status, n]) => `${status} x${n}`)
    .join(', ');
}

/** p50 and p99 of the successful requests outside the outages in each third of [from, to], with the first as base. */
export function latencyByThird(samples: Sample[], outages: Outage[], graceMs: number, from: number, to: number) {
  const third = (to - from) / 3;
  const rows = [0, 1, 2].map((k) => {
    const ms = samples
      .filter(
        (s) => ok(s) && !inOutage(s, outages, graceMs) && s.sent >= from + k * third && s.sent < from + (k + 1) * third,
      )
      .map((s) => s.done - s.sent);
    return { n: ms.length, p50: quantile(ms, 0.5), p99: quantile(ms, 0.99) };
  });
  return rows.map((r) => ({ ...r, p50Ratio: r.p50 / rows[0].p50, p99Ratio: r.p99 / rows[0].p99 }));
}

/** Requests, failures and p50 / p99 of the successes in each of `buckets` equal spans of [from, to]. */
export function timeline(samples: Sample[], from: number, to: number, buckets = 12) {
  const span = (to - from) / buckets;
  return Array.from({ length: buckets }, (_, k) => {
    const inside = samples.filter((s) => s.sent >= from + k * span && s.sent < from + (k + 1) * span);
    const ms = inside.filter(ok).map((s) => s.done - s.sent);
    return {
      at: (k * span) / 1000,
      n: inside.length,
      failed: inside.filter(failed).length,
      p50: quantile(ms, 0.5),
      p99: quantile(ms, 0.99),
    };
  });
}

/** Least-squares slope of mb over t, in MB per 10 minutes. */
function slopePer10Min(xs: RssSample[]): number {
  const n = xs.length;
  const mt = xs.reduce((a, x) => a + x.t, 0) / n;
  const mm = xs.reduce((a, x) => a + x.mb, 0) / n;
  const cov = xs.reduce((a, x) => a + (x.t - mt) * (x.mb - mm), 0);
  const varT = xs.reduce((a, x) => a + (x.t - mt) ** 2, 0);
  return (cov / varT) * 600_000;
}

/**
 * Each instance's lives after their warm-up (`warmupMs` from the life's first sample): the RSS at its start, middle
 * and end and the slope; a life with fewer than `minSamples` samples after warm-up has no slope (too short to say).
 */
export function rssByLife(rss: RssSample[], warmupMs: number, minSamples = 6) {
  const lives = new Map<string, RssSample[]>();
  for (const r of rss) {
    const key = `${r.instance}.${r.life}`;
    lives.set(key, lives.get(key) ?? []);
    lives.get(key)?.push(r);
  }
  return [...lives.values()].map((all) => {
    const kept = all.filter((r) => r.t >= all[0].t + warmupMs);
    const at = (f: number) => kept[Math.min(kept.length - 1, Math.floor(f * kept.length))]?.mb ?? NaN;
    return {
      instance: all[0].instance,
      life: all[0].life,
      samples: kept.length,
      seconds: kept.length ? (kept[kept.length - 1].t - kept[0].t) / 1000 : 0,
      start: at(0),
      middle: at(0.5),
      end: at(1),
      peak: Math.max(...all.map((r) => r.mb)),
      slope: kept.length >= minSamples ? slopePer10Min(kept) : undefined,
    };
  });
}
