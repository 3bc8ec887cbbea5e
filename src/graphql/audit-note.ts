import type { GraphQLResolveInfo } from 'graphql';
import type { IMiddlewareFunction } from 'graphql-middleware';
import type { Context } from './context';

/** The id of a root field's result, when it is a record (or a payload holding one as its only object). */
function idOf(result: unknown): string | undefined {
  if (!result || typeof result !== 'object') return undefined;
  const { id } = result as { id?: unknown };
  return typeof id === 'string' ? id : undefined;
}

/**
 * Root-field middleware: on an audited request (the context carries a note, http/audit-note.ts) it notes the
 * field's name before anything runs (so a refused operation is named too) and the record it names: its `id`
 * argument, else the id of its result. On every other request it only passes through.
 */
const noteField: IMiddlewareFunction<unknown, Context, Record<string, unknown>> = async (
  resolve,
  parent,
  args,
  ctx,
  info: GraphQLResolveInfo,
) => {
  const note = ctx.audit;
  if (!note) return resolve(parent, args, ctx, info);
  note.operations.push(info.fieldName);
  if (info.operation.operation === 'mutation') note.mutation = true;
  if (typeof args.id === 'string') note.recordId ??= args.id;
  const result: unknown = await resolve(parent, args, ctx, info);
  note.recordId ??= idOf(result);
  return result;
};

export const auditNoteMiddleware = { Query: noteField, Mutation: noteField };
