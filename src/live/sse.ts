import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { GraphQLSchema, parse, subscribe, type DocumentNode, type ExecutionResult } from 'graphql';
import type { Context } from '../graphql/context';
import { formatError } from '../graphql/format-error';
import { accessError } from '../graphql/rules';
import type { Principal } from '../http/principal';
import { AppError } from '../lib/errors';
import { toAppError } from '../lib/to-app-error';
import type { LiveHub } from './live-hub';
import type { LiveQuota } from './live-quota';
import { inTenancy } from './live-stream';
import { credentialsOf } from './live-socket';
import { watchAccess, type ResolveCredentials } from './live-access';
import { LiveCursor, type LiveTopicCursor } from './live-cursor';
import { lastEventId, resetData, type Resume } from './sse-resume';

/**
 * One topic of the SSE stream: the subscription it runs (`document`, whose one root field is what each event
 * carries) and its variables from the query string; `param` names the one it requires.
 */
export interface SseTopic {
  name: string;
  document: string;
  variables?(query: Record<string, string | undefined>): Record<string, unknown>;
  param?: string;
}

export interface EventStreamOptions {
  schema: GraphQLSchema;
  hub: LiveHub;
  quota: LiveQuota;
  resolve: ResolveCredentials;
  topics: readonly SseTopic[];
  /** The topics of a request that names none. */
  defaults: readonly string[];
  contextFor(principal: Principal, request: IncomingMessage): Context<unknown>;
  /** The kept messages of an organization after an event id (./sse-resume.ts, readResume). */
  resume(organizationId: string, since: number): Promise<Resume>;
  heartbeatMs: number;
}

type Started = { topic: SseTopic; events: AsyncIterableIterator<ExecutionResult>; at: LiveTopicCursor };

/** setTimeout's longest delay: the stream has no request deadline (http/deadline.ts). */
const NO_DEADLINE = 2 ** 31 - 1;

type Query = Record<string, string | undefined>;

/** The query string as one string per name (`?topics=a&topics=b` is `a,b`); nested objects are dropped. */
function flat(query: Request['query']): Query {
  return Object.fromEntries(
    Object.entries(query).map(([k, v]) => [
      k,
      typeof v === 'string' ? v : Array.isArray(v) ? v.filter((x) => typeof x === 'string').join(',') : undefined,
    ]),
  );
}

function chosen(o: EventStreamOptions, query: Query): SseTopic[] {
  const names = query.topics ? query.topics.split(',').map((t) => t.trim()) : [...o.defaults];
  const topics = names.map((name) => o.topics.find((t) => t.name === name));
  const details = names.flatMap((name, i) => {
    const topic = topics[i];
    if (!topic)
      return [{ field: 'topics', message: `unknown topic ${name}: one of ${o.topics.map((t) => t.name).join(', ')}` }];
    return topic.param && !query[topic.param]
      ? [{ field: topic.param, message: `the ${name} topic needs ${topic.param}` }]
      : [];
  });
  if (details.length) throw AppError.validation(details);
  return topics.filter((t): t is SseTopic => t !== undefined);
}

/** Each topic's subscription, started before the answer's headers: a refusal (403, 404, 400) is an ordinary error. */
async function start(
  o: EventStreamOptions,
  req: Request,
  query: Query,
  principal: Principal,
  topics: SseTopic[],
  documents: Map<string, DocumentNode>,
  cursor: LiveCursor,
): Promise<Started[]> {
  const started: Started[] = [];
  try {
    for (const topic of topics) {
      const document = documents.get(topic.name) ?? parse(topic.document);
      documents.set(topic.name, document);
      const contextValue = o.contextFor(principal, req);
      const at: LiveTopicCursor = (contextValue.live = { cursor });
      const result = await subscribe({
        schema: o.schema,
        document,
        variableValues: topic.variables?.(query) ?? {},
        contextValue,
      });
      if (!(Symbol.asyncIterator in result)) throw toAppError(result.errors?.[0]) ?? new Error('subscription refused');
      started.push({ topic, events: inTenancy(result, principal.organizationId), at });
    }
  } catch (e) {
    for (const s of started) await s.events.return?.();
    throw e;
  }
  return started;
}

