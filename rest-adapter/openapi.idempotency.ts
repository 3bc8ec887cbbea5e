import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from '../src/http/idempotency';

/** The `Idempotency-Key` header of every POST (docs/decisions.md, "Idempotency-Key"; src/http/idempotency.ts). */
export const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: '^[!-~]+$' },
  description:
    `A key of your own for this request (1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters, e.g. a UUID): ` +
    'repeating the same request with the same key within 24 hours answers the stored response (header ' +
    '`Idempotent-Replayed: true`) without writing again. Keys are per organization and caller (user or API key). ' +
    'Retry a 503 or a lost answer with the same key. Ignored on POSTs without a signed-in caller (login, register).',
};

/** A documented answer with the error body. */
export const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The answers the key adds to a POST's own (a 409 the route already has keeps its description first). */
export function idempotencyResponses(responses: Record<string, unknown>): Record<string, unknown> {
  const conflict = (responses['409'] as { description?: string } | undefined)?.description;
  const inUse =
    'IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still running (retry after Retry-After)';
  return {
    ...responses,
    '409': error(conflict ? `${conflict}; or ${inUse}` : inUse),
    '422': error('IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was used in the last 24 hours with another request'),
  };
}

/** A POST described by hand (served beside the table, after authentication) with the key's header and answers. */
export function withIdempotencyKey<T extends { post: { parameters?: unknown[]; responses: Record<string, unknown> } }>(
  path: T,
): T {
  const { post } = path;
  return {
    ...path,
    post: {
      ...post,
      parameters: [...(post.parameters ?? []), IDEMPOTENCY_KEY_PARAMETER],
      responses: idempotencyResponses(post.responses),
    },
  };
}
