import type { MikroORM, EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../../config';
import { boolSetting, readSettings } from '../../../config-settings';
import type { Principal } from '../../../http/principal';
import type { QueueWorker } from '../../../jobs/job-queue';
import { queueJob } from '../../queue-job';
import type { BackgroundJob } from '../../jobs/background-job.entity';
import type { BackgroundJobService } from '../../jobs/background-job.service';
import type { JobMessage } from '../../jobs/job-runner';
import type { CsvInput } from './csv-reader';
import { type CustomerImportService, rowsWritten } from './customer-import.service';

/** The kind of a CSV customer import's job, and the pg-boss queue its worker works (created by a crm migration). */
export const IMPORT_JOB_KIND = 'customer_import';
export const IMPORT_QUEUE = 'customer-import';

export const importSettings = {
  worker: boolSetting(
    'IMPORT_WORKER',
    true,
    'work the `customer-import` queue (CSV imports run as jobs) in this process',
  ),
};

/** The file of an import to run as a job: where to check it now, and its bytes to store once it passed. */
export interface ImportFile {
  check: CsvInput;
  content(): AsyncIterable<Buffer> | Buffer;
}

/**
 * Starts an import as a job (docs/jobs.md): the file gets every check the synchronous form makes before it writes
 * (CSV syntax, header, row limit: the same 400 and 413), then is stored with the job and queued. The job's total
 * is the file's data rows.
 */
export async function startImportJob(
  em: EntityManager,
  services: { customerImport: CustomerImportService; backgroundJobs: BackgroundJobService },
  principal: Principal,
  file: ImportFile,
  dryRun: boolean,
): Promise<BackgroundJob> {
  const totalRows = await services.customerImport.check(file.check);
  return services.backgroundJobs.start(em, principal, {
    kind: IMPORT_JOB_KIND,
    queue: IMPORT_QUEUE,
    params: { dryRun },
    totalRows,
    input: file.content(),
  });
}

/** The queue's worker: the import of the job's stored file, in the job's transaction, its counters as it goes. */
export function importWorker(
  orm: MikroORM,
  services: { customerImport: CustomerImportService; backgroundJobs: BackgroundJobService },
): QueueWorker<JobMessage> {
  const service = services.customerImport;
  return {
    queue: IMPORT_QUEUE,
    run: (message, attempt) =>
      services.backgroundJobs.run(orm, message, attempt, async ({ tx, job, input, progress }) => {
        const dryRun = job.params.dryRun === true;
        const report = await service.importFile(tx, message.organizationId, input(), { dryRun, progress });
        const counters = {
          rowsRead: report.totalRows,
          rowsDecided: report.totalRows,
          rowsWritten: rowsWritten(report),
        };
        return { report: report as unknown as Record<string, unknown>, counters };
      }),
  };
}

/** Works the customer-import queue in this process unless IMPORT_WORKER=false (jobs come from every instance). */
export const customerImportJob = queueJob<{
  customerImport: CustomerImportService;
  backgroundJobs: BackgroundJobService;
}>(
  'customer-import',
  (config: Config) => readSettings(importSettings, config.environment).worker,
  (orm, services) => importWorker(orm, services) as QueueWorker<never>,
);
