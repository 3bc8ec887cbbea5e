/**
 * The process's Prometheus metrics (docs/observability.md). One registry per process: the HTTP layer, the
 * GraphQL server, the webhook worker and the CSV import record into it; /metrics (src/http/metrics-route.ts) exposes it.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequests = new Counter({
  name: 'crm_http_requests_total',
  help: 'HTTP requests by method, route pattern (not the raw URL) and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'crm_http_request_duration_seconds',
  help: 'HTTP request latency by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const graphqlOperations = new Counter({
  name: 'crm_graphql_operations_total',
  help: 'GraphQL operations over /graphql by operation name, type and outcome (ok or error)',
  labelNames: ['operation', 'type', 'outcome'] as const,
  registers: [registry],
});

export const dbAccessSwitches = new Counter({
  name: 'crm_db_access_switches_total',
  help: 'set_config statements that switched a pooled connection to another row-security access, by the access it took',
  labelNames: ['access'] as const,
  registers: [registry],
});

export const replicaReads = new Counter({
  name: 'crm_read_replica_reads_total',
  help: 'Heavy reads (reports, exports, search) by where they ran (replica or primary) and why (src/db/read-replica.ts)',
  labelNames: ['target', 'reason'] as const,
  registers: [registry],
});

export const webhookAttempts = new Counter({
  name: 'crm_webhook_attempts_total',
  help: 'Webhook delivery attempts made by this process, by outcome (delivered, retry, failed: given up)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const importRows = new Counter({
  name: 'crm_import_rows_total',
  help: 'CSV import rows by outcome (created, updated, skipped, failed) and dry run',
  labelNames: ['outcome', 'dry_run'] as const,
  registers: [registry],
});

export const importDuration = new Histogram({
  name: 'crm_import_duration_seconds',
  help: 'Duration of CSV imports (count: imports done by this process)',
  labelNames: ['dry_run'] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [registry],
});

/** One import's throughput (customer-import.service.ts). */
export function observeImport(
  report: { dryRun: boolean; created: number; updated: number; skipped: number; failed: number },
  seconds: number,
): void {
  const dryRun = String(report.dryRun);
  for (const outcome of ['created', 'updated', 'skipped', 'failed'] as const)
    importRows.inc({ outcome, dry_run: dryRun }, report[outcome]);
  importDuration.observe({ dry_run: dryRun }, seconds);
}

/** Gauges read at scrape time (database-metrics.ts); declared here so the registry is complete in one place. */
export function gauge(
  name: string,
  help: string,
  labelNames: string[],
  collect: (g: Gauge) => Promise<void> | void,
): Gauge {
  return new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      await collect(this);
    },
  });
}
