import express, { Express } from 'express';
import type { AppDeps } from './app-deps';
import { createGraphqlHandler } from './graphql/apollo';
import { graphqlBucket } from './graphql/operation-bucket';
import { buildAppSchema } from './graphql/schema';
import { authenticate } from './http/authenticate';
import { errorHandler } from './http/error-response';
import { healthRoutes } from './http/health';
import { RateLimiter } from './http/rate-limit';
import { requestId } from './http/request-id';
import { AppError, ErrorCode } from './lib/errors';
import { createRestRouter } from '../rest-adapter/router';
import { customerImportRouter } from './modules/crm/imports/import-upload';
import { plantsRouter } from './modules/accounts/plants/plant.router';

export interface App {
  app: Express;
  close(): Promise<void>;
}

/**
 * The HTTP face (DESIGN.md): /graphql (Apollo) and /api (the REST table) run operations on ONE schema
 * with ONE context; both sit behind the same request id, body limits, authentication and rate limits.
 */
export async function createApp(deps: AppDeps): Promise<App> {
  const schema = await buildAppSchema();
  const limiter = new RateLimiter(deps.orm, deps.config.rateLimits);
  const graphql = await createGraphqlHandler(deps, schema);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  app.use(requestId(deps.logger));
  app.use(healthRoutes(deps));
  app.use('/plants', plantsRouter(deps, limiter)); // before the JSON parser: reads its body as text (exact int64)
  app.use(express.json({ limit: deps.config.bodyLimit, type: ['application/json', 'application/*+json'] }));
  app.use(authenticate(deps));
  app.use('/graphql', limiter.middleware(graphqlBucket), graphql.handler);
  app.use(customerImportRouter(deps, limiter)); // multipart upload beside the JSON table (docs/crm.md)
  app.use(createRestRouter(deps, schema, limiter));
  app.use((req, _res, next) => next(new AppError(ErrorCode.NOT_FOUND, `No route ${req.method} ${req.path}`)));
  app.use(errorHandler);

  const prune = setInterval(() => {
    limiter.prune().catch((err) => deps.logger.warn({ err }, 'rate-limit prune failed'));
    deps.services.sessions.purgeExpired(deps.orm.em.fork()).catch((err) => deps.logger.warn({ err }, 'session purge failed'));
  }, 60_000);
  prune.unref();

  return {
    app,
    close: async () => {
      clearInterval(prune);
      await graphql.stop();
    },
  };
}
