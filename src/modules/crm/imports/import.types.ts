/** Limits of the CSV customer import (config: IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_TIMEOUT_MS). */
export interface ImportLimits {
  maxBytes: number;
  maxRows: number;
  /**
   * The upload request's deadline and the import's statement timeout, in place of REQUEST_TIMEOUT_MS and
   * DB_STATEMENT_TIMEOUT_MS: one statement writes every row of the file.
   */
  timeoutMs: number;
}

export interface ImportRowError {
  /** 1-based line of the row in the file (the header is line 1): the row number a spreadsheet shows. */
  row: number;
  field: string;
  message: string;
}

/** The import's answer (REST body of POST /api/customers/import). */
export interface ImportReport {
  dryRun: boolean;
  /** Data rows read (blank lines are not rows). */
  totalRows: number;
  created: number;
  updated: number;
  /** Rows that matched an existing customer and changed nothing. */
  skipped: number;
  failed: number;
  errors: ImportRowError[];
  /** Which header each field was read from. */
  columns: Record<string, string>;
  /** Header cells that matched no field: ignored. */
  ignoredColumns: string[];
}

/** Counters of a running import (a job's progress, docs/jobs.md); the caller awaits it before the next step. */
export type ImportProgress = (counters: {
  rowsRead: number;
  rowsDecided?: number;
  rowsWritten?: number;
}) => Promise<void>;
