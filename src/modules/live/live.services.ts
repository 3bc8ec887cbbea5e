import type { AuthedContext } from '../../graphql/context';
import { LiveHub } from '../../live/live-hub';
import type { SharedDeps } from '../module';
import { liveConfig } from './live.settings';

/** This process's live subscribers (src/live/live-hub.ts): the transports (WebSocket, SSE) and the resolvers share it. */
export function createLiveServices({ config }: SharedDeps) {
  return { liveHub: new LiveHub(liveConfig(config).queueLimit) };
}

export type LiveServices = ReturnType<typeof createLiveServices>;
export type LiveContext = AuthedContext<LiveServices>;
