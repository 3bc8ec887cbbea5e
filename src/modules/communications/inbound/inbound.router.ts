import express, { Request, RequestHandler, Response, Router } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import { TENANT_FILTER } from '../../../db/tenant-filter';
import {
  calledUrl,
  INBOUND_SIGNATURE_HEADER,
  TWILIO_SIGNATURE_HEADER,
  verifyBasicPassword,
  verifyHexSignature,
  verifyTwilioSignature,
} from '../../../http/inbound-signatures';
import { AppError, ErrorCode } from '../../../lib/errors';
import type { InboundProvider } from '../../accounts/channels/channel.types';
import type { Organization } from '../../accounts/organizations/organization.entity';
import type { RouterDeps } from '../../module';
import { InboundCall, parseGenericRecording, parseTwilioRecording } from './inbound-call';
import { InboundEmail, parseGenericEmail, parsePostmarkEmail } from './inbound-email';
import type { ChannelSettingsService } from '../../accounts/channels/channel.service';
import type { IgnoredOutcome, InboundOutcome } from './inbound-outcome';
import type { InboundService } from './inbound.service';
import { InboundSms, parseGenericSms, parseTwilioSms } from './inbound-sms';
import { InboundTranscription, parseTwilioTranscription } from './inbound-transcription';
import type { Parsed } from './payload-reader';
import { withTenantAccess } from '../../../db/access';
import { inspectJson, jsonProblemError } from '../../../lib/json-inspect';

/** The services the webhook router uses: the accounts module's channels (routing, secrets) and the flows. */
export interface InboundServices {
  channels: Pick<
    ChannelSettingsService,
    'webhookSecret' | 'organizationByInboundAddress' | 'organizationByPhoneNumber' | 'inboundEmailDomain'
  >;
  inbound: InboundService;
}

type Channel = 'email' | 'recording' | 'transcription' | 'sms';
type Params = Record<string, string | string[]>;

/** One webhook: how its body is read, parsed, routed to an organization and processed. */
interface Webhook<T> {
  format: 'json' | 'form';
  parse(body: unknown): Parsed<T>;
  organization(services: InboundServices, em: EntityManager, value: T): Promise<Organization | null>;
  /** Why a delivery for no organization is ignored. */
  unrouted: string;
  run(
    services: InboundServices,
    em: EntityManager,
    org: Organization,
    value: T,
    p: InboundProvider,
  ): Promise<InboundOutcome | IgnoredOutcome>;
}

type Parser<T> = (body: unknown) => Parsed<T>;

function email(parse: Parser<InboundEmail>): Webhook<never> {
  const hook: Webhook<InboundEmail> = {
    format: 'json',
    parse,
    organization: (s, em, e) =>
      s.channels.organizationByInboundAddress(em, [
        ...e.recipients,
        ...e.mailboxHashes.map((h) => `${h}@${s.channels.inboundEmailDomain}`),
      ]),
    unrouted: 'unknown_recipient',
    run: (s, em, org, e, p) => s.inbound.email(em, org, e, p),
  };
  return hook as unknown as Webhook<never>;
}

/** A call or a text: routed to the organization that owns the number it was sent to. */
function toNumber<T extends { to: string }>(
  format: 'json' | 'form',
  parse: Parser<T>,
  run: Webhook<T>['run'],
): Webhook<never> {
  const hook: Webhook<T> = {
    format,
    parse,
    organization: (s, em, value) => s.channels.organizationByPhoneNumber(em, value.to),
    unrouted: 'unknown_number',
    run,
  };
  return hook as unknown as Webhook<never>;
}

const recording = (format: 'json' | 'form', parse: Parser<InboundCall>) =>
  toNumber(format, parse, (s, em, org, c, p) => s.inbound.call(em, org, c, p));
const transcription = (parse: Parser<InboundTranscription>) =>
  toNumber('form', parse, (s, em, org, tr, p) => s.inbound.transcription(em, org, tr, p));
const sms = (format: 'json' | 'form', parse: Parser<InboundSms>) =>
  toNumber(format, parse, (s, em, org, m, p) => s.inbound.sms(em, org, m, p));

/** The webhooks (documented in rest-adapter/openapi.extras.ts): POST /webhooks/{provider}/{channel}; any other provider/channel pair is a 404. */
const WEBHOOKS: Record<Channel, Partial<Record<InboundProvider, Webhook<never>>>> = {
  email: { generic: email(parseGenericEmail), postmark: email(parsePostmarkEmail) },
  recording: {
    generic: recording('json', parseGenericRecording),
    twilio: recording('form', (b) => parseTwilioRecording(b as Record<string, unknown>)),
  },
  transcription: { twilio: transcription((b) => parseTwilioTranscription(b as Record<string, unknown>)) },
  sms: {
    generic: sms('json', parseGenericSms),
    twilio: sms('form', (b) => parseTwilioSms(b as Record<string, unknown>)),
  },
};

/** The providers (the accounts module's InboundProvider values; a type import keeps this module off its code). */
const PROVIDERS: readonly string[] = ['generic', 'postmark', 'twilio'] satisfies `${InboundProvider}`[];

function isProvider(p: string): p is InboundProvider {
  return PROVIDERS.includes(p);
}

