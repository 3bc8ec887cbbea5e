import { defineModule } from '../module';
import { LiveResolver } from './live.resolver';
import { createLiveServices } from './live.services';
import { liveSettings } from './live.settings';
import { pruneLiveMessages } from './live.services';

/**
 * Live events (docs/events.md, "Live events"): GraphQL subscriptions over graphql-ws on /graphql and the SSE stream
 * of the REST face, fed by the `crm_live` channel (src/live) that the tables' triggers and background jobs publish on.
 */
export const liveModule = defineModule({
  name: 'live',
  summary:
    'Live events: GraphQL subscriptions (graphql-ws) and an SSE stream of notifications, timelines, tasks, orders, job progress and events',
  entities: [],
  resolvers: [LiveResolver],
  routes: [],
  migrations: () => import('./migrations'),
  settings: liveSettings,
  needs: ['backgroundJobs'],
  services: createLiveServices,
  schedules: [
    // the kept live messages past the replay window (docs/events.md, "Resuming: Last-Event-ID")
    { name: 'live-messages-prune', cron: '*/5 * * * *', run: ({ orm, config }) => pruneLiveMessages(orm, config) },
  ],
});
