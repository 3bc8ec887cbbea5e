/**
 * A list's export run as a background job (docs/jobs.md, "Exports as jobs"): `GET /api/<list>/export` with
 * `Prefer: respond-async` or `async=true` answers 202 and the job; the queue's worker streams the same CSV
 * (`exportList`, list-export-route.ts; src/modules/jobs/list-export.job.ts) into the job's result file, which `GET /api/jobs/:id/result` serves.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { GraphQLSchema } from 'graphql';
import { type ContextDeps, createContext } from '../src/graphql/context';
import { EXPORT_JOB_KIND, EXPORT_QUEUE, EXPORT_SUFFIX, type ExportParams } from '../src/http/list-export-rows';
import type { Principal } from '../src/http/principal';
import type { CompiledRoute } from './compile';
import { ListFailed, listRead } from './list-export';
import { bindVariables } from './variables';

/**
 * What this needs of the jobs module's service (src/modules/jobs/background-job.service.ts), which the composition
 * puts among the services: the adapter knows no module (docs/architecture.md, "Layers").
 */
interface JobServices {
  backgroundJobs: {
    start(
      em: EntityManager,
      principal: Principal,
      spec: { kind: string; queue: string; params: object },
    ): Promise<object>;
    accepted(res: Response, job: object): void;
  };
}

/**
 * Starts the export of `route` as a job: the parameters get every check the streamed form makes before its first
 * byte (their types, then the list's own filter and sort checks: the same 400s), then the job is recorded and queued.
 */
export async function startExportJob(
  deps: ContextDeps<unknown>,
  schema: GraphQLSchema,
  route: CompiledRoute,
  req: Request,
  res: Response,
): Promise<void> {
  const principal = req.auth.principal as Principal;
  const variables = bindVariables(route, req);
  const ctx = createContext(deps, req, res);
  await listRead(route, variables, {
    schema,
    context: () => ctx,
    batchRows: deps.config.exports.batchRows,
    timeoutMs: deps.config.exports.timeoutMs,
  }).catch((e: unknown) => {
    throw e instanceof ListFailed ? e.error : e;
  });
  const query = Object.fromEntries(
    route.args
      .filter((b) => b.source === 'query' && req.query[b.key] !== undefined)
      .map((b) => [b.key, req.query[b.key] as string | string[]]),
  );
  const { userId, organizationId, role, email, apiKeyId } = principal;
  const params: ExportParams = {
    list: route.row.path.slice(0, -EXPORT_SUFFIX.length),
    query,
    principal: { userId, organizationId, role, email, ...(apiKeyId ? { apiKeyId } : {}) },
  };
  const { backgroundJobs } = deps.services as unknown as JobServices;
  const job = await backgroundJobs.start(ctx.em, principal, {
    kind: EXPORT_JOB_KIND,
    queue: EXPORT_QUEUE,
    params,
  });
  backgroundJobs.accepted(res, job);
}
