import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { CrmContext } from '../crm.services';
import { AppError, ErrorCode } from '../../../lib/errors';
import { ImportReportType } from './import.graphql';
import { notText } from './text-check';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

/**
 * The CSV import for GraphQL clients: the same service as POST /api/customers/import, fed with CSV text.
 * The text travels in the JSON body, so it is bounded by BODY_LIMIT; larger files go through the
 * multipart REST endpoint, which streams.
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
    if (Buffer.byteLength(csv) > service.limits.maxBytes)
      throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `The file is larger than ${service.limits.maxBytes} bytes`);
    const nul = csv.indexOf('\u0000');
    if (nul !== -1) throw notText(csv.slice(0, nul).split('\n').length);
    const path = join(tmpdir(), `crm-import-${randomUUID()}.csv`);
    try {
      await writeFile(path, csv, 'utf8');
      return ImportReportType.from(await service.importFile(ctx.em, ctx.principal.organizationId, path, { dryRun }));
    } finally {
      await rm(path, { force: true });
    }
  }
}
