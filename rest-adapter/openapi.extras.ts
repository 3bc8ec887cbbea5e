/**
 * The routes served beside the table, described by hand (the provider webhooks and the voice-memo upload too): POST /plants (its errors are the spec's
 * SampleError, not the error body) and the multipart customer import (it streams its upload).
 */
import { withIdempotencyKey } from './openapi.idempotency';
import { BATCH_PATH_ITEM } from './openapi.batch';
import { ACCEPTED_AS_JOB, ASYNC_PARAMETERS, JOB_RESULT } from './openapi.jobs';

const SAMPLE_ERROR = {
  type: 'object',
  required: ['error', 'message'],
  properties: { error: { type: 'integer', format: 'int32' }, message: { type: 'string' } },
};

/** The spec's sample endpoint is outside the table (its errors are SampleError, not the error body): described by hand. */
const SAMPLE_PLANTS = {
  post: {
    operationId: 'createPlant',
    tags: ['Sample'],
    summary: 'Create a plant (sample endpoint, interface version 1.0.0)',
    'x-access': 'api key',
    security: [{ apiKey: [] }],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['id', 'name'],
            properties: { id: { type: 'integer', format: 'int64' }, name: { type: 'string' }, tag: { type: 'string' } },
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'Plant',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['name'],
              properties: { name: { type: 'string' }, tag: { type: 'string' } },
            },
          },
        },
      },
      '400': { description: 'SampleError', content: { 'application/json': { schema: SAMPLE_ERROR } } },
      '401': {
        description: 'SampleError: no or invalid bearer key',
        content: { 'application/json': { schema: SAMPLE_ERROR } },
      },
    },
  },
};

/** The multipart CSV import streams its upload, so it is served beside the table and described here (docs/crm.md). */
const CUSTOMER_IMPORT = {
  post: {
    operationId: 'importCustomers',
    tags: ['Customers'],
    summary: 'Import customers from a CSV file (multipart part `file`)',
    'x-access': 'session',
    security: [{ sessionCookie: [] }, { apiKey: [] }],
    parameters: [
      {
        name: 'dryRun',
        in: 'query',
        required: false,
        schema: { type: 'boolean', default: false },
        description: 'Report without writing',
      },
      ...ASYNC_PARAMETERS,
    ],
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: {
              file: { type: 'string', format: 'binary' },
              dryRun: { type: 'boolean' },
              async: { type: 'boolean' },
            },
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'Import report',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                dryRun: { type: 'boolean' },
                totalRows: { type: 'integer' },
                created: { type: 'integer' },
                updated: { type: 'integer' },
                skipped: { type: 'integer' },
                failed: { type: 'integer' },
                errors: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { row: { type: 'integer' }, field: { type: 'string' }, message: { type: 'string' } },
                  },
                },
                columns: { type: 'object' },
                ignoredColumns: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
      '202': ACCEPTED_AS_JOB,
      '400': {
        description: 'No file, not text, no usable header, malformed CSV',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
      '401': {
        description: 'No session',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
      '413': {
        description: 'Over IMPORT_MAX_BYTES or IMPORT_MAX_ROWS',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  },
};

const ERROR = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const str = { type: 'string' };
const addresses = { type: 'array', items: str };

/** The generic JSON shapes of the provider webhooks (docs/communications.md, "Provider webhooks"). */
const GENERIC_BODIES: Record<string, Record<string, unknown>> = {
  email: {
    type: 'object',
    required: ['messageId', 'from', 'to'],
    properties: {
      messageId: str,
      from: { type: 'object', required: ['address'], properties: { address: str, name: str } },
      to: addresses,
      cc: addresses,
      subject: str,
      text: str,
      html: str,
      receivedAt: { type: 'string', format: 'date-time' },
      attachments: {
        type: 'array',
        items: { type: 'object', properties: { filename: str, contentType: str, size: { type: 'integer' } } },
      },
    },
  },
  recording: {
    type: 'object',
    required: ['callId', 'from', 'to'],
    properties: {
      callId: str,
      recordingId: str,
      from: str,
      to: str,
      recordingUrl: str,
      durationSeconds: { type: 'integer' },
      transcript: str,
      occurredAt: { type: 'string', format: 'date-time' },
    },
  },
  sms: {
    type: 'object',
    required: ['messageId', 'from', 'to'],
    properties: {
      messageId: str,
      from: str,
      to: str,
      body: str,
      receivedAt: { type: 'string', format: 'date-time' },
      media: { type: 'array', items: { type: 'object', properties: { url: str, contentType: str } } },
    },
  },
};

type Provider = 'generic' | 'postmark' | 'twilio';
type Channel = 'email' | 'recording' | 'transcription' | 'sms';

/** How each provider signs its calls (docs/communications.md, "Authentication"): the securitySchemes below. */
const WEBHOOK_SECURITY: Record<Provider, Record<string, string[]>[]> = {
  generic: [{ webhookSignature: [] }],
  postmark: [{ postmarkBasic: [] }, { webhookSignature: [] }],
  twilio: [{ twilioSignature: [] }],
};

export const WEBHOOK_SECURITY_SCHEMES = {
  webhookSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Webhook-Signature',
    description:
      'Lowercase hex HMAC-SHA256 of the raw body, keyed with the provider secret (a `sha256=` prefix is accepted)',
  },
  postmarkBasic: {
    type: 'http',
    scheme: 'basic',
    description:
      "Postmark's webhook URL credentials: any user name, the organization's Postmark webhook secret as password",
  },
  twilioSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Twilio-Signature',
    description:
      "Twilio's base64 HMAC-SHA1, keyed with the account auth token, of the public URL followed by the sorted POST parameters",
  },
};

