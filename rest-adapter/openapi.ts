import {
  FieldNode,
  getNullableType,
  GraphQLInputType,
  GraphQLOutputType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql';
import { SESSION_COOKIE } from '../src/http/session-cookie';
import type { CompiledRoute } from './compile';
import { EXTRA_PATHS, WEBHOOK_SECURITY_SCHEMES } from './openapi.extras';
import { IDEMPOTENCY_KEY_PARAMETER, idempotencyResponses } from './openapi.idempotency';
import { ACCEPTED_AS_JOB, ASYNC_PARAMETERS } from './openapi.jobs';

type Schema = Record<string, unknown>;

const SCALARS: Record<string, Schema> = {
  String: { type: 'string' },
  ID: { type: 'string' },
  Int: { type: 'integer', format: 'int32' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  DateTimeISO: { type: 'string', format: 'date-time' },
  JSONObject: { type: 'object' },
};

function leaf(type: GraphQLInputType | GraphQLOutputType): Schema | undefined {
  if (isScalarType(type))
    return {
      ...(SCALARS[type.name] ?? { type: 'string' }),
      ...(type.description && !SCALARS[type.name] ? { description: type.description } : {}),
    };
  if (isEnumType(type)) return { type: 'string', enum: type.getValues().map((v) => v.name) };
  return undefined;
}

/** JSON Schema of a GraphQL input type: what the body or a parameter accepts. */
function inputSchema(type: GraphQLInputType): Schema {
  const t = getNullableType(type) as GraphQLInputType;
  if (isListType(t)) return { type: 'array', items: inputSchema(t.ofType) };
  const l = leaf(t);
  if (l) return l;
  if (isInputObjectType(t)) {
    const fields = Object.values(t.getFields());
    const required = fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => f.name);
    return {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(
        fields.map((f) => [
          f.name,
          { ...inputSchema(f.type), ...(f.description ? { description: f.description } : {}) },
        ]),
      ),
      ...(required.length ? { required } : {}),
    };
  }
  return {};
}

/** A nullable GraphQL output may be JSON null (OpenAPI 3.1: a type list, and null among an enum's values). */
function orNull(schema: Schema): Schema {
  if (typeof schema.type !== 'string') return schema;
  return {
    ...schema,
    type: [schema.type, 'null'],
    ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}),
  };
}

/** JSON Schema of what a selection returns: exactly the fields the REST row selects, no others. */
function outputSchema(type: GraphQLOutputType, selection?: SelectionSetNode): Schema {
  const t = getNullableType(type) as GraphQLOutputType;
  const schema = ((): Schema => {
    if (isListType(t)) return { type: 'array', items: outputSchema(t.ofType, selection) };
    const l = leaf(t);
    if (l) return l;
    if (!isObjectType(t) || !selection) return {};
    const fields = t.getFields();
    const nodes = selection.selections.filter((s): s is FieldNode => s.kind === 'Field');
    return {
      type: 'object',
      additionalProperties: false,
      properties: Object.fromEntries(
        nodes.map((n) => [n.name.value, outputSchema(fields[n.name.value].type, n.selectionSet)]),
      ),
      required: nodes.map((n) => n.name.value),
    };
  })();
  return isNonNullType(type) ? schema : orNull(schema);
}

/**
 * operationIds must be unique (generated clients name their functions after them). Two rows may run the
 * same GraphQL field (PUT and PATCH, one list under two paths): the first keeps the field's name, the
 * next ones add the method and the path's fixed segments.
 */
