import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import type { Request } from 'express';
import busboy from 'busboy';
import type { RouterDeps } from '../../module';
import type { CrmServices } from '../crm.services';
import { createContext } from '../../../graphql/context';
import { accessError } from '../../../graphql/rules';
import { sendError } from '../../../http/error-response';
import { AppError, ErrorCode } from '../../../lib/errors';
import { malformedMultipart, openMultipart } from '../../../http/multipart';
import { TextCheck } from './text-check';
import { startImportJob } from './import-job';
import { flagOf, wantsJob } from '../../../http/respond-async';

export const IMPORT_PATH = '/api/customers/import';

interface Upload {
  path: string;
  fields: Record<string, string>;
}

/**
 * Streams the multipart part `file` to a temporary file, never holding it in memory. Refuses what is not
 * UTF-8 text (400 naming the line: invalid UTF-8 or NUL bytes) and what is over the size limit (413), before the
 * import reads a single row.
 */
function receive(req: Request, maxBytes: number): Promise<Upload> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = openMultipart(req, {
        maxBytes,
        notMultipart: new AppError(ErrorCode.BAD_REQUEST, 'Send the CSV as multipart/form-data in a part named "file"'),
        tooLarge: `The file is larger than ${maxBytes} bytes`,
      });
    } catch (e) {
      return reject(e);
    }
    const path = join(tmpdir(), `crm-import-${randomUUID()}.csv`);
    const fields: Record<string, string> = {};
    let failure: AppError | undefined;
    let file: Promise<void> | undefined;
    bb.on('field', (name, value) => (fields[name] = value));
    bb.on('file', (name, stream) => {
      if (name !== 'file') return stream.resume();
      const text = new TextCheck();
      const out = createWriteStream(path);
      file = new Promise<void>((done, fail) => {
        out.on('finish', done).on('error', fail);
      });
      stream.on('data', (chunk: Buffer) => {
        if (failure) return;
        failure = text.push(chunk);
        if (!out.write(chunk)) {
          stream.pause(); // backpressure: never buffer more than the disk takes
          out.once('drain', () => stream.resume());
        }
      });
      stream.on(
        'limit',
        () => (failure ??= new AppError(ErrorCode.PAYLOAD_TOO_LARGE, `The file is larger than ${maxBytes} bytes`)),
      );
      stream.on('end', () => {
        failure ??= text.end();
        out.end();
      });
    });
    bb.on('error', (e) => {
      void rm(path, { force: true });
      reject(malformedMultipart(e));
    });
    bb.on('close', async () => {
      try {
        if (file) await file;
        if (!file)
          failure ??= AppError.validation([{ field: 'file', message: 'a part named "file" with the CSV is required' }]);
        if (failure) {
          await rm(path, { force: true });
          return reject(failure);
        }
        resolve({ path, fields });
      } catch (e) {
        reject(e);
      }
    });
    req.pipe(bb);
  });
}

/**
 * POST /api/customers/import: a dedicated streaming handler mounted beside the REST table (the table's
 * rows take JSON bodies). Same access check (session) and write rate limit as the table's rows. With
 * `Prefer: respond-async` or `async=true` it answers 202 with a job (docs/jobs.md), otherwise the report.
 */
export function customerImportRouter(deps: RouterDeps<CrmServices>): Router {
  const router = Router();
  router.post(
    IMPORT_PATH,
    deps.limiter.middleware(() => 'write'),
    async (req, res, next) => {
      let upload: Upload | undefined;
      try {
        const { principal } = req.auth;
        const denied = accessError('session', principal, req.auth.failure);
        if (denied || !principal) {
          req.resume();
          return sendError(req, res, denied ?? AppError.unauthenticated());
        }
        req.extendDeadline?.(deps.services.customerImport.limits.timeoutMs); // the upload and the import take long
        upload = await receive(req, deps.services.customerImport.limits.maxBytes);
        const dryRun = flagOf(req, upload.fields, 'dryRun');
        const ctx = createContext(deps, req, res);
        if (wantsJob(req, res, upload.fields)) {
          // docs/jobs.md: the same checks as below before anything is written, then 202 and the job
          const path = upload.path;
          const file = { check: path, content: () => createReadStream(path) };
          const job = await startImportJob(ctx.em, deps.services, principal, file, dryRun);
          return deps.services.backgroundJobs.accepted(res, job);
        }
        const report = await deps.services.customerImport.importFile(ctx.em, principal.organizationId, upload.path, {
          dryRun,
        });
        res.status(200).json(report);
      } catch (e) {
        if (e instanceof AppError) {
          if (!req.complete) res.setHeader('Connection', 'close');
          sendError(req, res, e);
        } else next(e);
      } finally {
        if (upload) await rm(upload.path, { force: true });
      }
    },
  );
  return router;
}
