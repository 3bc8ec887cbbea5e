import type { Request, RequestHandler } from 'express';
import { inspectJson, JsonProblem, jsonProblemError } from '../lib/json-inspect';

export interface InputGuardOptions {
  /** JSON_MAX_DEPTH: the deepest nesting of objects and arrays a body or a JSON query parameter may have. */
  maxDepth: number;
  /** Query parameters that carry JSON text (a GraphQL GET's `variables` and `extensions`): checked as the JSON they hold. */
  jsonQueryParams?: string[];
}

/** Requests already checked by a guard mounted on their path: the app-wide guard does not walk them again. */
const checked = new WeakSet<Request>();

function jsonOf(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text); // iterative in V8, whatever the nesting
  } catch {
    return undefined; // malformed: answered by whoever reads it
  }
}

function problemOf(req: Request, options: InputGuardOptions): JsonProblem | undefined {
  if (/%00/.test(req.originalUrl)) return 'nul';
  const query = req.query as Record<string, unknown>;
  const embedded = (options.jsonQueryParams ?? []).map((name) => jsonOf(query[name]));
  for (const value of [req.body, query, ...embedded]) {
    const problem = inspectJson(value, options.maxDepth);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Input no operation may see, refused with a 400 before any runs (the error handler answers /graphql in GraphQL's
 * errors shape, http/error-response.ts).
 * - A NUL character anywhere (path, query string, JSON body, GraphQL variables): PostgreSQL text cannot hold one, and
 *   a query parameter that carries one breaks the wire protocol (08P01, a 500). BAD_REQUEST.
 * - JSON nested deeper than `maxDepth` (body, GraphQL variables in the body or in a GET's query string): every reader
 *   after this one (validation, GraphQL's coercion, logging) may recurse over it and overflow the stack. JSON_TOO_DEEP.
 * The check itself walks with its own stack (lib/json-inspect.ts): a 2 MB `[[[[...]]]]` is refused, not a 500.
 */
export function guardInput(options: InputGuardOptions): RequestHandler {
  return (req, _res, next) => {
    if (checked.has(req)) return next();
    checked.add(req);
    const problem = problemOf(req, options);
    if (!problem) return next();
    next(jsonProblemError(problem, options.maxDepth));
  };
}
