import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  GraphQLError,
  GraphQLSchema,
  subscribe,
  validate,
  type ExecutionArgs,
  type ExecutionResult,
  type FormattedExecutionResult,
} from 'graphql';
import { WebSocketServer } from 'ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import type { Request } from 'express';
import type { Context } from '../graphql/context';
import { formatError } from '../graphql/format-error';
import type { QueryLimits } from '../graphql/query-limits';
import type { Principal } from '../http/principal';
import { readCookie, SESSION_COOKIE } from '../http/session-cookie';
import { withTenantAccess } from '../db/access';
import { AppError, ErrorCode } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { LiveHub } from './live-hub';
import type { LiveQuota } from './live-quota';
import { inTenancy } from './live-stream';
import { watchAccess, type LiveCredentials, type ResolveCredentials } from './live-access';

export interface LiveSocketOptions {
  /** The path of the HTTP GraphQL endpoint: the WebSocket upgrade is served there too. */
  path: string;
  schema: GraphQLSchema;
  limits: QueryLimits;
  hub: LiveHub;
  quota: LiveQuota;
  resolve: ResolveCredentials;
  /** The context of one subscription of `principal`. */
  contextFor(principal: Principal, request: IncomingMessage): Context<unknown>;
  settings: { initTimeoutMs: number; maxSubscriptions: number; maxMessageBytes: number; heartbeatMs: number };
  log: Logger;
}

/** What each socket keeps beside graphql-ws's own: its principal and the credentials that gave it. */
interface SocketState {
  principal?: Principal;
  credentials?: LiveCredentials;
  stopWatching?: () => void;
  /** Gives its connection back to the principal's quota. */
  release?: () => void;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Credentials of a socket: `connectionParams.authorization` (`Bearer <API key>`, what a browser client can send),
 * else the upgrade request's `Authorization` header, else its session cookie.
 */
export function credentialsOf(request: IncomingMessage, params: Record<string, unknown> | undefined): LiveCredentials {
  const header = typeof params?.authorization === 'string' ? params.authorization : request.headers.authorization;
  if (header !== undefined) return { bearer: BEARER.exec(header)?.[1] ?? '' };
  return { cookie: readCookie(request as Request, SESSION_COOKIE) };
}

/** A refusal as graphql-ws sends it: the error model's message and code. */
const refusal = (e: AppError) => [new GraphQLError(e.message, { extensions: { code: e.code } })];

const formatted = (result: ExecutionResult): FormattedExecutionResult => ({
  ...result,
  errors: result.errors?.map((e) => formatError(e.toJSON(), e)),
});

/**
 * GraphQL subscriptions over graphql-ws on the GraphQL path (docs/events.md, "Live events"). Before any work:
 * `connection_init` within `initTimeoutMs` (else 4408), messages of at most `maxMessageBytes` (else 1009), at most
 * the principal's LIVE_MAX_CONNECTIONS (else 4429) and LIVE_SUBSCRIBES_PER_MINUTE (else RATE_LIMITED),
 * credentials checked at `connection_init` (none or dead: 4403) and again whenever their access changes (4401 /
 * 4403, `./live-access.ts`), at most `maxSubscriptions` at once, and each document measured by the same query
 * limits as POST /graphql. Only subscriptions: queries and mutations go through HTTP with its rate limits.
 */
export function attachLiveSockets(server: Server, o: LiveSocketOptions): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: o.settings.maxMessageBytes });
  const states = new WeakMap<object, SocketState>();
  const state = (extra: Extra): SocketState => {
    let s = states.get(extra.socket);
    if (!s) states.set(extra.socket, (s = {}));
    return s;
  };
  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== o.path) return void socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  server.on('upgrade', upgrade);

  const disposable = useServer<Record<string, unknown> | undefined, Partial<SocketState>>(
    {
      schema: o.schema,
      connectionInitWaitTimeout: o.settings.initTimeoutMs,
      onConnect: async (ctx) => {
        const credentials = credentialsOf(ctx.extra.request, ctx.connectionParams);
        const check = await o.resolve(credentials);
        if (!check || !('principal' in check)) return false; // 4403 Forbidden
        const s = state(ctx.extra);
        try {
          s.release = o.quota.connect(check.principal);
        } catch {
          ctx.extra.socket.close(4429, 'Too many connections');
          return false;
        }
        s.principal = check.principal;
        s.credentials = credentials;
        s.stopWatching = watchAccess(o.hub, o.resolve, credentials, check.principal, (status) =>
          ctx.extra.socket.close(status === 401 ? 4401 : 4403, status === 401 ? 'Unauthorized' : 'Forbidden'),
        );
        return true;
      },
      onClose: (ctx) => {
        state(ctx.extra).stopWatching?.();
        state(ctx.extra).release?.();
      },
      onSubscribe: (ctx, _id, payload) => {
        const s = state(ctx.extra);
        if (!s.principal) return refusal(AppError.unauthenticated());
        // graphql-ws has already entered this one (as null) while it is being set up
        if (Object.keys(ctx.subscriptions).length > o.settings.maxSubscriptions)
          return refusal(
            new AppError(
              ErrorCode.QUERY_TOO_BROAD,
              `more than ${o.settings.maxSubscriptions} subscriptions on one socket`,
            ),
          );
        try {
          o.quota.subscribe(s.principal);
          const parsed = o.limits.parse(payload.query, payload.operationName);
          if (!parsed?.operation) return undefined; // a syntax error: graphql-ws reports it as graphql-js does
          if (parsed.operation.operation !== 'subscription')
            return refusal(
              new AppError(
                ErrorCode.OPERATION_NOT_SUPPORTED,
                'only subscriptions run over WebSocket; send queries and mutations to POST /graphql',
              ),
            );
          if (parsed.shape) o.limits.checkShape(parsed.shape);
          o.limits.cost(parsed.document, payload.variables ?? undefined, payload.operationName);
          const errors = validate(o.schema, parsed.document);
          if (errors.length) return errors;
          const args: ExecutionArgs = {
            schema: o.schema,
            document: parsed.document,
            operationName: payload.operationName,
            variableValues: payload.variables,
            contextValue: o.contextFor(s.principal, ctx.extra.request),
          };
          return args;
        } catch (e) {
          if (e instanceof AppError) return refusal(e);
          throw e;
        }
      },
      subscribe: async (args) => {
        const organizationId = (args.contextValue as Context<unknown>).principal?.organizationId;
        if (!organizationId) return { errors: refusal(AppError.unauthenticated()) };
        const result = await withTenantAccess(organizationId, () => subscribe(args));
        return Symbol.asyncIterator in result ? inTenancy(result, organizationId) : result;
      },
      onNext: (_ctx, _id, _payload, _args, result) => formatted(result),
      onError: (_ctx, _id, _payload, errors) => errors.map((e) => formatError(e.toJSON(), e)),
    },
    wss,
    o.settings.heartbeatMs,
  );

  return {
    close: async () => {
      server.off('upgrade', upgrade);
      await disposable.dispose();
    },
  };
}
