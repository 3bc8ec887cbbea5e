/**
 * Streamed CSV exports of the lists (docs/crm.md, "Exports"). One piece of code for every exportable list, driven by
 * the list's own REST row: its GraphQL operation is run with the caller's parameters, so the access rule, the
 * argument checks, the service's filter and the list's sort are the list's own (a bad filter is the list's 400).
 * The list's read (`listPage`, src/db/list-query.ts) is handed to a list source (src/db/list-source.ts) instead of
 * reading a page; that read is then streamed with a cursor (src/db/row-stream.ts) and, batch by batch, the same
 * operation runs again with the batch as its rows, so each CSV line holds exactly what the list answers for that
 * row (field resolvers included), in the columns of the row's selection. Memory holds one batch.
 * A list whose columns are all plain fields (src/graphql/plain-fields.ts: a property read serialized by its scalar
 * or enum, no resolver of its own) skips that second run: each batch's rows are read and serialized directly, the
 * same cells with far less garbage; a batch the direct read refuses (a value graphql-js would answer as an error)
 * runs the operation instead, so the error is the list's own. test/list-export-direct.spec.ts holds both paths
 * equal over every exportable list.
 */
import { AsyncResource } from 'node:async_hooks';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import {
  execute,
  getNamedType,
  isNonNullType,
  isObjectType,
  type GraphQLObjectType,
  type FieldNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { escapeIdentifier } from 'pg';
import { withListSource, type ListRead } from '../src/db/list-source';
import { plainRowReader, type Statement } from '../src/db/read-path';
import { CopyLines } from '../src/db/copy-lines';
import { inlineValues, streamCopy, streamRows } from '../src/db/row-stream';
import type { Context } from '../src/graphql/context';
import { plainField, type PlainField } from '../src/graphql/plain-fields';
import { csvText, NEEDS_QUOTES } from '../src/lib/csv-cell';
import { AppError, ErrorCode } from '../src/lib/errors';
import { toAppError } from '../src/lib/to-app-error';
import { YoungCollections } from '../src/lib/young-collections';
import type { CompiledRoute } from './compile';
import { lineSql, type LineColumn } from './list-export-sql';

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
  /** false: every batch runs the list's operation, even when its columns are all plain (EXPORT_DIRECT=false). */
  direct?: boolean;
  /** false: a direct list's lines are written in JavaScript, not by the database (EXPORT_SQL_LINES=false). */
  sqlLines?: boolean;
  /** Told once which path writes the lines (the request's log line says it; the tests check it). */
  taken?(path: ExportPath): void;
  /** After the database wrote the lines: how many rows it left to JavaScript (null lines; the log line says it). */
  fellBack?(rows: number): void;
}

/**
 * Who writes an export's lines: the database (`sql`: list-export-sql.ts), the direct path (`direct`: plain fields read
 * in JavaScript) or the list's GraphQL operation per batch (`graphql`).
 */
export type ExportPath = 'sql' | 'direct' | 'graphql';

/** How every CSV line of an export is written: CRLF, and quoted where NEEDS_QUOTES says (src/lib/csv-cell.ts). */
const CSV_OPTIONS = { record_delimiter: 'windows', quoted_match: NEEDS_QUOTES } as const;
/** The lines PostgreSQL writes: a scavenge after every 2 MB of them, when the process exposes V8's collector. */
const COLLECT_EVERY_BYTES = 2 * 2 ** 20;

/**
 * A direct list's COPY whose lines the database writes (list-export-sql.ts), with each row's key (its primary key's
 * text, given only where the line is null) and the key's property; undefined when a column or a value of the
 * statement cannot be written in SQL.
 */