/** Form parameters as Twilio signs them: every value of a repeated name, in order. */
function formParams(raw: string): Params {
  const out: Params = {};
  for (const [k, v] of new URLSearchParams(raw)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/** The body as the provider sent it: JSON (400 when malformed) or form parameters (first value of each name for parsing). */
function readBody(format: 'json' | 'form', raw: string, maxDepth: number): { payload: unknown; params: Params } {
  if (raw.includes('\u0000')) throw new AppError(ErrorCode.BAD_REQUEST, 'The body contains a NUL character');
  if (format === 'form') {
    const params = formParams(raw);
    if (Object.keys(params).some((k) => k.includes('\u0000')) || /%00/.test(raw))
      throw new AppError(ErrorCode.BAD_REQUEST, 'The body contains a NUL character');
    const first = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
    return { payload: first, params };
  }
  try {
    const payload: unknown = JSON.parse(raw);
    const problem = inspectJson(payload, maxDepth); // a NUL escaped as \u0000, or nesting past JSON_MAX_DEPTH
    if (problem) throw jsonProblemError(problem, maxDepth);
    return { payload, params: {} };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError(ErrorCode.BAD_REQUEST, 'Malformed JSON in request body');
  }
}

const refused = (message: string) => new AppError(ErrorCode.INVALID_SIGNATURE, message);

/**
 * The provider's signature, checked with the secret of the organization the delivery is for (else the
 * deployment's). No secret at all: accepted unless unsigned calls are refused (NODE_ENV=production without
 * INBOUND_ALLOW_UNSIGNED). docs/communications.md, "Authentication".
 */
function authenticate(
  req: Request,
  provider: InboundProvider,
  secret: string | undefined,
  raw: string,
  params: Params,
  options: { allowUnsigned: boolean; publicBaseUrl?: string },
): void {
  if (secret === undefined) {
    if (options.allowUnsigned) return;
    throw refused(`No ${provider} webhook secret is configured and unsigned webhooks are refused`);
  }
  const ok =
    provider === 'twilio'
      ? verifyTwilioSignature(secret, calledUrl(req, options.publicBaseUrl), params, req.get(TWILIO_SIGNATURE_HEADER))
      : verifyHexSignature(raw, secret, req.get(INBOUND_SIGNATURE_HEADER)) ||
        (provider === 'postmark' && verifyBasicPassword(secret, req.get('authorization')));
  if (!ok)
    throw refused(
      provider === 'twilio'
        ? 'Missing or invalid X-Twilio-Signature'
        : provider === 'postmark'
          ? 'Missing or invalid X-Webhook-Signature or basic credentials'
          : 'Missing or invalid X-Webhook-Signature',
    );
}

/**
 * Twilio reads the answers of its messaging webhook and of the <Record>/<Dial> action URL as TwiML, the next
 * instructions of the conversation: an empty <Response/> sends no reply SMS and ends the call (JSON there would be
 * Twilio's error 12300 and "an application error has occurred" to a caller still on the line). Its
 * transcribeCallback's answer is not read: it gets the JSON outcome like the other webhooks.
 */
const TWIML_CHANNELS: readonly Channel[] = ['sms', 'recording'];
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

function answer(res: Response, provider: InboundProvider, channel: Channel, body: Record<string, unknown>): void {
  if (provider === 'twilio' && TWIML_CHANNELS.includes(channel)) {
    res.status(200).type('text/xml').send(EMPTY_TWIML);
    return;
  }
  res.status(200).json(body);
}

const handler =
  (deps: RouterDeps<InboundServices>): RequestHandler =>
  async (req, res, next) => {
    try {
      const provider = String(req.params.provider);
      const channel = String(req.params.channel) as Channel;
      const hook = isProvider(provider) ? WEBHOOKS[channel]?.[provider] : undefined;
      if (!isProvider(provider) || !hook)
        throw new AppError(ErrorCode.NOT_FOUND, `No webhook POST /webhooks/${provider}/${channel}`);
      const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
      const { payload, params } = readBody(hook.format, raw, deps.config.jsonMaxDepth);
      const parsed = hook.parse(payload);
      if (!parsed.ok) throw AppError.validation(parsed.details, 'The webhook payload is not valid');

      const org = await hook.organization(deps.services, deps.orm.em.fork(), parsed.value);
      if (!org) {
        authenticate(req, provider, deps.config.inbound.secrets[provider], raw, params, deps.config.inbound);
        return answer(res, provider, channel, { status: 'ignored', reason: hook.unrouted });
      }
      // From here on the organization is known: the ORM filter and row-level security both hold to it.
      const scoped = deps.orm.em.fork();
      scoped.setFilterParams(TENANT_FILTER, { organizationId: org.id });
      const outcome = await withTenantAccess(org.id, async () => {
        const secret = await deps.services.channels.webhookSecret(scoped, org.id, provider);
        authenticate(req, provider, secret, raw, params, deps.config.inbound);
        return hook.run(deps.services, scoped, org, parsed.value, provider);
      });
      answer(res, provider, channel, { ...outcome });
    } catch (e) {
      next(e);
    }
  };

/**
 * POST /webhooks/{provider}/{email|recording|transcription|sms} (docs/communications.md): mounted before the JSON parser, it
 * reads the raw body itself (the signatures are over the exact bytes), under the webhook rate limit.
 */
export function inboundWebhooksRouter(deps: RouterDeps<InboundServices>): Router {
  const router = Router();
  router.post(
    '/:provider/:channel',
    deps.limiter.middleware(() => 'webhook'),
    express.raw({ type: () => true, limit: deps.config.bodyLimit }),
    handler(deps),
  );
  return router;
}
