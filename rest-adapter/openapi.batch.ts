/** POST /api/batch in the OpenAPI document (docs/bulk.md, "Batch"; rest-adapter/batch.ts). */
import { BATCH_MAX } from './batch-parse';
import { error as ERROR, withIdempotencyKey } from './openapi.idempotency';

const OPERATION = {
  type: 'object',
  required: ['method', 'path'],
  additionalProperties: false,
  properties: {
    method: { type: 'string', enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
    path: {
      type: 'string',
      description: 'A path of this API, e.g. /api/contacts/{{0.id}}: `{{N.field}}` is a field of operation N’s result',
    },
    query: { type: 'object', additionalProperties: { type: 'string' }, description: 'Query-string parameters' },
    body: { type: 'object', description: 'The JSON body, as the path takes it; string values may hold `{{N.field}}`' },
  },
};

export const BATCH_PATH_ITEM = withIdempotencyKey({
  post: {
    operationId: 'batch',
    tags: ['Batch'],
    summary: `Up to ${BATCH_MAX} REST operations in one transaction, all or nothing; a later one may use an earlier result ({{N.field}}); priced as the sum of its operations`,
    'x-access': 'session',
    security: [{ sessionCookie: [] }, { apiKey: [] }],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['operations'],
            additionalProperties: false,
            properties: { operations: { type: 'array', minItems: 1, maxItems: BATCH_MAX, items: OPERATION } },
          },
          example: {
            operations: [
              { method: 'POST', path: '/api/companies', body: { name: 'Rivera Builders' } },
              { method: 'POST', path: '/api/contacts', body: { name: 'Sam Rivera', companyId: '{{0.id}}' } },
            ],
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'Every operation ran and committed: its status and body, in order',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['results'],
              properties: {
                results: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['status', 'body'],
                    properties: { status: { type: 'integer' }, body: {} },
                  },
                },
              },
            },
          },
        },
      },
      '400': ERROR(
        'The batch is not valid, or an operation was refused (details[0].field names it); nothing was written',
      ),
      '401': ERROR('No session'),
      '403': ERROR('An operation needs a role you do not have; nothing was written'),
      '404': ERROR('An operation names no route, or a record not found in your organization; nothing was written'),
      '409': ERROR('An operation conflicted; nothing was written'),
      '429': ERROR('Over the write budget (the batch counts as the sum of its operations)'),
    },
  },
});
