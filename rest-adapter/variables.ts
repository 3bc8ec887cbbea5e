import type { Request } from 'express';
import { coerceInputValue, getNullableType, GraphQLInputType, isListType, isNonNullType, getNamedType } from 'graphql';
import { AppError, FieldError } from '../src/lib/errors';
import type { BoundArg, CompiledRoute } from './compile';

/** What binding reads of a request: an express request, or an operation of a batch (batch.ts). */
export type RequestParts = Pick<Request, 'params' | 'query' | 'body'> & { is(type: string): string | false | null };

/** A path or query-string value, typed by the argument's GraphQL type (lists: comma-separated or repeated). */
function fromText(value: string | string[], type: GraphQLInputType): unknown {
  const nullable = getNullableType(type) as GraphQLInputType;
  if (isListType(nullable)) {
    const items = (Array.isArray(value) ? value : value.split(',')).filter((v) => v !== '');
    return items.map((v) => fromText(v, nullable.ofType));
  }
  const text = Array.isArray(value) ? value[value.length - 1] : value;
  switch (getNamedType(type).name) {
    case 'Int':
      return /^[+-]?\d+$/.test(text.trim()) ? Number(text) : text;
    case 'Float':
      return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    case 'Boolean':
      return (
        ({ true: true, '1': true, false: false, '0': false } as Record<string, boolean>)[text.toLowerCase()] ?? text
      );
    default:
      return text;
  }
}

/** graphql-js names the missing or unknown field only in its message: `Field "email" ...`. */
function fieldName(base: string, path: readonly (string | number)[], message: string): string {
  const named = /^Field "([^"]+)"/.exec(message)?.[1];
  return [base, ...path, ...(named ? [named] : [])].filter((p) => p !== '').join('.');
}

function rawValue(bound: BoundArg, req: RequestParts, details: FieldError[]): unknown {
  switch (bound.source) {
    case 'path':
      return fromText(req.params[bound.key] as string, bound.arg.type);
    case 'query': {
      const q = req.query[bound.key];
      // An empty parameter (`?ownerId=`, as HTML forms send unset fields) means "not given".
      if (q === undefined || q === '' || (Array.isArray(q) && q.every((v) => v === ''))) return undefined;
      if (typeof q !== 'string' && !(Array.isArray(q) && q.every((v) => typeof v === 'string'))) {
        details.push({ field: bound.key, message: `${bound.key} must be a plain value` });
        return undefined;
      }
      return fromText(q, bound.arg.type);
    }
    case 'body': {
      const body: unknown = req.body;
      if (
        body === undefined ||
        (typeof body === 'object' &&
          body !== null &&
          !Array.isArray(body) &&
          Object.keys(body).length === 0 &&
          !req.is('application/json'))
      ) {
        return isNonNullType(bound.arg.type)
          ? (details.push({
              field: 'body',
              message: 'A JSON object body (Content-Type: application/json) is required',
            }),
            undefined)
          : undefined;
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        details.push({ field: 'body', message: 'The request body must be a JSON object' });
        return undefined;
      }
      return body;
    }
  }
}

/**
 * Builds the operation's variables from the request. Every problem is collected (not just the first) and
 * reported as one 400 VALIDATION_ERROR whose details name each field. Unknown body fields are refused,
 * so nothing a caller sends is silently dropped or mass-assigned.
 */
export function bindVariables(route: CompiledRoute, req: RequestParts): Record<string, unknown> {
  const details: FieldError[] = [];
  const variables: Record<string, unknown> = {};
  for (const bound of route.args) {
    const before = details.length;
    const value = rawValue(bound, req, details);
    if (details.length > before) continue;
    if (value === undefined && (!isNonNullType(bound.arg.type) || bound.arg.defaultValue !== undefined)) continue;
    const base = bound.source === 'body' ? '' : bound.key;
    coerceInputValue(value, bound.arg.type, (path, _invalid, error) => {
      details.push({ field: fieldName(base, path, error.message) || bound.key, message: error.message });
    });
    variables[bound.arg.name] = value;
  }
  if (details.length) throw AppError.validation(details);
  return variables;
}
