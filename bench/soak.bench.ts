/**
 * `npm run bench soak` (issue 33 part 5; docs/performance.md, "Soak"; not in CI): SOAK_INSTANCES (default 3)
 * instances of the built server in production mode behind a loopback balancer, on an embedded PostgreSQL of the
 * bench's own. Phase 1 measures the capacity (requests a second of the mix in bench/soak/traffic.ts, the senders
 * doubling until the rate stops rising); phase 2 sends at half of it, at a fixed arrival rate, for SOAK_MINUTES
 * (default 30), and in the middle restarts PostgreSQL (at 40% of the run) and kills an instance with SIGKILL and
 * starts it again (at 65%). Targets, each printed PASS or FAIL: no 5xx (nor lost answer) outside the outage windows,
 * no acknowledged write missing from the database at the end, each instance's RSS flat after its warm-up.
 *
 * Env: SOAK_MINUTES (30), SOAK_INSTANCES (3), SOAK_ORGS (4), SOAK_RATE (requests a second; skips the capacity
 * phase), SOAK_RAMP_SECONDS (per capacity step, 6), SOAK_GRACE_MS (2000), SOAK_PG_DOWN_SECONDS (5),
 * SOAK_INSTANCE_DOWN_SECONDS (10), SOAK_SAMPLE_SECONDS (5), SOAK_WARMUP_SECONDS (a fifth of the run, at most 120),
 * SOAK_RSS_SLOPE_MB (the flat bound, MB per 10 minutes: 10), SOAK_RSS_MINUTES (the shortest span judged, 10),
 * SOAK_JOBS (true: scheduler and workers on), SOAK_FAULTS (false: no fault, the same load as a baseline).
 */
import { loadavg } from 'node:os';
import { registerOrg } from './bench-app';
import { SoakCluster } from './soak/cluster';
import { closeOutages, type Outage, type RssSample } from './soak/figures';
import { num, report } from './soak/report';
import { capacity, openLoop, type Org, type Sample } from './soak/traffic';

async function signIn(base: string, count: number): Promise<Org[]> {
  const orgs: Org[] = [];
  for (let i = 0; i < count; i++) {
    const { cookie } = await registerOrg(base, `soak-${process.pid}-${i}`);
    const res = await fetch(`${base}/api/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name: `Soak customer ${i}` }),
    });
    if (res.status !== 201) throw new Error(`soak: a first contact answered ${res.status}: ${await res.text()}`);
    orgs.push({ cookie, contactId: String(((await res.json()) as { id: string }).id) });
  }
  return orgs;
}

export default async function soakBench(): Promise<void> {
  const minutes = num('SOAK_MINUTES', 30);
  const seconds = minutes * 60;
  const instances = num('SOAK_INSTANCES', 3);
  const load0 = loadavg();
  console.log(`load average before: ${load0.map((l) => l.toFixed(2)).join(' ')} (2 cores shared with other work)`);
  const cluster = await SoakCluster.start(instances, process.env.SOAK_JOBS !== 'false');
  const interrupted = () => {
    for (const s of cluster.servers) process.kill(s.pid, 'SIGKILL');
    process.exit(130);
  };
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  try {
    const orgs = await signIn(cluster.url, num('SOAK_ORGS', 4));
    let rate = num('SOAK_RATE', 0);
    if (!rate) {
      const measured = await capacity(cluster.url, orgs, num('SOAK_RAMP_SECONDS', 6));
      for (const s of measured.steps)
        console.log(
          `capacity: ${String(s.concurrency).padStart(2)} senders ${s.rps.toFixed(0)} req/s, ${s.failed} failed`,
        );
      rate = measured.rps / 2;
      console.log(
        `capacity ${measured.rps.toFixed(0)} req/s through ${instances} instances; soak at half: ${rate.toFixed(0)} req/s`,
      );
    }

    const samples: Sample[] = [];
    const rss: RssSample[] = [];
    const outages: Outage[] = [];
    const faults: Promise<void>[] = [];
    const fault = (name: string, act: () => Promise<void>, done: () => void) => {
      const o: Outage = { name, start: performance.now() };
      outages.push(o);
      console.log(`${name} at ${((o.start - soakStart) / 1000).toFixed(0)} s`);
      faults.push(
        act().then(() => {
          o.recovered = performance.now();
          done();
        }),
      );
    };
    const killed = Math.min(1, instances - 1);
    let pgDone = false;
    let killDone = false;
    const faultsOn = process.env.SOAK_FAULTS !== 'false';
    const tick = (elapsed: number) => {
      if (!faultsOn) return;
      if (elapsed >= seconds * 0.4 && outages.length === 0)
        fault(
          'PostgreSQL restart',
          () => cluster.restartPostgres(num('SOAK_PG_DOWN_SECONDS', 5) * 1000),
          () => (pgDone = true),
        );
      if (elapsed >= seconds * 0.65 && pgDone && outages.length === 1)
        fault(
          `instance ${killed} SIGKILL and restart`,
          () => cluster.killInstance(killed, num('SOAK_INSTANCE_DOWN_SECONDS', 10) * 1000),
          () => (killDone = true),
        );
    };
    const soakStart = performance.now();
    const sampler = setInterval(
      () =>
        void cluster.rss().then((mbs) =>
          mbs.forEach((mb, instance) => {
            if (!Number.isNaN(mb)) rss.push({ instance, life: cluster.lives[instance], t: performance.now(), mb });
          }),
        ),
      num('SOAK_SAMPLE_SECONDS', 5) * 1000,
    );
    const sent = await openLoop(cluster.url, orgs, rate, seconds, (s) => samples.push(s), tick);
    const soakEnd = performance.now();
    clearInterval(sampler);
    await Promise.all(faults);
    closeOutages(outages, samples);
    await report(
      {
        samples,
        outages,
        rss,
        soakStart,
        soakEnd,
        rate,
        minutes,
        sent,
        faultsRan: faultsOn ? pgDone && killDone : undefined,
      },
      cluster,
    );
  } finally {
    await cluster.stop();
  }
}