const frame = (lines: Record<string, string | number>) =>
  `${Object.entries(lines)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n\n`;

/**
 * `GET /api/events/stream` (docs/events.md, "The SSE stream"): the live subscriptions for REST callers as
 * `text/event-stream`. Each topic runs its GraphQL subscription with the caller's principal, so every event passes
 * the same rules and tenancy as over WebSocket; `event:` names the topic, `data:` is the subscription's field as
 * JSON, `id:` the stream's cursor (./live-cursor.ts): sent back as `Last-Event-ID` (or `?lastEventId=`), the stream
 * first replays the kept messages since (./sse-resume.ts) or says `event: reset`. A comment line every `heartbeatMs` keeps proxies from closing it; the
 * caller's access is checked again like a socket's (`./live-access.ts`): gone, an `event: error` and the end.
 */
export function eventStream(o: EventStreamOptions): RequestHandler {
  const documents = new Map<string, DocumentNode>();
  return async (req, res, next) => {
    try {
      const principal = req.auth?.principal;
      const refused = accessError('session', principal, req.auth?.failure);
      if (refused || !principal) throw refused ?? AppError.unauthenticated();
      const query = flat(req.query);
      const topics = chosen(o, query);
      const since = lastEventId(req, query);
      o.quota.subscribe(principal, topics.length);
      const release = o.quota.connect(principal);
      const cursor = new LiveCursor();
      let streams: Started[] = [];
      let reset: string | undefined;
      try {
        streams = await start(o, req, query, principal, topics, documents, cursor);
        // read once every topic's feed is open: a message that arrives meanwhile is in both, and given once
        if (since !== undefined) {
          const resumed = await o.resume(principal.organizationId, since);
          if ('messages' in resumed) cursor.resume(since, resumed.messages);
          else reset = resumed.reset;
        }
      } catch (e) {
        for (const s of streams) await s.events.return?.();
        release();
        throw e;
      }
      res.on('close', release);
      serve(o, req, res, principal, streams, reset);
    } catch (e) {
      next(e);
    }
  };
}

function serve(
  o: EventStreamOptions,
  req: Request,
  res: Response,
  principal: Principal,
  streams: Started[],
  reset: string | undefined,
): void {
  req.extendDeadline?.(NO_DEADLINE);
  res.status(200).set({
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  res.write(': live\n\n');
  if (reset) res.write(frame({ event: 'reset', data: JSON.stringify(resetData(reset)) }));
  let ended = false;
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), o.heartbeatMs);
  heartbeat.unref();
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    stopWatching();
    for (const s of streams) void s.events.return?.();
    streams[0]?.at.cursor.close();
    res.end();
  };
  const stopWatching = watchAccess(o.hub, o.resolve, credentialsOf(req, undefined), principal, (status) => {
    const code = status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN';
    if (!ended) res.write(frame({ event: 'error', data: JSON.stringify({ code, message: 'access changed' }) }));
    end();
  });
  req.on('close', end);
  for (const { topic, events, at } of streams)
    void (async () => {
      try {
        for await (const result of events) {
          if (ended) break;
          const field = result.data ? Object.values(result.data)[0] : undefined;
          const data = result.errors ? { errors: result.errors.map((e) => formatError(e.toJSON(), e)) } : field;
          at.cursor.settle(at.current); // written now: the id says so
          const id = at.cursor.id;
          res.write(frame({ ...(id === undefined ? {} : { id }), event: topic.name, data: JSON.stringify(data) }));
        }
      } catch {
        if (!ended) res.write(frame({ event: 'error', data: JSON.stringify({ topic: topic.name, code: 'ENDED' }) }));
      }
      end();
    })();
}
