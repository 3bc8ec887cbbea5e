import { guardedFetch, OutboundError } from '../../events/guarded-fetch';
import type { HostResolver } from '../../events/url-guard';
import { deliveryHeaders } from '../../events/webhook-signature';
import { clock } from '../../lib/clock';
import type { CredentialCipher } from '../../lib/credential-cipher';
import { type ActionContext, ActionError } from './action-context';
import type { CallWebhookAction } from './definition';
import type { RunStep } from './workflow-run.entity';

/** How call_webhook reaches out: the webhooks' SSRF guard and timeout, and the cipher of the workflow's secret. */
export interface WebhookCaller {
  cipher: Pick<CredentialCipher, 'decrypt'>;
  allowPrivate: boolean;
  timeoutMs: number;
  resolve?: HostResolver;
}

/**
 * POSTs `{id, workflowId, runId, event, data}` (the trigger's record as the run sees it) to the action's URL, signed
 * like the outbox's webhooks (webhook-signature.ts, the workflow's secret) and through their guard (guarded-fetch.ts:
 * every address checked at connection time, no redirects). A 2xx is done; anything else fails the action, so the
 * run is retried with its backoff. The message id is the same on every attempt (the run and the action's path), for
 * the receiver to drop a repeat: a retry after a later action failed posts again.
 */
export async function callWebhook(
  a: CallWebhookAction,
  ctx: ActionContext & { path: string },
  caller: WebhookCaller,
  index: number,
): Promise<RunStep> {
  const id = `${ctx.runId}:${ctx.path}`;
  const input = { url: a.url, id };
  if (ctx.dryRun) return { index, type: a.type, input, outcome: 'planned' };
  const rows: { secret: string | null }[] = await ctx.tx.execute(
    'select webhook_secret as secret from workflows where id = ?',
    [ctx.workflowId],
  );
  const stored = rows[0]?.secret;
  if (!stored) throw new ActionError('the workflow has no webhook secret (webhookSecret)');
  const body = JSON.stringify({ id, workflowId: ctx.workflowId, runId: ctx.runId, event: ctx.event, data: ctx.data });
  const headers = deliveryHeaders(id, ctx.event, body, { secret: caller.cipher.decrypt(stored) }, clock.now());
  let status: number;
  try {
    const res = await guardedFetch(a.url, {
      method: 'POST',
      headers,
      body,
      timeoutMs: caller.timeoutMs,
      maxBytes: 64 * 1024,
      allowPrivate: caller.allowPrivate,
      resolve: caller.resolve,
    });
    status = res.status;
  } catch (err) {
    throw new ActionError(`webhook ${a.url}: ${err instanceof OutboundError ? err.message : String(err)}`);
  }
  if (status < 200 || status >= 300) throw new ActionError(`webhook ${a.url} answered HTTP ${status}`);
  return { index, type: a.type, input, outcome: 'done', output: { status } };
}
