/**
 * The two routes served beside the table, described by hand: POST /plants (its errors are the spec's
 * SampleError, not the error body) and the multipart customer import (it streams its upload).
 */
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
    ],
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', format: 'binary' }, dryRun: { type: 'boolean' } },
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

export const EXTRA_PATHS: Record<string, Record<string, unknown>> = {
  '/plants': SAMPLE_PLANTS,
  '/api/customers/import': CUSTOMER_IMPORT,
};
