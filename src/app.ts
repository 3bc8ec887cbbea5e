import type { Server } from 'node:http';
import express, { Express } from 'express';
import type { IncomingMessage } from 'node:http';
import type { AppDeps } from './composition';
import type { Principal } from './http/principal';
import { compilePricedRoutes, buildExecutableSchema, openReadReplica } from './composition';
import type { ReadReplica } from './db/read-replica';
import { graphqlReadRouting, isHeavyRead, readRouting } from './http/read-routing';
import { createGraphqlHandler } from './graphql/apollo';
import { graphiqlRouter } from './graphql/graphiql-page';
import { DEMO } from './demo/team';
import { graphqlBucket, graphqlCost, measureGraphqlRequest, refuseOverLimit } from './graphql/graphql-request';
import { QueryLimits } from './graphql/query-limits';
import { PersistedQueries } from './graphql/persisted-queries';
import { requestDeadline } from './http/deadline';
import { corsPolicy, securityHeaders } from './http/security';
import { errorHandler, graphqlErrorShape } from './http/error-response';
import { capResponseSize } from './http/response-cap';
import { healthRoutes } from './http/health';
import { idempotencyKeys } from './http/idempotency';
import { guardInput } from './http/input-guard';
import { RateLimiter } from './http/rate-limit';
import { requestId } from './http/request-id';
import { withNoAccess } from './db/access';
import { AppError, ErrorCode } from './lib/errors';
import { createRestRouter } from '../rest-adapter/router';
import { modules } from './modules';
import { httpMetrics } from './observability/http-metrics';
import { metricsRoutes } from './http/metrics-route';
import { authenticate } from './modules/accounts/auth/authenticate';
import { listenForPrincipalChanges } from './modules/accounts/auth/principal-listener';
import type { ModuleRouter, RouterDeps } from './modules/module';
import { principalOf } from './modules/accounts/auth/authenticate';
import { liveConfig } from './modules/live/live.settings';
import { SSE_DEFAULT_TOPICS, SSE_TOPICS } from './modules/live/live.sse';
import { principalContext } from './graphql/context';
import { listenLive } from './live/live-listener';
import { attachLiveSockets } from './live/live-socket';
import { eventStream } from './live/sse';
import { readResume } from './live/sse-resume';
import type { ResolveCredentials } from './live/live-access';

export interface App {
  app: Express;
  /** Serves the GraphQL subscriptions (graphql-ws) on `server`'s WebSocket upgrades of /graphql. */
  attach(server: Server): void;
  /** The read replica of READ_DATABASE_URL, when set (docs/deploy.md, "A read replica"). */
  readReplica?: ReadReplica;
  close(): Promise<void>;
}

/**
 * The HTTP face (docs/architecture.md): /graphql (Apollo) and /api (the REST table) run operations on ONE
 * schema with ONE context; both sit behind the same request id, body limits, authentication and rate limits.
 * Modules that serve more than REST rows (uploads, the sample /plants API) add routers: `raw` ones before
 * the JSON parser, `api` ones after authentication.
 */
