import type { Request, Response } from 'express';
import { OperationDefinitionNode, parse } from 'graphql';
import { ERROR_TABLE, ErrorCode } from '../../../lib/errors';
import type { Principal } from '../../../http/principal';
import type { AuditRecord } from './audit.service';

/** `graphql: me, users` from the operation's root fields; anything unparsable is named as such. */
function graphqlAction(body: unknown): string {
  const { query, operationName } = (body ?? {}) as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return 'graphql: (no query)';
  try {
    const ops = parse(query).definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
    const op = typeof operationName === 'string' ? ops.find((o) => o.name?.value === operationName) : ops[0];
    const fields = op?.selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [s.name.value] : [])) ?? [];
    return `graphql ${op?.operation ?? 'query'}: ${fields.join(', ') || '(none)'}`;
  } catch {
    return 'graphql: (unparsable query)';
  }
}

/** GraphQL answers 200 with errors: the outcome is the status of the first error's code. */
function graphqlStatus(chunk: unknown, httpStatus: number): number {
  if (httpStatus !== 200 || chunk === undefined || chunk === null) return httpStatus;
  try {
    const body = JSON.parse(Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk)) as {
      errors?: { extensions?: { code?: string } }[];
    };
    const code = body.errors?.[0]?.extensions?.code;
    if (!body.errors?.length) return httpStatus;
    return code && code in ERROR_TABLE ? ERROR_TABLE[code as ErrorCode].status : 400;
  } catch {
    return httpStatus;
  }
}

/**
 * Every request made while impersonating leaves an audit entry (who, as whom, what, when, outcome). The
 * entry is written before the response is released, so it exists by the time the caller sees the answer.
 */
export function auditOnEnd(
  req: Request,
  res: Response,
  principal: Principal,
  write: (entry: AuditRecord) => Promise<void>,
): void {
  const actorUserId = principal.impersonatorId;
  if (!actorUserId) throw new Error('auditOnEnd is only for requests made while impersonating');
  const isGraphql = req.path === '/graphql';
  const action = isGraphql ? graphqlAction(req.body) : `${req.method} ${req.path}`;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let written = false;
  res.end = ((...args: unknown[]) => {
    if (written) return end(...args);
    written = true;
    const chunk = typeof args[0] === 'function' ? undefined : args[0];
    const status = isGraphql ? graphqlStatus(chunk, res.statusCode) : res.statusCode;
    write({
      actorUserId,
      actorEmail: principal.impersonatorEmail ?? '',
      impersonatedUserId: principal.userId,
      impersonatedEmail: principal.email,
      targetOrganizationId: principal.organizationId,
      action,
      status,
      requestId: req.requestId,
    })
      .catch((err) => req.log?.error({ err }, 'audit entry could not be written'))
      .finally(() => end(...args));
    return res;
  }) as Response['end'];
}
