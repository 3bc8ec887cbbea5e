import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { CrmContext } from '../crm.services';
import { AppError, ErrorCode } from '../../../lib/errors';
import { ImportReportType } from './import.graphql';
import { notText } from './text-check';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';
import { BackgroundJob } from '../../jobs/background-job.entity';
import { startImportJob } from './import-job';

/**
 * The CSV import for GraphQL clients: the same service as POST /api/customers/import, fed with CSV text.
 * The text travels in the JSON body, so it is bounded by BODY_LIMIT; larger files go through the
 * multipart REST endpoint, which streams. `startCustomerImport` is the async form (docs/jobs.md): a job at once.
 */
@Resolver()
export class ImportResolver {
  @Guard(isAuthenticated)
  @Mutation(() => ImportReportType, {
    description: 'Import customers from CSV text (header row first); dryRun reports without writing',
  })
  async importCustomers(
    @Arg('csv') csv: string,
    @Arg('dryRun', { defaultValue: false }) dryRun: boolean,
    @Ctx() ctx: CrmContext,
  ): Promise<ImportReportType> {
    const service = ctx.services.customerImport;
    checkText(csv, service.limits.maxBytes);
    const path = join(tmpdir(), `crm-import-${randomUUID()}.csv`);
    try {
      await writeFile(path, csv, 'utf8');
      return ImportReportType.from(await service.importFile(ctx.em, ctx.principal.organizationId, path, { dryRun }));
    } finally {
      await rm(path, { force: true });
    }
  }

  @Guard(isAuthenticated)
  @Mutation(() => BackgroundJob, {
    description:
      'Import customers from CSV text as a background job (docs/jobs.md): the same checks, then the job at once; poll job(id) for its counters and report',
  })
  async startCustomerImport(
    @Arg('csv') csv: string,
    @Arg('dryRun', { defaultValue: false }) dryRun: boolean,
    @Ctx() ctx: CrmContext,
  ): Promise<BackgroundJob> {
    checkText(csv, ctx.services.customerImport.limits.maxBytes);
    const content = Buffer.from(csv, 'utf8');
    return startImportJob(
      ctx.em,
      ctx.services,
      ctx.principal,
      { check: Readable.from([content]), content: () => content },
      dryRun,
    );
  }
}

/** What the multipart upload refuses while it streams: over the size limit (413), not text (400). */
function checkText(csv: string, maxBytes: number): void {
  if (Buffer.byteLength(csv) > maxBytes)
    throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `The file is larger than ${maxBytes} bytes`);
  const nul = csv.indexOf('\u0000');
  if (nul !== -1) throw notText(csv.slice(0, nul).split('\n').length);
}
