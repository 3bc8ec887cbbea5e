/**
 * The OpenAPI of requests run as background jobs (docs/jobs.md): the `async` parameter and `Prefer` header that ask
 * for one, the 202 that answers the job, and the result file of a job (GET /api/jobs/{id}/result).
 */
const int = { type: 'integer' };
const nullable = (type: string, extra: Record<string, unknown> = {}) => ({ type: [type, 'null'], ...extra });

/** A background job, as the 202 of a request made a job answers it (the same body as GET /api/jobs/{id}). */
export const JOB = {
  type: 'object',
  required: ['id', 'kind', 'status', 'rowsRead', 'rowsDecided', 'rowsWritten', 'createdAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    kind: { type: 'string', examples: ['customer_import', 'list_export'] },
    status: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'] },
    rowsRead: int,
    rowsDecided: int,
    rowsWritten: int,
    totalRows: nullable('integer'),
    report: nullable('object', { description: 'When succeeded: the report the synchronous form answers' }),
    error: nullable('object', { description: 'When failed: { code, message, details }' }),
    attempts: int,
    createdById: nullable('string'),
    startedAt: nullable('string', { format: 'date-time' }),
    finishedAt: nullable('string', { format: 'date-time' }),
    organizationId: { type: 'string', format: 'uuid' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};

/** What asks for a request to run as a job: the CSV import and every list export take them. */
export const ASYNC_PARAMETERS = [
  {
    name: 'async',
    in: 'query',
    required: false,
    schema: { type: 'boolean', default: false },
    description: 'Run it as a background job: 202 and the job (docs/jobs.md); the same as `Prefer: respond-async`',
  },
  {
    name: 'Prefer',
    in: 'header',
    required: false,
    schema: { type: 'string', examples: ['respond-async'] },
    description: '`respond-async`: run it as a background job (answered with `Preference-Applied: respond-async`)',
  },
];

export const ACCEPTED_AS_JOB = {
  description:
    'Accepted as a background job (async): poll the Location (GET /api/jobs/{id}) for its counters and report',
  headers: {
    Location: { description: '/api/jobs/{id}', schema: { type: 'string' } },
    'Preference-Applied': { description: 'respond-async, when asked for', schema: { type: 'string' } },
  },
  content: { 'application/json': { schema: JOB } },
};

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** GET /api/jobs/{id}/result: served beside the table (src/modules/jobs/job-result.route.ts), it answers bytes. */
export const JOB_RESULT = {
  get: {
    operationId: 'jobResult',
    tags: ['Jobs'],
    summary: "The result file of a succeeded job (an export's CSV), kept EXPORT_RESULT_HOURS after the job finished",
    'x-access': 'session',
    security: [{ sessionCookie: [] }, { apiKey: [] }],
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
    responses: {
      '200': {
        description: 'The file, as the synchronous form would have answered it (an export: its CSV)',
        headers: {
          'Content-Disposition': {
            description: 'attachment; filename="<the file\'s name>"',
            schema: { type: 'string' },
          },
        },
        content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } },
      },
      '401': error('No session'),
      '404': error(
        "Not found: another organization's job, another member's job (to a member), a job without a result file, or a result past its retention",
      ),
      '409': error('The job has not succeeded (yet): queued, running, failed or cancelled'),
      '429': error('Rate limit exceeded; see Retry-After'),
    },
  },
};
