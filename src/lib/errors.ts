/**
 * The one error model. Services throw AppError; the GraphQL formatter and the REST adapter
 * map it to their transport in exactly one place each (src/graphql/format-error.ts,
 * src/http/error-response.ts).
 */
export enum ErrorCode {
  BAD_REQUEST = 'BAD_REQUEST',
  VALIDATION_ERROR = 'VALIDATION_ERROR',
  UNAUTHENTICATED = 'UNAUTHENTICATED',
  SESSION_EXPIRED = 'SESSION_EXPIRED',
  /** An inbound provider webhook whose signature is missing or wrong (docs/communications.md). */
  INVALID_SIGNATURE = 'INVALID_SIGNATURE',
  FORBIDDEN = 'FORBIDDEN',
  /** Refused because a super admin is impersonating: the organization's own admins do it (docs/accounts.md). */
  IMPERSONATION_FORBIDDEN = 'IMPERSONATION_FORBIDDEN',
  NOT_FOUND = 'NOT_FOUND',
  CONFLICT = 'CONFLICT',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE = 'UNSUPPORTED_MEDIA_TYPE',
  /** A body whose Content-Encoding (gzip, deflate, br) does not decode: not compressed data, or cut short. */
  INVALID_CONTENT_ENCODING = 'INVALID_CONTENT_ENCODING',
  /** JSON (a body, GraphQL variables) nested deeper than JSON_MAX_DEPTH. */
  JSON_TOO_DEEP = 'JSON_TOO_DEEP',
  RATE_LIMITED = 'RATE_LIMITED',
  QUERY_TOO_LARGE = 'QUERY_TOO_LARGE',
  QUERY_TOO_DEEP = 'QUERY_TOO_DEEP',
  QUERY_TOO_BROAD = 'QUERY_TOO_BROAD',
  QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX',
  /** A persisted query's sha256Hash is not the hash of the query text sent with it. */
  PERSISTED_QUERY_HASH_MISMATCH = 'PERSISTED_QUERY_HASH_MISMATCH',
  /** A GraphQL operation type the server does not serve over HTTP (subscription). */
  OPERATION_NOT_SUPPORTED = 'OPERATION_NOT_SUPPORTED',
  /** The answer would be larger than RESPONSE_LIMIT: ask for fewer fields or a smaller page. */
  RESPONSE_TOO_LARGE = 'RESPONSE_TOO_LARGE',
  /** An Idempotency-Key already used by this caller with another request (method, path or body): 422. */
  IDEMPOTENCY_KEY_REUSED = 'IDEMPOTENCY_KEY_REUSED',
  /** An Idempotency-Key whose first request is still running: 409, retry it after a moment. */
  IDEMPOTENCY_KEY_IN_USE = 'IDEMPOTENCY_KEY_IN_USE',
  /** An operation that needs a provider credential the organization has not stored (docs/crm.md). */
  INTEGRATION_NOT_CONFIGURED = 'INTEGRATION_NOT_CONFIGURED',
  /** An order that would take the customer past its credit limit (docs/rental.md, "Credit"): 409 with the figures. */
  CREDIT_LIMIT_EXCEEDED = 'CREDIT_LIMIT_EXCEEDED',
  /** An order for a customer whose account is on hold (docs/rental.md, "Credit"): 409. */
  ACCOUNT_ON_HOLD = 'ACCOUNT_ON_HOLD',
  /** The organization's daily budget of provider calls (ENRICHMENT_DAILY_CALLS) is spent. */
  PROVIDER_BUDGET_EXHAUSTED = 'PROVIDER_BUDGET_EXHAUSTED',
  /** A third-party provider refused or failed the call (after its retries). */
  PROVIDER_ERROR = 'PROVIDER_ERROR',
  REQUEST_TIMEOUT = 'REQUEST_TIMEOUT',
  INTERNAL_SERVER_ERROR = 'INTERNAL_SERVER_ERROR',
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
}

/** HTTP status and the short `error` name of the REST body, per code. */
export const ERROR_TABLE: Record<ErrorCode, { status: number; error: string }> = {
  BAD_REQUEST: { status: 400, error: 'Bad Request' },
  VALIDATION_ERROR: { status: 400, error: 'Validation failed' },
  UNAUTHENTICATED: { status: 401, error: 'Unauthorized' },
  SESSION_EXPIRED: { status: 401, error: 'Unauthorized' },
  INVALID_SIGNATURE: { status: 401, error: 'Unauthorized' },
  FORBIDDEN: { status: 403, error: 'Forbidden' },
  IMPERSONATION_FORBIDDEN: { status: 403, error: 'Forbidden' },
  NOT_FOUND: { status: 404, error: 'Not Found' },
  CONFLICT: { status: 409, error: 'Conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, error: 'Payload Too Large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: 'Unsupported Media Type' },
  INVALID_CONTENT_ENCODING: { status: 400, error: 'Bad Request' },
  JSON_TOO_DEEP: { status: 400, error: 'JSON too deep' },
  RATE_LIMITED: { status: 429, error: 'Too Many Requests' },
  // Query limits (graphql/query-limits.ts): refused before anything runs.
  QUERY_TOO_LARGE: { status: 400, error: 'Query too large' },
  QUERY_TOO_DEEP: { status: 400, error: 'Query too deep' },
  QUERY_TOO_BROAD: { status: 400, error: 'Query too broad' },
  QUERY_TOO_COMPLEX: { status: 400, error: 'Query too complex' },
  PERSISTED_QUERY_HASH_MISMATCH: { status: 400, error: 'Bad Request' },
  OPERATION_NOT_SUPPORTED: { status: 400, error: 'Bad Request' },
  RESPONSE_TOO_LARGE: { status: 400, error: 'Response too large' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, error: 'Unprocessable Entity' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, error: 'Conflict' },
  INTEGRATION_NOT_CONFIGURED: { status: 409, error: 'Conflict' },
  CREDIT_LIMIT_EXCEEDED: { status: 409, error: 'Conflict' },
  ACCOUNT_ON_HOLD: { status: 409, error: 'Conflict' },
  PROVIDER_BUDGET_EXHAUSTED: { status: 429, error: 'Too Many Requests' },
  PROVIDER_ERROR: { status: 502, error: 'Bad Gateway' },
  REQUEST_TIMEOUT: { status: 503, error: 'Service Unavailable' },
  INTERNAL_SERVER_ERROR: { status: 500, error: 'Internal Server Error' },
  SERVICE_UNAVAILABLE: { status: 503, error: 'Service Unavailable' },
};

/** One element of `details` on a VALIDATION_ERROR: which input field, and what is wrong with it. */
export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    /** Extra response headers (e.g. Retry-After); never secrets. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_TABLE[code].status;
  }

  static validation(details: FieldError[], message = 'The request is not valid'): AppError {
    return new AppError(ErrorCode.VALIDATION_ERROR, message, details);
  }

  static notFound(what = 'Resource'): AppError {
    return new AppError(ErrorCode.NOT_FOUND, `${what} not found`);
  }

  static conflict(message: string): AppError {
    return new AppError(ErrorCode.CONFLICT, message);
  }

  static unauthenticated(message = 'Authentication required'): AppError {
    return new AppError(ErrorCode.UNAUTHENTICATED, message);
  }

  static forbidden(message = 'You do not have permission to do this'): AppError {
    return new AppError(ErrorCode.FORBIDDEN, message);
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