function copyOf(
  route: CompiledRoute,
  read: ListRead,
  statement: Statement,
  columns: LineColumn[],
): { sql: string; key: string } | undefined {
  const meta = read.em.getMetadata().get(read.entity.name);
  const line = lineSql(meta, columns, read.em.getPlatform());
  const query = line && inlineValues(read.em, statement);
  const pk = meta.primaryKeys.length === 1 ? meta.properties[meta.primaryKeys[0]] : undefined;
  if (!query || pk?.fieldNames.length !== 1) return undefined;
  const key = `r.${escapeIdentifier(pk.fieldNames[0])}::text`;
  // the list's given columns (and their joins) once per row: `offset 0` keeps the planner from copying them into
  // each use
  const joins = route.row.exportJoins?.join(' ') ?? '';
  const given = line.given.length
    ? ` cross join lateral (select ${line.given.join(', ')} from (select) as one ${joins} offset 0) as g`
    : '';
  return {
    key: pk.name,
    sql: `copy (select l, case when l is null then k end from (select ${line.line} as l, ${key} as k from (${query}) as r${given}) as x) to stdout (format binary)`,
  };
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

/** The fields of the `data` field of a list row's selection: the CSV's columns, in order. */
function exportFields(route: CompiledRoute): FieldNode[] {
  const op = route.document.definitions[0] as OperationDefinitionNode;
  const root = op.selectionSet.selections[0] as FieldNode;
  const data = root.selectionSet?.selections.find(
    (s): s is FieldNode => s.kind === 'Field' && (s.alias ?? s.name).value === 'data',
  );
  const fields = data?.selectionSet?.selections.filter((s): s is FieldNode => s.kind === 'Field') ?? [];
  if (!fields.length) throw new Error(`${route.row.path}: an exportable list selects { data { ... } }`);
  return fields;
}

/** The response keys of the list row's `data` fields: the CSV's columns, in order. */
export function exportColumns(route: CompiledRoute): string[] {
  return exportFields(route).map((f) => (f.alias ?? f.name).value);
}

/** The type of a list row's `data` rows, when it is an object type. */
function rowTypeOf(route: CompiledRoute): GraphQLObjectType | undefined {
  const page = getNamedType(route.field.type);
  const data = isObjectType(page) ? page.getFields().data : undefined;
  const rowType = data && getNamedType(data.type);
  return isObjectType(rowType) ? rowType : undefined;
}

/**
 * The list's columns as the database can write them: each a cell the list row gives in SQL (RouteRow `exportCells`:
 * first, so a plain field computed by a getter can be given too) or a plain field; undefined when any is neither (or
 * carries a directive).
 */
export function lineColumns(route: CompiledRoute): LineColumn[] | undefined {
  const rowType = rowTypeOf(route);
  if (!rowType) return undefined;
  const columns: LineColumn[] = [];
  for (const node of exportFields(route)) {
    if (node.directives?.length) return undefined;
    const field = plainField(rowType, node.name.value);
    const cell = route.row.exportCells?.[(node.alias ?? node.name).value];
    const schemaField = rowType.getFields()[node.name.value];
    // a given cell first: a plain field may be a getter the database cannot read from a column (invoiceNumber)
    if (cell && schemaField) columns.push({ cell, nonNull: isNonNullType(schemaField.type) });
    else if (field) columns.push({ field });
    else return undefined;
  }
  return columns;
}

/**
 * The list's columns read directly from its rows, when every one is a plain field (no directive on it either);
 * undefined when any needs the list's operation (a field resolver, a relation, a list of values).
 */
export function directColumns(route: CompiledRoute): PlainField[] | undefined {
  const rowType = rowTypeOf(route);
  if (!rowType) return undefined;
  const plain: PlainField[] = [];
  for (const node of exportFields(route)) {
    const field = node.directives?.length ? undefined : plainField(rowType, node.name.value);
    if (!field) return undefined;
    plain.push(field);
  }
  return plain;
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
  const direct = runtime.direct === false ? undefined : directColumns(route);
  let written = 0;
  /** The batch's cells read directly, or undefined when a value is one the list's operation would refuse. */
  const directCells = async (raws: Raw[]): Promise<string[][] | undefined> => {
    if (!direct) return undefined;
    // entities: a fresh identity map per batch, with the read's tenant filter (memory holds one batch)
    const em = read.plain ? read.em : read.em.fork({ clear: true, keepTransactionContext: true });
    const rows = await rowsOf(em, raws);
    try {
      return rows.map((row) => direct.map((field) => csvText(field.read(row))));
    } catch {
      return undefined;
    }
  };
  /** A batch's cells: read directly, or by the list's operation. */
  const cellsOf = async (raws: Raw[]): Promise<string[][]> =>
    (await directCells(raws)) ??
    (await runList(route, variables, runtime, (r) => rowsOf(r.em, raws))).map((row) =>
      columns.map((c) => csvText(row[c])),
    );
  const lines = async (raws: Raw[]): Promise<string[][]> => {
    const cells = await cellsOf(raws);
    written += cells.length;
    await runtime.progress?.(written);
    return cells;
  };
  const size = runtime.batchRows;
  const inSql = runtime.direct === false || runtime.sqlLines === false ? undefined : lineColumns(route);
  const copy = inSql && copyOf(route, read, statement, inSql);
  runtime.taken?.(copy ? 'sql' : direct ? 'direct' : 'graphql');
  if (copy) {
    /** A row the database could not write: read again by its key, and written as above (its cells or its error). */
    // CopyLines calls it from the socket's data, in the async context of whoever opened the pooled connection
    // (another request, another organization): the row is read in this export's own, with its access
    // (src/db/access.ts), else row security would hide it and the file would lack it
    const fallback = AsyncResource.bind(async (key: string) => {
      const one = await readerOf({ ...read, where: { $and: [read.where, { [copy.key]: key }] } });
      const raws = await read.em.execute<Raw[]>(one.statement.sql, one.statement.bindings as unknown[], 'all');
      return stringifySync(await cellsOf(raws), CSV_OPTIONS);
    });
    const body = new CopyLines({ fallback, every: size, progress: (rows) => runtime.progress?.(rows) });
    await streamCopy(read.em, copy.sql, runtime.timeoutMs, (bytes: Readable) => {
      runtime.begin?.();
      sink.write(stringifySync([columns], CSV_OPTIONS)); // the header, as the other paths' CSV writer writes it
      return pipeline(bytes, body, new YoungCollections(COLLECT_EVERY_BYTES), sink);
    });
    runtime.fellBack?.(body.fellBack);
    return body.count;
  }
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
      stringify({ header: true, columns, ...CSV_OPTIONS }),
      sink,
    );
  });
  return written;
}
