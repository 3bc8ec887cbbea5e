import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { deleteInBatches } from '../../db/prune';
import { clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { BackgroundJobInput, type JobFilePart } from './background-job.entity';

/**
 * A job's files (docs/jobs.md): its input (an uploaded CSV) and its result (an export's CSV), kept in the database
 * in pieces of this size, so that any instance can read them; neither writer nor reader holds more at once.
 */
export const PIECE_BYTES = 1024 * 1024;

/**
 * Stores `content` as the job's `part` (its input, or its result), in pieces, through `tx`. Answers the bytes.
 * The pieces are filled in one buffer, written in turn (an insert has sent its bytes before the next fill): a
 * million-row export's file allocates one piece, not a copy of each and a view of every chunk (docs/jobs.md).
 */
export async function storeFile(
  tx: EntityManager,
  ids: { organizationId: string; jobId: string },
  part: JobFilePart,
  content: AsyncIterable<Buffer | string> | Buffer,
): Promise<number> {
  let seq = 0;
  let piece: Buffer | undefined;
  let size = 0;
  let total = 0;
  const write = async () => {
    if (!piece || !size) return;
    const now = clock.now();
    await tx.insert(BackgroundJobInput, {
      id: newId(),
      createdAt: now,
      updatedAt: now,
      organization: ids.organizationId,
      job: ids.jobId,
      part,
      seq: seq++,
      data: piece.subarray(0, size),
    } as never);
    size = 0;
  };
  for await (const chunk of Buffer.isBuffer(content) ? [content] : content) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += bytes.length;
    for (let at = 0; at < bytes.length;) {
      piece ??= Buffer.allocUnsafeSlow(PIECE_BYTES);
      const n = bytes.copy(piece, size, at, Math.min(bytes.length, at + PIECE_BYTES - size));
      size += n;
      at += n;
      if (size === PIECE_BYTES) await write();
    }
  }
  await write();
  return total;
}

/**
 * The job's `part` as a stream, read a piece at a time through `em`: for the input, not the job's transaction, whose
 * connection is busy with the COPY this stream feeds (job-runner.ts hands its own em, outside the transaction).
 * `each` is called with every piece's size before it is handed on (a download moves its deadline).
 */
export function readFile(
  em: EntityManager,
  jobId: string,
  part: JobFilePart,
  each?: (bytes: number) => void,
): Readable {
  let seq = 0;
  return Readable.from(
    (async function* () {
      for (;;) {
        const rows = await em.execute<{ data: Buffer }[]>(
          'select data from background_job_inputs where job_id = ? and part = ? and seq = ?',
          [jobId, part, seq++],
        );
        if (!rows.length) return;
        each?.(rows[0].data.length);
        yield rows[0].data;
      }
    })(),
    { objectMode: false },
  );
}

/** Whether the job has a stored `part`. */
export async function hasFile(em: EntityManager, jobId: string, part: JobFilePart): Promise<boolean> {
  const rows = await em.execute('select 1 from background_job_inputs where job_id = ? and part = ? and seq = 0', [
    jobId,
    part,
  ]);
  return rows.length > 0;
}

/** Deletes the job's `part`, or every file of the job. */
export async function deleteFile(em: EntityManager, jobId: string, part?: JobFilePart): Promise<void> {
  await em.nativeDelete(BackgroundJobInput, { job: jobId, ...(part ? { part } : {}) });
}

/** Deletes the result files of the jobs that finished more than `hours` ago (the `job-result-retention` schedule). */
export function pruneResults(em: EntityManager, hours: number, batchSize: number): Promise<number> {
  return deleteInBatches(
    em,
    'background_job_inputs',
    `part = 'result' and job_id in (select id from background_jobs where finished_at < ?)`,
    [new Date(clock.nowMs() - hours * 3_600_000)],
    batchSize,
  );
}