const OUTCOME = {
  type: 'object',
  required: ['status'],
  properties: {
    status: { enum: ['processed', 'duplicate', 'ignored'] },
    activityId: str,
    contactId: str,
    contactCreated: { type: 'boolean' },
    voiceMemoId: str,
    reason: str,
  },
};

/** Twilio reads these answers as TwiML, the call's or conversation's next instructions: an empty <Response/>. */
const TWIML_ANSWER = {
  description:
    'Empty TwiML (no reply SMS; the call goes on with no further instructions): processed, duplicate or ignored alike',
  content: {
    'text/xml': {
      schema: { type: 'string' },
      example: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
    },
  },
};

/** One provider webhook, served beside the table (it reads its raw body: signatures are over the exact bytes). */
function webhook(provider: Provider, channel: Channel) {
  const contentType = provider === 'twilio' ? 'application/x-www-form-urlencoded' : 'application/json';
  const schema = provider === 'generic' ? GENERIC_BODIES[channel] : { type: 'object', additionalProperties: true };
  const twiml = provider === 'twilio' && (channel === 'sms' || channel === 'recording');
  return {
    post: {
      operationId: `${provider}${channel[0].toUpperCase()}${channel.slice(1)}Webhook`,
      tags: ['Provider webhooks'],
      summary:
        channel === 'transcription'
          ? "A call recording's transcript from Twilio (transcribeCallback), after its recording callback; idempotent on the call"
          : `Inbound ${channel} from ${provider === 'generic' ? 'any provider (the generic JSON shape)' : provider}; idempotent on the provider's id`,
      description:
        "Without a secret for the provider (the organization's or the deployment's), unsigned calls are accepted outside production.",
      'x-access': 'provider signature',
      security: WEBHOOK_SECURITY[provider],
      requestBody: { required: true, content: { [contentType]: { schema } } },
      responses: {
        '200': twiml
          ? TWIML_ANSWER
          : {
              description: 'processed, duplicate (a retry), or ignored (no organization has this address or number)',
              content: { 'application/json': { schema: OUTCOME } },
            },
        '400': ERROR('The payload is not valid: details name the fields'),
        '401': ERROR('INVALID_SIGNATURE: a secret is configured and the signature is missing or wrong'),
        '404': ERROR('No such provider or channel'),
        '413': ERROR('Body over the limit'),
        '429': ERROR('Over the webhook rate limit (1000/min)'),
      },
    },
  };
}

