import type { AuthedContext } from '../../graphql/context';
import { LiveHub } from '../../live/live-hub';
import type { JobsServices } from '../jobs/jobs.services';
import type { SharedDeps } from '../module';
import { liveConfig } from './live.settings';

/** This process's live subscribers (src/live/live-hub.ts): the transports (WebSocket, SSE) and the resolvers share it. */
export function createLiveServices({ config }: SharedDeps) {
  return { liveHub: new LiveHub(liveConfig(config).queueLimit) };
}

export type LiveServices = ReturnType<typeof createLiveServices>;
/** The live resolvers also read a job's visibility through the jobs module's service (`needs`). */
export type LiveContext = AuthedContext<LiveServices & Pick<JobsServices, 'backgroundJobs'>>;
