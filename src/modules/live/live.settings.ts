import type { Config } from '../../config';
import { intSetting, readSettings, type SettingsOf } from '../../config-settings';

/** The limits of live connections (docs/events.md, "Limits"; docs/configuration.md): checked before any work. */
export const liveSettings = {
  initTimeoutMs: intSetting(
    'LIVE_INIT_TIMEOUT_MS',
    5_000,
    'a GraphQL WebSocket that has not sent `connection_init` by then is closed (4408)',
    { min: 100 },
  ),
  maxSubscriptions: intSetting(
    'LIVE_MAX_SUBSCRIPTIONS',
    20,
    'subscriptions one WebSocket may run at once; one more is refused',
    { min: 1 },
  ),
  maxConnections: intSetting(
    'LIVE_MAX_CONNECTIONS',
    10,
    'live connections (WebSockets and SSE streams) one API key or user may hold at once on an instance; one more is refused (4429 / 429)',
    { min: 1 },
  ),
  subscribesPerMinute: intSetting(
    'LIVE_SUBSCRIBES_PER_MINUTE',
    120,
    'subscriptions one API key or user may start per minute on an instance (an SSE stream: one per topic); more are RATE_LIMITED',
    { min: 1 },
  ),
  maxMessageBytes: intSetting(
    'LIVE_MAX_MESSAGE_BYTES',
    65_536,
    'the largest WebSocket message a client may send; a larger one closes the socket (1009)',
    { min: 1_024 },
  ),
  queueLimit: intSetting(
    'LIVE_QUEUE_LIMIT',
    1_000,
    'live messages one subscriber may have waiting; a slower one is ended with an error',
    { min: 10 },
  ),
  replayLimit: intSetting(
    'LIVE_REPLAY_LIMIT',
    500,
    'live messages an SSE stream resuming from Last-Event-ID may be replayed; more and it is told to refetch (`reset`)',
    { min: 1 },
  ),
  replayWindowMinutes: intSetting(
    'LIVE_REPLAY_WINDOW_MINUTES',
    60,
    'how long live messages are kept for Last-Event-ID; an older last id is told to refetch (`reset`)',
    { min: 1 },
  ),
  heartbeatMs: intSetting(
    'LIVE_HEARTBEAT_MS',
    15_000,
    'how often an idle SSE stream sends a comment line and a WebSocket a ping',
    { min: 100 },
  ),
};

export type LiveConfig = SettingsOf<typeof liveSettings>;

export function liveConfig(config: Config): LiveConfig {
  return readSettings(liveSettings, config.environment);
}
