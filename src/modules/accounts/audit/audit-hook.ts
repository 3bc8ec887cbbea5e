import type { Request, Response } from 'express';
import { OperationDefinitionNode, parse } from 'graphql';
import { ERROR_TABLE, ErrorCode } from '../../../lib/errors';
import type { Principal } from '../../../http/principal';
import type { AuditNote } from '../../../http/audit-note';
import { AuditKind } from './audit-entry.entity';
import type { AuditRecord } from './audit.service';

/** What a GraphQL request's body asks for: its operation type and root fields; anything unparsable is named as such. */
function graphqlOperation(body: unknown): { action: string; kind: AuditKind; fields: string[] } {
  const { query, operationName } = (body ?? {}) as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return { action: 'graphql: (no query)', kind: AuditKind.read, fields: [] };
  try {
    const ops = parse(query).definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
    const op = typeof operationName === 'string' ? ops.find((o) => o.name?.value === operationName) : ops[0];
    const fields = op?.selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [s.name.value] : [])) ?? [];
    const type = op?.operation ?? 'query';
    return {
      action: `graphql ${type}: ${fields.join(', ') || '(none)'}`,
      kind: type === 'mutation' ? AuditKind.write : AuditKind.read,
      fields,
    };
  } catch {
    return { action: 'graphql: (unparsable query)', kind: AuditKind.read, fields: [] };
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Read or write: from the operation that ran, else from the document's text, else from the HTTP method. */
function kindOf(note: AuditNote, fromText: AuditKind | undefined, method: string): AuditKind {
  if (note.operations.length) return note.mutation ? AuditKind.write : AuditKind.read;
  return fromText ?? (READ_METHODS.has(method) ? AuditKind.read : AuditKind.write);
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
 * entry is written before the response is released, so it exists by the time the caller sees the answer. The
 * GraphQL layer fills `req.auditNote` with the root fields that ran and the record they named (REST rows run
 * one root field); a GraphQL document refused before it ran is named from its text.
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
  const method = req.method;
  const path = req.path;
  const note: AuditNote = (req.auditNote = { operations: [] });
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  let written = false;
  res.end = ((...args: unknown[]) => {
    if (written) return end(...args);
    written = true;
    const chunk = typeof args[0] === 'function' ? undefined : args[0];
    const graphql = isGraphql ? graphqlOperation(req.body) : undefined;
    const operations = note.operations.length ? note.operations : (graphql?.fields ?? []);
    write({
      actorUserId,
      actorEmail: principal.impersonatorEmail ?? '',
      impersonatedUserId: principal.userId,
      impersonatedEmail: principal.email,
      targetOrganizationId: principal.organizationId,
      action: graphql?.action ?? `${method} ${path}`,
      operation: operations.join(', ').slice(0, 300) || undefined,
      kind: kindOf(note, graphql?.kind, method),
      method,
      path: path.slice(0, 300),
      recordId: note.recordId?.slice(0, 100),
      status: isGraphql ? graphqlStatus(chunk, res.statusCode) : res.statusCode,
      requestId: req.requestId,
    })
      .catch((err) => req.log?.error({ err }, 'audit entry could not be written'))
      .finally(() => end(...args));
    return res;
  }) as Response['end'];
}
