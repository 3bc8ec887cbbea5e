import { Field, Int, ObjectType } from 'type-graphql';
import type { ImportReport } from './import.types';

@ObjectType('ImportRowError')
export class ImportRowErrorType {
  @Field(() => Int, { description: 'Line of the row in the file (the header is line 1)' }) row: number;
  @Field() field: string;
  @Field() message: string;
}

@ObjectType({ description: 'Which header cell a customer field was read from' })
export class ImportColumn {
  @Field() field: string;
  @Field() header: string;
}

/** The import report of POST /api/customers/import, as a GraphQL type (columns as a list of pairs). */
@ObjectType('ImportReport')
export class ImportReportType {
  @Field() dryRun: boolean;
  @Field(() => Int) totalRows: number;
  @Field(() => Int) created: number;
  @Field(() => Int) updated: number;
  @Field(() => Int) skipped: number;
  @Field(() => Int) failed: number;
  @Field(() => [ImportRowErrorType]) errors: ImportRowErrorType[];
  @Field(() => [ImportColumn]) columns: ImportColumn[];
  @Field(() => [String]) ignoredColumns: string[];

  static from(report: ImportReport): ImportReportType {
    return Object.assign(new ImportReportType(), report, {
      columns: Object.entries(report.columns).map(([field, header]) => ({ field, header })),
    });
  }
}
