/**
 * The REST row contract (docs/architecture.md, "The module contract"): what a module declares in its `routes` and
 * rest-adapter/ compiles into express routes and the OpenAPI document. It lives below both, so a module never
 * imports the adapter.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One row of the REST table: which GraphQL root field a documented path runs, and how the request
 * becomes its arguments. GET rows run a Query field, every other method a Mutation field.
 * - path params (`:id`) bind to the argument of the same name, or as `params` renames them;
 * - the JSON body binds to the argument named by `body` (an input object);
 * - every other argument is read from the query string, typed by the schema.
 * The result of the field is the response body as it is (lists are the spec's `{data, pagination}`).
 */
export interface RouteRow {
  method: HttpMethod;
  path: string;
  operation: string;
  tag: string;
  summary: string;
  /** Argument receiving the JSON body. */
  body?: string;
  /** Path param -> argument name, when they differ. */
  params?: Record<string, string>;
  /** Success status; 201 for rows that create. Default 200. */
  status?: number;
  /** Explicit selection set; default: every field without required args, three levels deep. */
  selection?: string;
  /** A body that is valid in shape: used as the OpenAPI example and by the tenancy sweep. */
  example?: Record<string, unknown>;
  /**
   * A row whose answer is a file (a PDF, a CSV), not JSON: its operation returns `FILE_SELECTION`, and the adapter
   * sends the decoded bytes with that content type and a `Content-Disposition: attachment` naming the file.
   * `contentTypes`: what the OpenAPI document lists for the success; `description`: what the file is.
   */
  file?: { contentTypes: string[]; description: string };
  /**
   * A list row whose rows may be exported: `<path>/export` streams, as CSV, every row its filter and sort give, with
   * the columns of its selection's `data` (src/http/list-export-rows.ts; docs/crm.md, "Exports").
   */
  exportable?: boolean;
  /**
   * An exportable list's columns that are not plain fields (a field resolver, an object, a list) or are getters the
   * database cannot read from one column (an invoice's `invoiceNumber`), in SQL, so that the database writes its
   * export's lines (rest-adapter/list-export-sql.ts; docs/crm.md, "Exports"); a cell given here wins over the plain
   * field. Keyed by the column (the field's response key in `data`); see ExportCell. A list with a column that is
   * neither a plain field the database reads nor here is written in JavaScript. test/list-export-direct.spec.ts holds
   * every list's CSV written by the database to the CSV its GraphQL operation gives, byte for byte.
   */
  exportCells?: Record<string, ExportCell>;
  /**
   * What `exportCells` read besides the list's row: joins evaluated once per row before its cells, each
   * `left join <table> <alias> on <condition over r>` matching one row at most (the leads' contact: `left join
   * contacts c on c.id = r.contact_id`), so several cells read one row of another table with one lookup.
   */
  exportJoins?: string[];
  /** Set on the export row derived from an exportable list row: the adapter streams it (rest-adapter/list-export.ts). */
  export?: true;
}

/**
 * One column of an export in SQL over the list's row `r` (its table's columns: `r.contact_id`): the column's value
 * as the CSV writes it before escaping, that is `String(value)` of a scalar, `JSON.stringify` of an object or a list
 * as the list's selection answers it (src/db/json-sql.ts writes both), or null where the list answers null. A null
 * in a non-null column makes the row's line null: that row is then written in JavaScript (its cells, or its error, are
 * the list's own). A nullable column whose text can be null for another reason (a non-null member missing) gives
 * `isNull` too, the SQL that is true exactly where the list answers null; its value is then null only to refuse.
 */
export type ExportCell = string | { value: string; isNull: string };

/** The selection of a file row: the answer's name, type and bytes (base64, as GraphQL carries them). */
export const FILE_SELECTION = '{ fileName contentType base64 }';

/** What a file row's operation answers (FILE_SELECTION). */
export interface FileAnswer {
  fileName: string;
  contentType: string;
  base64: string;
}

/** The spec's paginated shape around a selection. */
export function page(selection: string): string {
  return `{ data ${selection} pagination { currentPage totalPages totalItems pageSize hasNextPage hasPreviousPage } }`;
}

/** The body of a row that deletes: the id and a message. */
export const DELETED = '{ id message }';

/** A placeholder id in examples: valid in shape, found nowhere. */
export const EXAMPLE_ID = '00000000-0000-4000-8000-000000000000';
