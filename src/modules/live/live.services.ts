import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../../config';
import type { AuthedContext } from '../../graphql/context';
import { deleteInBatches } from '../../db/prune';
import { clock } from '../../lib/clock';
import { LiveHub } from '../../live/live-hub';
import { LiveQuota } from '../../live/live-quota';
import type { JobsServices } from '../jobs/jobs.services';
import type { SharedDeps } from '../module';
import { liveConfig } from './live.settings';

/**
 * This process's live subscribers (src/live/live-hub.ts), which the transports (WebSocket, SSE) and the resolvers
 * share, and each principal's live quota (src/live/live-quota.ts).
 */
export function createLiveServices({ config }: SharedDeps) {
  const settings = liveConfig(config);
  return { liveHub: new LiveHub(settings.queueLimit), liveQuota: new LiveQuota(settings) };
}

/** Drops the kept live messages older than the replay window (the live module's schedule). */
export function pruneLiveMessages(orm: MikroORM, config: Config): Promise<number> {
  const before = new Date(clock.nowMs() - liveConfig(config).replayWindowMinutes * 60_000);
  return deleteInBatches(orm.em.fork(), 'live_messages', 'created_at < ?', [before], config.retention.batchSize);
}

export type LiveServices = ReturnType<typeof createLiveServices>;
/** The live resolvers also read a job's visibility through the jobs module's service (`needs`). */
export type LiveContext = AuthedContext<LiveServices & Pick<JobsServices, 'backgroundJobs'>>;