/** An audio voice memo (multipart), served beside the table like the CSV import. */
const VOICE_MEMO_UPLOAD = {
  post: {
    operationId: 'uploadVoiceMemo',
    tags: ['Voice memos'],
    summary:
      'An audio memo (multipart part `audio`, audio/*, 25 MB at most), kept and transcribed when the AI provider can',
    'x-access': 'session',
    security: [{ sessionCookie: [] }, { apiKey: [] }],
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['audio'],
            properties: {
              audio: { type: 'string', format: 'binary' },
              title: str,
              transcript: str,
              recordedAt: { type: 'string', format: 'date-time' },
              durationSeconds: { type: 'integer' },
              contactId: { type: 'string', format: 'uuid' },
              opportunityId: { type: 'string', format: 'uuid' },
            },
          },
        },
      },
    },
    responses: {
      '201': {
        description: 'The memo (status pending, transcribed or failed)',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['id', 'status'],
              properties: { id: str, status: { enum: ['pending', 'transcribed', 'failed'] } },
              description: 'The fields of GET /api/voice-memos/{id}',
            },
          },
        },
      },
      '400': ERROR('No audio part, not audio, or a field is not valid'),
      '401': ERROR('No session'),
      '404': ERROR('contactId or opportunityId not found in your organization'),
      '413': ERROR('Audio over 25 MB'),
      '415': ERROR('Not multipart/form-data'),
    },
  },
};

/**
 * The customer's acceptance of a stored quote (docs/rental.md, "The customer's acceptance link"): public, the signed
 * token is the credential. GET of the same path is the printable HTML page with the form (a browser page, like
 * /api/docs, so not an operation here); a form post answers HTML, JSON answers as below.
 */
const QUOTE_ACCEPTANCE = {
  post: {
    operationId: 'acceptRentalQuote',
    tags: ['Rental quotes'],
    summary:
      'Accept a quote version through its signed link (typed name, consent): books the reservation in the same transaction',
    description:
      'Records the name, consent, client address, user agent, time and the version’s content hash; emits quote.accepted. Also takes the page’s form (application/x-www-form-urlencoded, consent=yes) and answers it with an HTML page.',
    'x-access': 'public (signed link)',
    security: [],
    parameters: [
      {
        name: 'token',
        in: 'path',
        required: true,
        schema: { type: 'string', maxLength: 300 },
        description: 'The token of POST /api/rental-quotes/{id}/link',
      },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['name', 'consent'],
            properties: { name: { type: 'string', maxLength: 200 }, consent: { type: 'boolean', const: true } },
          },
          example: { name: 'Dana Builder', consent: true },
        },
      },
    },
    responses: {
      '200': {
        description: 'Accepted and reserved',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['id', 'status', 'transactionId', 'acceptance'],
              properties: {
                id: str,
                status: { enum: ['accepted'] },
                transactionId: str,
                acceptance: { type: 'object', description: 'As `acceptance` of GET /api/rental-quotes/{id}' },
              },
            },
          },
        },
      },
      '400': ERROR('No name, or the consent is not true'),
      '404': ERROR('The link is not valid (changed, or signed under another secret)'),
      '409': ERROR(
        'A newer version exists, the quote expired or is closed, or the units are no longer available (the message names them)',
      ),
      '429': ERROR('Over the write budget of the client address'),
    },
  },
};

export const EXTRA_PATHS: Record<string, Record<string, unknown>> = {
  '/plants': SAMPLE_PLANTS,
  '/api/customers/import': withIdempotencyKey(CUSTOMER_IMPORT),
  '/api/voice-memos/upload': withIdempotencyKey(VOICE_MEMO_UPLOAD),
  '/api/batch': BATCH_PATH_ITEM,
  '/api/jobs/{id}/result': JOB_RESULT,
  '/webhooks/generic/email': webhook('generic', 'email'),
  '/webhooks/postmark/email': webhook('postmark', 'email'),
  '/webhooks/generic/recording': webhook('generic', 'recording'),
  '/webhooks/twilio/recording': webhook('twilio', 'recording'),
  '/webhooks/twilio/transcription': webhook('twilio', 'transcription'),
  '/webhooks/generic/sms': webhook('generic', 'sms'),
  '/webhooks/twilio/sms': webhook('twilio', 'sms'),
  '/quote-acceptance/{token}': QUOTE_ACCEPTANCE,
};
