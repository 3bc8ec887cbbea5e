import { Entity, Enum, Index, ManyToOne, Property, Ref } from '@mikro-orm/core';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { TenantEntity } from '../../db/tenant.entity';
import { User } from '../accounts/users/user.entity';

export enum BackgroundJobStatus {
  queued = 'queued',
  running = 'running',
  succeeded = 'succeeded',
  failed = 'failed',
  cancelled = 'cancelled',
}
registerEnumType(BackgroundJobStatus, {
  name: 'BackgroundJobStatus',
  description:
    'queued (accepted, waits for a worker); running; succeeded (report kept); failed (error kept, nothing written); cancelled (before it finished: nothing written)',
});

/** The statuses a job does not leave. */
export const FINISHED: readonly BackgroundJobStatus[] = [
  BackgroundJobStatus.succeeded,
  BackgroundJobStatus.failed,
  BackgroundJobStatus.cancelled,
];

/** A failed job's error: the error body a synchronous request would have answered (code, message, details). */
export interface JobError {
  code: string;
  message: string;
  details?: { field: string; message: string }[];
}

/**
 * Long work done in the background (docs/jobs.md): one record per job, whatever its kind (`customer_import`, `list_export`),
 * with its counters while it runs and its report or error when it is done. Its input is kept beside it
 * (`background_job_inputs`) until it finishes.
 */
@ObjectType('BackgroundJob')
@Entity({ tableName: 'background_jobs' })
@Index({ properties: ['organization', 'createdAt'] })
export class BackgroundJob extends TenantEntity {
  @Field({ description: 'What the job does: customer_import, list_export' })
  @Property({ length: 64 })
  kind: string;

  @Field(() => BackgroundJobStatus)
  @Enum({ items: () => BackgroundJobStatus, default: BackgroundJobStatus.queued })
  status: BackgroundJobStatus = BackgroundJobStatus.queued;

  @Field(() => Int, { description: 'Rows (or records) read from the input so far' })
  @Property({ type: 'integer', default: 0 })
  rowsRead: number = 0;

  @Field(() => Int, { description: 'Rows decided so far (created, updated, skipped or failed)' })
  @Property({ type: 'integer', default: 0 })
  rowsDecided: number = 0;

  @Field(() => Int, { description: 'Rows whose records were written so far' })
  @Property({ type: 'integer', default: 0 })
  rowsWritten: number = 0;

  @Field(() => Int, { nullable: true, description: 'Rows in all, when known before the work starts' })
  @Property({ type: 'integer', nullable: true })
  totalRows: number | null = null;

  /** What the job was asked (an import's dryRun): read by its worker. */
  @Property({ type: 'jsonb' })
  params: Record<string, unknown> = {};

  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'The final report, as the synchronous form answers it (an import: ImportReport)',
  })
  @Property({ type: 'jsonb', nullable: true })
  report: Record<string, unknown> | null = null;

  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'Why it failed: { code, message, details }, the error body the synchronous form would have answered',
  })
  @Property({ type: 'jsonb', nullable: true })
  error: JobError | null = null;

  @Field(() => Int, { description: 'Attempts started (a retried attempt after a fault writes nothing twice)' })
  @Property({ type: 'integer', default: 0 })
  attempts: number = 0;

  @ManyToOne({ entity: () => User, ref: true, nullable: true, deleteRule: 'set null', index: true })
  createdBy: Ref<User> | null = null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  startedAt: Date | null = null;

  @Field(() => Date, { nullable: true })
  @Property({ type: 'timestamptz', nullable: true })
  finishedAt: Date | null = null;

  @Field(() => ID, { nullable: true, description: 'Who started it; members see their own jobs, admins every job' })
  get createdById(): string | null {
    return this.createdBy?.id ?? null;
  }

  constructor(kind: string) {
    super();
    this.kind = kind;
  }
}

/** Which file of a job a piece belongs to: its input (an uploaded CSV) or its result (an export's CSV). */
export type JobFilePart = 'input' | 'result';

/**
 * A job's files, in pieces of at most PIECE_BYTES (job-files.ts), in the database so that any instance can read
 * them: its input while it waits and runs (deleted when it finishes), its result once it succeeded (deleted after
 * EXPORT_RESULT_HOURS by the `job-result-retention` schedule).
 */
@Entity({ tableName: 'background_job_inputs' })
export class BackgroundJobInput extends TenantEntity {
  @ManyToOne({ entity: () => BackgroundJob, ref: true, deleteRule: 'cascade', index: true })
  job: Ref<BackgroundJob>;

  @Enum({ items: ['input', 'result'], default: 'input' })
  part: JobFilePart = 'input';

  @Property({ type: 'integer' })
  seq: number;

  @Property({ type: 'blob' })
  data: Buffer;
}