function uniqueOperationId(row: CompiledRoute['row'], used: Set<string>): string {
  // A list's export (src/http/list-export-rows.ts) runs the list's field: the list keeps the field's name.
  let id = row.export ? `${row.operation}Export` : row.operation;
  if (used.has(id))
    id = `${row.operation}_${row.method.toLowerCase()}_${row.path
      .replace(/^\/api\//, '')
      .split('/')
      .filter((p) => !p.startsWith(':'))
      .join('_')
      .replace(/-/g, '_')}`;
  used.add(id);
  return id;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The success of a file row (src/http/route-row.ts, `file`): bytes of the listed types, named for a download. */
function fileResponse(file: { contentTypes: string[]; description: string }) {
  return {
    description: file.description,
    headers: {
      'Content-Disposition': {
        description: 'attachment; filename="<the file\'s name>"',
        schema: { type: 'string' },
      },
    },
    content: Object.fromEntries(file.contentTypes.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
  };
}

/** OpenAPI 3.1, generated from the same table and schema the adapter runs: it cannot drift from the routes. */
export function buildOpenApi(routes: CompiledRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const operationIds = new Set<string>();
  for (const route of routes) {
    const { row, field } = route;
    const access = route.access;
    const op = route.document.definitions[0] as OperationDefinitionNode;
    const rootNode = op.selectionSet.selections[0] as FieldNode;
    const status = String(row.status ?? 200);
    const parameters = route.args
      .filter((b) => b.source !== 'body')
      .map((b) => ({
        name: b.key,
        in: b.source,
        required: b.source === 'path' || (isNonNullType(b.arg.type) && b.arg.defaultValue === undefined),
        schema: {
          ...inputSchema(b.arg.type),
          ...(b.arg.defaultValue !== undefined ? { default: b.arg.defaultValue } : {}),
        },
        ...(b.arg.description ? { description: b.arg.description } : {}),
      }));
    const body = route.args.find((b) => b.source === 'body');
    const responses: Record<string, unknown> = {
      [status]: row.file
        ? fileResponse(row.file)
        : {
            description: 'Success',
            content: { 'application/json': { schema: outputSchema(field.type, rootNode.selectionSet) } },
          },
      '400': errorResponse('Invalid parameters or body (code VALIDATION_ERROR, with details)'),
      '429': errorResponse('Rate limit exceeded; see Retry-After'),
    };
    if (access !== 'none')
      responses['401'] = errorResponse('No, invalid or expired session (code SESSION_EXPIRED when expired)');
    else if (row.operation === 'login') responses['401'] = errorResponse('Wrong email or password');
    if (access === 'admin' || access === 'super_admin') responses['403'] = errorResponse(`Requires the ${access} role`);
    else if (access !== 'none')
      responses['403'] = errorResponse(
        'Your role or session may not do this (e.g. ending an impersonation that was not started)',
      );
    if (route.args.some((b) => b.source === 'path') || route.root === 'Mutation')
      responses['404'] = errorResponse('Not found in your organization (the path id, or an id in the body)');
    if (route.root === 'Mutation')
      responses['409'] = errorResponse(
        'Conflicts with the current state: a value taken, a final state, units not available',
      );
    if (row.export) {
      responses['202'] = ACCEPTED_AS_JOB; // asked as a job (docs/jobs.md, "Exports as jobs")
      responses['503'] = errorResponse('Waited for a free export slot past the request deadline (REQUEST_TIMEOUT)');
    }
    const post = row.method === 'POST';
    const key = row.path.replace(/:(\w+)/g, '{$1}');
    paths[key] ??= {};
    paths[key][row.method.toLowerCase()] = {
      operationId: uniqueOperationId(row, operationIds),
      tags: [row.tag],
      summary: row.summary,
      ...(field.description ? { description: field.description } : {}),
      'x-access': access,
      'x-graphql-field': `${route.root}.${row.operation}`,
      security: access === 'none' ? [] : [{ sessionCookie: [] }, { apiKey: [] }],
      parameters: post
        ? [...parameters, IDEMPOTENCY_KEY_PARAMETER]
        : row.export
          ? [...parameters, ...ASYNC_PARAMETERS]
          : parameters,
      ...(body
        ? {
            requestBody: {
              required: isNonNullType(body.arg.type),
              content: {
                'application/json': {
                  schema: inputSchema(body.arg.type),
                  ...(row.example ? { example: row.example } : {}),
                },
              },
            },
          }
        : {}),
      responses: post ? idempotencyResponses(responses) : responses,
    };
  }
  Object.assign(paths, EXTRA_PATHS);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Equipment-rental CRM API',
      version: '1.0.0',
      description:
        'REST compatibility layer. Every route runs an operation of the GraphQL schema at /graphql (see x-graphql-field). Browsable at /api/docs. ' +
        'Every POST takes an `Idempotency-Key` header: send one, and retry a 503 or a lost answer with the same key; the write is made once.',
    },
    // Relative: the paths are served by the host that serves this document (docs/deploy.md for the public URL).
    servers: [{ url: '/', description: 'The server that serves this document' }],
    paths,
    components: {
      securitySchemes: {
        ...WEBHOOK_SECURITY_SCHEMES,
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key of the organization (docs/accounts.md): `Authorization: Bearer <key>`',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'message', 'code'],
          properties: {
            error: { type: 'string', examples: ['Validation failed'] },
            message: { type: 'string' },
            code: { type: 'string', examples: ['VALIDATION_ERROR', 'SESSION_EXPIRED'] },
            details: {
              type: 'array',
              items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
            },
            requestId: {
              type: 'string',
              description:
                'The X-Request-Id of the response: quote it to support (it is on every log line of the request)',
            },
          },
        },
      },
    },
  };
}
