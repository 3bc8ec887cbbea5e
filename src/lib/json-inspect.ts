import { AppError, ErrorCode } from './errors';

/** What a request's parsed JSON may not carry: a NUL character (PostgreSQL text cannot hold one), or nesting too deep. */
export type JsonProblem = 'nul' | 'too-deep';

/**
 * Walks a parsed JSON value (objects, arrays, strings, scalars) with an explicit stack, never recursion, so a
 * 2 MB `[[[[...]]]]` cannot overflow the call stack: the first NUL character (in a string or a key) or container
 * nested deeper than `maxDepth` levels (the outermost object or array is level 1). Undefined when it is clean.
 */
export function inspectJson(value: unknown, maxDepth: number): JsonProblem | undefined {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length) {
    const v = values.pop();
    const depth = depths.pop() ?? 0;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return 'nul';
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (depth >= maxDepth) return 'too-deep';
    if (Array.isArray(v)) {
      for (const item of v) {
        values.push(item);
        depths.push(depth + 1);
      }
      continue;
    }
    for (const [key, item] of Object.entries(v)) {
      if (key.includes('\u0000')) return 'nul';
      values.push(item);
      depths.push(depth + 1);
    }
  }
  return undefined;
}

/** The refusal of a request whose JSON has a problem: a 400, BAD_REQUEST for a NUL character, else JSON_TOO_DEEP. */
export function jsonProblemError(problem: JsonProblem, maxDepth: number): AppError {
  return problem === 'nul'
    ? new AppError(ErrorCode.BAD_REQUEST, 'A value in the request contains a NUL character, which cannot be stored')
    : new AppError(
        ErrorCode.JSON_TOO_DEEP,
        `The JSON in the request nests deeper than the limit of ${maxDepth} levels`,
      );
}
