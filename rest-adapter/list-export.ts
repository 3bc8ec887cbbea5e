/**
 * Streamed CSV exports of the lists (docs/crm.md, "Exports"). One piece of code for every exportable list, driven by
 * the list's own REST row: its GraphQL operation is run with the caller's parameters, so the access rule, the
 * argument checks, the service's filter and the list's sort are the list's own (a bad filter is the list's 400).
 * The list's read (`listPage`, src/db/list-query.ts) is handed to a list source (src/db/list-source.ts) instead of
 * reading a page; that read is then streamed with a cursor (src/db/row-stream.ts) and, batch by batch, the same
 * operation runs again with the batch as its rows, so each CSV line holds exactly what the list answers for that
 * row (field resolvers included), in the columns of the row's selection. Memory holds one batch.
 */
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { execute, type FieldNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { withListSource, type ListRead } from '../src/db/list-source';
import { plainRowReader } from '../src/db/read-path';
import { streamRows } from '../src/db/row-stream';
import type { Context } from '../src/graphql/context';
import { csvText, NEEDS_QUOTES } from '../src/lib/csv-cell';
import { AppError, ErrorCode } from '../src/lib/errors';
import { toAppError } from '../src/lib/to-app-error';
import type { CompiledRoute } from './compile';

type Raw = Record<string, unknown>;

/** How an export runs: its settings, and where its contexts come from (a request's, or a job's principal's). */
export interface ExportRuntime {
  schema: GraphQLSchema;
  /** A fresh context per run of the list's operation (one per batch: its EntityManager holds one batch). */
  context(): Context;
  batchRows: number;
  timeoutMs: number;
  /** Before the first byte is written: the rows are known to be readable (a response sets its headers here). */
  begin?(): void;
  /** After each batch is turned into lines, with the rows so far (a request moves its deadline; a job reports). */
  progress?(rows: number): void | Promise<void>;
}

/** The failure of a run of the list's operation, as the list would answer it. */
export class ListFailed extends Error {
  constructor(
    readonly error: AppError,
    override readonly cause: unknown,
  ) {
    super(error.message);
  }
}

/** The `data` field of a list row's selection: its fields' response keys are the CSV's columns, in order. */
export function exportColumns(route: CompiledRoute): string[] {
  const op = route.document.definitions[0] as OperationDefinitionNode;
  const root = op.selectionSet.selections[0] as FieldNode;
  const data = root.selectionSet?.selections.find(
    (s): s is FieldNode => s.kind === 'Field' && (s.alias ?? s.name).value === 'data',
  );
  const fields = data?.selectionSet?.selections.filter((s): s is FieldNode => s.kind === 'Field') ?? [];
  if (!fields.length) throw new Error(`${route.row.path}: an exportable list selects { data { ... } }`);
  return fields.map((f) => (f.alias ?? f.name).value);
}

/** Runs the list's operation once; its list read is answered by `source`. Errors are the list's own. */
async function runList(
  route: CompiledRoute,
  variables: Record<string, unknown>,
  runtime: ExportRuntime,
  source: (read: ListRead) => Promise<object[]>,
): Promise<Raw[]> {
  const result = await withListSource(source, () =>
    execute({
      schema: runtime.schema,
      document: route.document,
      variableValues: variables,
      contextValue: runtime.context(),
    }),
  );
  const first = result.errors?.[0];
  if (first)
    throw new ListFailed(
      toAppError(first) ?? new AppError(ErrorCode.INTERNAL_SERVER_ERROR, 'Internal server error'),
      first.originalError ?? first,
    );
  return ((result.data?.[route.row.operation] as { data?: Raw[] } | null)?.data ?? []) as Raw[];
}

/** The statement of the list's read and how a batch of its raw rows becomes the rows the list's resolvers expect. */
async function readerOf(read: ListRead) {
  const { statement, toRow } = await plainRowReader(
    read.em,
    read.entity,
    read.where,
    { orderBy: read.orderBy },
    read.plain ? read.reads : {},
  );
  const rowsOf = async (em: EntityManager, raws: Raw[]): Promise<object[]> => {
    if (read.plain) return raws.map(toRow);
    // A list of entities: the rows become managed entities of this batch's EntityManager, with the list's populate.
    const entities = raws.map((raw) => em.map(read.entity, raw));
    if (read.populate?.length) await em.populate(entities, read.populate as never);
    return entities;
  };
  return { statement, rowsOf };
}

/**
 * The list's read for these parameters: the list's operation runs once with no rows, so its access rule, argument
 * checks, filter and sort are applied (a bad filter is the list's ListFailed) and nothing is read yet. An export
 * asked as a job makes this check before it is accepted.
 */
export async function listRead(
  route: CompiledRoute,
  variables: Record<string, unknown>,
  runtime: ExportRuntime,
): Promise<ListRead> {
  let read: ListRead | undefined;
  await runList(route, variables, runtime, async (r) => {
    read = r;
    return [];
  });
  if (!read) throw new Error(`${route.row.path}: ${route.row.operation} reads no list (listPage)`);
  return read;
}

/**
 * Writes every row of the list (its filter and sort: `variables`, bound as for the list) to `sink` as CSV, and
 * answers how many rows it wrote. A ListFailed before anything is written is the list's own error; once writing,
 * a failure (or `sink` closing early: the client went away) destroys the cursor and ends its transaction.
 */
export async function streamList(
  route: CompiledRoute,
  variables: Record<string, unknown>,
  runtime: ExportRuntime,
  sink: Writable,
): Promise<number> {
  const columns = exportColumns(route);
  const read = await listRead(route, variables, runtime);
  const { statement, rowsOf } = await readerOf(read);
  let written = 0;
  const lines = async (raws: Raw[]): Promise<string[][]> => {
    const rows = await runList(route, variables, runtime, (r) => rowsOf(r.em, raws));
    written += rows.length;
    await runtime.progress?.(written);
    return rows.map((row) => columns.map((c) => csvText(row[c])));
  };
  const size = runtime.batchRows;
  await streamRows(read.em, statement, { batchSize: size, timeoutMs: runtime.timeoutMs }, (rows: Readable) => {
    runtime.begin?.();
    return pipeline(
      rows,
      async function* batches(source: AsyncIterable<Raw>) {
        let batch: Raw[] = [];
        for await (const raw of source) {
          batch.push(raw);
          if (batch.length < size) continue;
          yield* await lines(batch);
          batch = [];
        }
        if (batch.length) yield* await lines(batch);
      },
      stringify({ header: true, columns, record_delimiter: 'windows', quoted_match: NEEDS_QUOTES }),
      sink,
    );
  });
  return written;
}