export async function createApp(deps: AppDeps): Promise<App> {
  const schema = await buildExecutableSchema();
  const limits = new QueryLimits(schema, deps.config.queryLimits);
  const restRoutes = compilePricedRoutes(schema, limits); // a row over the limits stops the start
  const limiter = new RateLimiter(deps.orm, deps.config.rateLimits);
  const persistedQueries = new PersistedQueries();
  const graphql = await createGraphqlHandler(deps, schema, persistedQueries);
  // Heavy reads on the read replica when READ_DATABASE_URL is set (docs/deploy.md, "A read replica").
  const replica = await openReadReplica(deps);
  // over /graphql: the reports' and the search's operations (an export's is its list's, which stays on the primary)
  const heavyFields = new Set(
    restRoutes.filter((r) => isHeavyRead(r.row) && !r.row.export).map((r) => r.row.operation),
  );
  // Session principals kept in memory while the database's change notifications reach this process.
  const principals = deps.config.principalCache
    ? listenForPrincipalChanges(deps.orm, deps.services.sessions.principals, deps.logger)
    : undefined;
  await principals?.ready;
  // Live events (docs/events.md, "Live events"): this process's subscribers hear the crm_live channel.
  const hub = deps.services.liveHub;
  // First on every access change: the principal cache forgets it before a live connection reads its principal again.
  hub.onAccessChange((change) => {
    if (!change.startsWith('k:')) deps.services.sessions.principals.invalidate(change);
  });
  const live = listenLive(deps.orm, hub, deps.logger);
  await live.ready;
  const liveSettings = liveConfig(deps.config);
  const resolveCredentials: ResolveCredentials = (credentials) => principalOf(deps, credentials);
  const contextFor = (principal: Principal, request: IncomingMessage) =>
    principalContext(deps, principal, deps.logger, `live-${principal.userId}`, {
      ip: request.socket.remoteAddress,
      userAgent: request.headers['user-agent'],
    });
  let sockets: { close(): Promise<void> } | undefined;
  const auth = authenticate(deps);
  const routerDeps: RouterDeps<unknown> = { ...deps, limiter, authenticate: auth };
  const routers = (mount: ModuleRouter<unknown>['mount']) =>
    modules
      .flatMap((m) => ((m.routers ?? []) as ModuleRouter<unknown>[]).filter((r) => r.mount === mount))
      .map((r) => ({ path: r.path ?? '/', router: r.create(routerDeps) }));

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.use(requestId(deps.logger));
  app.use('/graphql', graphqlErrorShape); // every error of /graphql, from the body parser on, speaks GraphQL over HTTP
  app.use((_req, _res, next) => withNoAccess(next)); // no organization's rows until authentication (src/db/access.ts)
  app.use(securityHeaders(deps.config));
  const cors = corsPolicy(deps.config);
  if (cors) app.use(cors); // answers preflights before authentication and rate limits
  app.use(httpMetrics());
  app.use(healthRoutes(deps));
  if (deps.config.graphqlSandbox) app.use(graphiqlRouter(deps.config.seedDemo ? DEMO.admin.email : '')); // the offline IDE: a static page, its queries go through /graphql
  app.use(metricsRoutes({ orm: deps.orm, token: deps.config.metricsToken }));
  app.use(requestDeadline(deps.config.timeouts.requestMs));
  app.use(capResponseSize(deps.config.responseLimitBytes));
  for (const r of routers('raw')) app.use(r.path, r.router); // read their own bodies (e.g. /plants: exact int64)
  app.use(express.json({ limit: deps.config.bodyLimit, type: ['application/json', 'application/*+json'] }));
  // NUL characters and JSON nested past JSON_MAX_DEPTH, in bodies and in a GraphQL GET's variables.
  const input = { maxDepth: deps.config.jsonMaxDepth };
  app.use('/graphql', guardInput({ ...input, jsonQueryParams: ['variables', 'extensions'] })); // GraphQL-shaped
  app.use(guardInput(input));
  app.use(auth);
  app.use(idempotencyKeys(deps.orm)); // a POST with an Idempotency-Key: one transaction, its answer stored in it
  if (replica) app.use(readRouting(replica)); // a caller's writes, which its heavy reads must see
  // Measured (budget, shape, cost) before the limiter charges the cost and before Apollo runs anything.
  app.use(
    '/graphql',
    measureGraphqlRequest(limits, persistedQueries),
    limiter.middleware(graphqlBucket, graphqlCost),
    refuseOverLimit,
    graphqlReadRouting(heavyFields),
    graphql.handler,
  );
  // Not a REST row: a row answers one JSON document, this one a stream (docs/events.md, "The SSE stream").
  app.get(
    '/api/events/stream',
    limiter.middleware(
      () => 'read',
      () => 1,
    ),
    eventStream({
      schema,
      hub,
      quota: deps.services.liveQuota,
      resolve: resolveCredentials,
      topics: SSE_TOPICS,
      defaults: SSE_DEFAULT_TOPICS,
      contextFor,
      resume: (organizationId, since) =>
        readResume(deps.orm, organizationId, since, {
          limit: liveSettings.replayLimit,
          windowMinutes: liveSettings.replayWindowMinutes,
        }),
      heartbeatMs: liveSettings.heartbeatMs,
    }),
  );
  for (const r of routers('api')) app.use(r.path, r.router); // e.g. the multipart CSV import beside the JSON table
  app.use(createRestRouter(deps, schema, restRoutes, limiter));
  app.use((req, _res, next) => next(new AppError(ErrorCode.NOT_FOUND, `No route ${req.method} ${req.path}`)));
  app.use(errorHandler);

  return {
    app,
    readReplica: replica,
    attach: (server) => {
      sockets = attachLiveSockets(server, {
        path: '/graphql',
        schema,
        limits,
        hub,
        quota: deps.services.liveQuota,
        resolve: resolveCredentials,
        contextFor,
        settings: liveSettings,
        log: deps.logger,
      });
    },
    close: async () => {
      await sockets?.close();
      await live.close();
      await graphql.stop();
      await limiter.close().catch(() => undefined); // pending read/write counts; a closed database loses them
      await principals?.close();
      await replica?.close();
    },
  };
}
