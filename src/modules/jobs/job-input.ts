import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { BackgroundJobInput } from './background-job.entity';

/** A job's input is stored in pieces of this size: neither the upload nor the worker holds more of it at once. */
export const INPUT_CHUNK = 1024 * 1024;

/** Stores `input` as the job's input, in pieces, through `tx` (the transaction that records the job). */
export async function storeInput(
  tx: EntityManager,
  ids: { organizationId: string; jobId: string },
  input: AsyncIterable<Buffer> | Buffer,
): Promise<void> {
  let seq = 0;
  let pending: Buffer[] = [];
  let size = 0;
  const write = async () => {
    if (!size) return;
    const now = clock.now();
    await tx.insert(BackgroundJobInput, {
      id: newId(),
      createdAt: now,
      updatedAt: now,
      organization: ids.organizationId,
      job: ids.jobId,
      seq: seq++,
      data: Buffer.concat(pending),
    } as never);
    pending = [];
    size = 0;
  };
  for await (const piece of Buffer.isBuffer(input) ? [input] : input) {
    for (let at = 0; at < piece.length;) {
      const part = piece.subarray(at, at + INPUT_CHUNK - size);
      pending.push(part);
      size += part.length;
      at += part.length;
      if (size === INPUT_CHUNK) await write();
    }
  }
  await write();
}

/**
 * The job's input as a stream, read a piece at a time through `em`: not the job's transaction, whose connection is
 * busy with the COPY this stream feeds (job-runner.ts hands its own em, outside the transaction).
 */
export function readInput(em: EntityManager, jobId: string): Readable {
  let seq = 0;
  return Readable.from(
    (async function* () {
      for (;;) {
        const rows = await em.execute<{ data: Buffer }[]>(
          'select data from background_job_inputs where job_id = ? and seq = ?',
          [jobId, seq++],
        );
        if (!rows.length) return;
        yield rows[0].data;
      }
    })(),
    { objectMode: false },
  );
}

/** Deletes the job's input (the job is finished). */
export async function deleteInput(em: EntityManager, jobId: string): Promise<void> {
  await em.nativeDelete(BackgroundJobInput, { job: jobId });
}
