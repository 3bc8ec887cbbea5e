import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { WebhookConfig } from '../config';
import { CredentialCipher } from '../lib/credential-cipher';
import { clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { webhookAttempts } from '../observability/metrics';
import {
  AttemptRecord,
  claimDue,
  ClaimedDelivery,
  disableSubscription,
  fanOut,
  recordAttempt,
  recordSubscriptionOutcome,
} from './delivery-queue';
import { serializeEnvelope } from './event-kinds';
import { nextAttemptAt, retryAfterMs, verdictOf } from './retry-policy';
import { postWebhook, SendResult } from './webhook-sender';
import { HostResolver, systemResolver } from './url-guard';
import { deliveryHeaders } from './webhook-signature';

export interface RunStats {
  fannedOut: number;
  claimed: number;
  delivered: number;
}

const FAN_OUT_BATCH = 500;
/** A subscription is disabled after failing for disableAfterHours AND at least this many attempts in a row. */
const MIN_FAILURES_TO_DISABLE = 5;

/**
 * The outbound webhook worker (docs/events.md). Stateless: everything is in PostgreSQL, so any number
 * of instances (inside API servers or `npm run worker`) share the queue. `runOnce()` does one round
 * (fan out, claim, send, record) and is what tests drive; `start()`/`stop()` loop it.
 */
export class WebhookWorker {
  readonly id = randomUUID();
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;

  constructor(
    private readonly orm: MikroORM,
    private readonly config: WebhookConfig,
    private readonly log: Logger,
    /** Opens the subscription secrets, sealed at rest with the server secret. */
    private readonly cipher: CredentialCipher,
    /** Resolves target hosts at every connection; each answer is checked again (DNS rebinding). */
    private readonly resolve: HostResolver = systemResolver,
  ) {}

  private get leaseMs(): number {
    return this.config.timeoutMs + 60_000;
  }

  private em(): EntityManager {
    return this.orm.em.fork({ clear: true }) as EntityManager;
  }

  async runOnce(now: Date = clock.now()): Promise<RunStats> {
    const fannedOut = await this.em().transactional((em) => fanOut(em, now, FAN_OUT_BATCH));
    const claimed = await this.em().transactional((em) =>
      claimDue(em, {
        now,
        batchSize: this.config.batchSize,
        leaseMs: this.leaseMs,
        ratePerMinute: this.config.ratePerMinute,
      }),
    );
    const outcomes = await Promise.all(claimed.map((d) => this.deliver(d)));
    return { fannedOut, claimed: claimed.length, delivered: outcomes.filter(Boolean).length };
  }

  private async deliver(d: ClaimedDelivery): Promise<boolean> {
    let result: SendResult;
    try {
      const body = serializeEnvelope(d.payload);
      const keys = {
        secret: this.cipher.decrypt(d.secret),
        previousSecret: d.previousSecret ? this.cipher.decrypt(d.previousSecret) : null,
      };
      const headers = deliveryHeaders(d.eventId, d.kind, body, keys, clock.now());
      result = await postWebhook(d.url, body, headers, {
        timeoutMs: this.config.timeoutMs,
        allowPrivate: this.config.allowPrivateUrls,
        resolve: this.resolve,
      });
    } catch (err) {
      result = { error: `could not send: ${err instanceof Error ? err.message : String(err)}`, latencyMs: 0 };
    }
    const at = clock.now();
    const record = this.outcome(d, result, at);
    webhookAttempts.inc({ outcome: record.status === 'pending' ? 'retry' : record.status });
    try {
      await this.em().transactional(async (em) => {
        await recordAttempt(em, d, record);
        const run = await recordSubscriptionOutcome(em, d.subscriptionId, record.success, at);
        const reason = this.disableReason(result, run, at);
        if (reason) {
          await disableSubscription(em, d.subscriptionId, reason, at);
          this.log.warn(
            { subscriptionId: d.subscriptionId, organizationId: d.organizationId, reason },
            'webhook subscription disabled',
          );
        }
      });
    } catch (err) {
      // The lease expires and another round retries: nothing is lost, at worst sent twice (same webhook-id).
      this.log.error({ err, deliveryId: d.id }, 'recording a webhook attempt failed');
    }
    return record.success;
  }

  private outcome(d: ClaimedDelivery, r: SendResult, at: Date): AttemptRecord {
    const base = { at, statusCode: r.statusCode, latencyMs: r.latencyMs, error: r.error };
    const verdict = verdictOf(r.statusCode);
    if (verdict === 'delivered') return { ...base, success: true, status: 'delivered' };
    if (verdict !== 'retry') return { ...base, success: false, status: 'failed' };
    const next = nextAttemptAt(at, d.attempts + 1, retryAfterMs(r.retryAfter, at));
    if (next.getTime() - d.retryStartedAt.getTime() > this.config.retryWindowHours * 3600_000) {
      return {
        ...base,
        success: false,
        status: 'failed',
        error: `gave up after ${d.attempts + 1} attempts in ${this.config.retryWindowHours} h: ${r.error ?? 'error'}`,
      };
    }
    return { ...base, success: false, status: 'pending', nextAttemptAt: next };
  }

  private disableReason(
    r: SendResult,
    run: { failingSince: Date | null; consecutiveFailures: number },
    at: Date,
  ): string | undefined {
    if (r.statusCode === 410) return `The receiver answered 410 Gone at ${at.toISOString()}`;
    const since = run.failingSince;
    if (!since || run.consecutiveFailures < MIN_FAILURES_TO_DISABLE) return undefined;
    if (at.getTime() - since.getTime() < this.config.disableAfterHours * 3600_000) return undefined;
    return `Every delivery failed since ${since.toISOString()} (${run.consecutiveFailures} attempts); last error: ${r.error ?? 'unknown'}`;
  }

  /** Loops runOnce: straight on while there is work, else waits pollMs. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        let busy = false;
        try {
          const s = await this.runOnce();
          busy = s.claimed >= this.config.batchSize || s.fannedOut >= FAN_OUT_BATCH;
        } catch (err) {
          this.log.error({ err }, 'webhook worker round failed');
        }
        if (!busy && this.running)
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, this.config.pollMs);
            this.wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
      }
    })();
  }

  /** Finishes the round in progress (its attempts are recorded) and stops. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
  }
}
