import { GraphQLError } from 'graphql';
import { ArgumentValidationError } from 'type-graphql';
import type { ValidationError } from 'class-validator';
import { AppError, ERROR_TABLE, ErrorCode, FieldError, isAppError } from './errors';

/** class-validator's nested errors, flattened to `{field: "a.b", message}` (first message per field). */
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): FieldError[] {
  return errors.flatMap((e) => {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const own = e.constraints ? Object.values(e.constraints).map((message) => ({ field, message })) : [];
    return [...own.slice(0, 1), ...flattenValidationErrors(e.children ?? [], field)];
  });
}

/** Codes graphql-js / Apollo give to a malformed operation: the client's fault, passed through as they are. */
const GRAPHQL_CLIENT_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/**
 * The single place where any error becomes an AppError. Returns undefined for GraphQL document errors
 * (parse/validation), which keep their own code. Anything unknown becomes a masked 500.
 */
export function toAppError(error: unknown): AppError | undefined {
  if (isAppError(error)) return error;
  const fromDb = fromDatabase(error);
  if (fromDb) return fromDb;
  if (error instanceof ArgumentValidationError) {
    const errors: unknown = error.extensions.validationErrors;
    // type-graphql wraps whatever validation threw: a validator that chokes on the text itself (isEmail on a lone
    // surrogate) hands over an Error, not a list. The input could not be checked, so it is refused.
    if (!Array.isArray(errors))
      return AppError.validation([{ field: 'input', message: 'a value could not be validated (malformed text)' }]);
    return AppError.validation(flattenValidationErrors(errors as ValidationError[]));
  }
  if (error instanceof GraphQLError) {
    const code = error.extensions?.code;
    if (typeof code === 'string' && GRAPHQL_CLIENT_CODES.has(code)) return undefined;
    if (error.originalError) {
      const inner = toAppError(error.originalError);
      if (inner && inner.code !== ErrorCode.INTERNAL_SERVER_ERROR) return inner;
    }
    if (typeof code === 'string' && code in ERROR_TABLE) return new AppError(code as ErrorCode, error.message);
    if (/^Variable "\$/.test(error.message)) return variableError(error);
    // An argument coerced at execution (`page: $page` with $page null for `page: Int! = 1`): the caller's, not a fault.
    const argument = /^Argument "([^"]+)" of (?:non-null|required) type/.exec(error.message)?.[1];
    if (argument && !error.originalError)
      return AppError.validation([{ field: argument, message: error.message }], error.message);
    if (code === 'BAD_USER_INPUT')
      return AppError.validation([{ field: 'input', message: error.message }], error.message);
    if (!error.originalError && error.nodes) return undefined; // validation against the schema
    if (error.originalError) return toAppError(error.originalError);
  }
  return new AppError(ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error');
}

/** What a client is told to wait when the database is down or restarting (Retry-After, seconds). */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/** SQLSTATEs and socket errors of a database that is down, restarting or unreachable: 503, never a 500. */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
]);

/** What the pg driver and knex say when the server went away under a statement or a transaction. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connect ECONNREFUSED|terminating connection due to administrator command|the database system is (starting up|shutting down)|not queryable|Transaction query already complete|Unable to acquire a connection/;

function databaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, name, message, cause } = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (name === 'KnexTimeoutError' || name === 'ConnectionException') return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  // A wrapper (the ORM's driver exception, a service's own error) keeps the driver's error as its cause.
  return databaseUnavailable(cause, depth + 1);
}

/** The 409 message of each unique constraint, contributed by the modules (`conflicts`) through the composition root. */
const UNIQUE_MESSAGES = new Map<string, string>();

export function describeUniqueConstraints(messages: Record<string, string>): void {
  for (const [constraint, message] of Object.entries(messages)) UNIQUE_MESSAGES.set(constraint, message);
}

/**
 * PostgreSQL rejecting the text of a value (SQLSTATE 22P02) is the caller's input, not a fault: a malformed
 * uuid names no record (404, like any unknown id); any other malformed value is a 400. A unique violation
 * (23505) is a 409 with the message of its constraint: services check uniqueness first for a precise
 * message, and a race that slips past the check lands here, never as a 500. A deadlock or a serialization failure
 * (40P01, 40001: PostgreSQL aborted this transaction for a concurrent one) is a 409 too: nothing was written, and
 * the same request may succeed when retried.
 */
function fromDatabase(error: unknown): AppError | undefined {
  if (databaseUnavailable(error)) {
    return new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'The database is not reachable; retry shortly', undefined, {
      'Retry-After': String(UNAVAILABLE_RETRY_SECONDS),
    });
  }
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  if (code === '23505')
    return AppError.conflict(
      UNIQUE_MESSAGES.get(String(constraint)) ?? 'A record with the same unique values already exists',
    );
  if (code === '40P01' || code === '40001')
    return AppError.conflict('The request conflicted with a concurrent change and was not applied; retry it');
  // query_canceled: statement_timeout (DB_STATEMENT_TIMEOUT_MS) cut a statement that ran too long.
  if (code === '57014') return new AppError(ErrorCode.REQUEST_TIMEOUT, 'The request took too long and was cancelled');
  // numeric_value_out_of_range: a number the column's type cannot hold (a rating of 5e-324 underflows `real`).
  if (code === '22003') return new AppError(ErrorCode.BAD_REQUEST, 'A number in the request is out of range');
  if (code !== '22P02') return undefined;
  const message = error instanceof Error ? error.message : '';
  if (/type uuid/.test(message)) return AppError.notFound();
  return new AppError(ErrorCode.BAD_REQUEST, 'A value in the request is not in the expected format');
}

/**
 * graphql-js prints the WHOLE invalid value into a variable's message (`got invalid value { email: ..., password:
 * "..." }; Field "x" is not defined`), so a password beside a typo would reach the response and the log. Keep only
 * where (`at "input.lines[0].itemId"`) and why (the inner error's message, which names at most the field's own value).
 */
function variableError(error: GraphQLError): AppError {
  const variable = /^Variable "\$([^"]+)"/.exec(error.message)?.[1] ?? 'input';
  const reason = error.originalError?.message;
  if (!reason || !error.message.endsWith(`; ${reason}`)) {
    // `Variable "$input" of required type "X!" was not provided.`: no value in it, unless graphql-js changes its wording.
    const message = /got invalid value/.test(error.message)
      ? `Variable "$${variable}" got an invalid value`
      : error.message;
    return AppError.validation([{ field: variable, message }], message);
  }
  const at = /at "([^"]+)"$/.exec(error.message.slice(0, -reason.length - 2))?.[1];
  const path = (at ?? variable)
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .slice(1);
  const named = /^Field "([^"]+)"/.exec(reason)?.[1];
  const field = [...path, ...(named ? [named] : [])].join('.') || variable;
  const message = `Variable "$${variable}" got an invalid value${at ? ` at "${at}"` : ''}: ${reason}`;
  return AppError.validation([{ field, message: reason }], message);
}
