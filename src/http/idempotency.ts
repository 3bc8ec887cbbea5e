import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { findAnswer, IdempotencyKeyId, storeAnswer, StoredAnswer, tryLockKey } from '../db/idempotency-store';
import { AppError, ERROR_TABLE, ErrorCode } from '../lib/errors';
import { sendError } from './error-response';
import type { Principal } from './principal';
import { HeldResponse, holdResponse } from './response-hold';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** On an answer replayed from the store, as Stripe marks it. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Visible ASCII, no spaces: a UUID, a ULID, or any token of the caller's own. */
const KEY_FORMAT = /^[\x21-\x7e]+$/;
/** The headers of an answer that are stored and replayed with its status and body. */
const KEPT_HEADERS = ['content-type', 'location', 'content-disposition'];
/** Refusals that the same request would get again: stored like a success. Anything else runs again on a retry. */
const STORED_REFUSALS = new Set([400, 404, 422]);
const SAVEPOINT = 'idempotent_request';

/**
 * `Idempotency-Key` on POST (docs/decisions.md, "Idempotency-Key"). A signed-in caller's POST that carries one
 * runs inside ONE transaction that this middleware opens: it takes the key's lock (another request with the key
 * still running: 409 IDEMPOTENCY_KEY_IN_USE), looks the key up (stored within 24 h: the stored answer, or 422
 * IDEMPOTENCY_KEY_REUSED when the request differs), then lets the handler run on that transaction (the request's
 * context forks it: graphql/context.ts), holds its answer back, stores it in the same transaction and commits
 * before anything is sent. So a write and its key row commit together or not at all: a retry after an
 * ambiguous failure (a 503, a lost connection) finds the stored answer exactly when the write was made.
 */
export function idempotencyKeys(orm: MikroORM): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST') return next();
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !KEY_FORMAT.test(key))
      return refuse(
        req,
        res,
        AppError.validation(
          [
            {
              field: IDEMPOTENCY_HEADER,
              message: `1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters (no spaces), e.g. a UUID`,
            },
          ],
          'The Idempotency-Key header is malformed',
        ),
      );
    const principal = req.auth?.principal;
    if (!principal) return next(); // sign-up, login, password reset: the key is ignored (docs/decisions.md)
    const id = { organizationId: principal.organizationId, caller: callerOf(principal), key };
    runOnce(orm, id, fingerprint(req), req, res, next).catch(next);
  };
}

/** Keys are the caller's own: a user (as impersonated by whom, if so) or an API key. */
function callerOf(p: Principal): string {
  if (p.apiKeyId) return `api-key:${p.apiKeyId}`;
  return p.impersonatorId ? `user:${p.userId}:by:${p.impersonatorId}` : `user:${p.userId}`;
}

/**
 * What makes two requests "the same": method, path with query string, and the JSON body as parsed. A multipart
 * upload (the CSV import) is not read twice: its fingerprint is method, path and query only.
 */
function fingerprint(req: Request): string {
  let body: string;
  try {
    body = req.body === undefined ? '' : JSON.stringify(req.body);
  } catch {
    throw new AppError(ErrorCode.BAD_REQUEST, 'The request body cannot be fingerprinted for its Idempotency-Key');
  }
  return createHash('sha256').update(`${req.method} ${req.originalUrl}\n${body}`).digest('hex');
}

async function runOnce(
  orm: MikroORM,
  id: IdempotencyKeyId,
  requestHash: string,
  req: Request,
  res: Response,
  next: NextFunction,
): Promise<void> {
  const em = orm.em.fork({ clear: true });
  await em.begin(); // in the principal's tenant access (after authentication): the connection's settings
  let open = true;
  const rollback = async () => {
    if (open) await em.rollback().catch(() => undefined);
    open = false;
  };
  let hold: ReturnType<typeof holdResponse> | undefined;
  try {
    if (!(await tryLockKey(em, id))) {
      await rollback();
      return refuse(req, res, inUse());
    }
    const stored = await findAnswer(em, id);
    if (stored) {
      await rollback();
      if (stored.requestHash !== requestHash) return refuse(req, res, reused());
      return replay(req, res, stored);
    }
    await em.execute(`savepoint ${SAVEPOINT}`);
    hold = holdResponse(res);
    req.idempotency = { em };
    next();
    const answer = await hold.held;
    const graphql = req.path === '/graphql';
    const outcome = decide(answer, graphql);
    if (outcome === 'discard') {
      await rollback();
      return hold.release(graphql ? withoutData(answer) : answer);
    }
    if (outcome === 'undo-and-store') await em.execute(`rollback to savepoint ${SAVEPOINT}`);
    await storeAnswer(em, id, stored_(requestHash, answer));
    await em.commit();
    open = false;
    hold.release(answer);
  } catch (e) {
    await rollback();
    hold?.restore();
    throw e; // the error handler answers (a lost database: 503, nothing of the request committed)
  }
}

type Outcome = 'store' | 'undo-and-store' | 'discard';

/**
 * A success is stored with the writes it made; a deterministic refusal (400, 404, 422) is stored after undoing
 * whatever the handler wrote; anything else (401, 403, 409, 429, 5xx, a 503 of the deadline) is rolled back and
 * not stored, so a retry runs again. A GraphQL answer is 200 with `errors`: judged by their codes.
 */
function decide(answer: HeldResponse, graphql: boolean): Outcome {
  if (answer.status < 200 || answer.status >= 300)
    return STORED_REFUSALS.has(answer.status) ? 'undo-and-store' : 'discard';
  if (!graphql) return 'store';
  const body = parseGraphql(answer.body);
  const errors = body?.errors ?? [];
  if (!body || errors.some((e) => !STORED_REFUSALS.has(statusOf(e.extensions?.code)))) return 'discard';
  if (!errors.length) return 'store';
  return Object.values(body.data ?? {}).some((v) => v !== null) ? 'store' : 'undo-and-store';
}

interface GraphqlBody {
  data?: Record<string, unknown> | null;
  errors?: Array<{ extensions?: { code?: unknown } }>;
}

function parseGraphql(body: Buffer): GraphqlBody | undefined {
  try {
    return JSON.parse(body.toString('utf8')) as GraphqlBody;
  } catch {
    return undefined;
  }
}

const statusOf = (code: unknown): number =>
  typeof code === 'string' && code in ERROR_TABLE ? ERROR_TABLE[code as ErrorCode].status : 500;

/** A GraphQL answer whose transaction was rolled back claims no data: every field of it was undone. */
function withoutData(answer: HeldResponse): HeldResponse {
  const body = parseGraphql(answer.body);
  if (!body?.data || Object.values(body.data).every((v) => v === null)) return answer;
  return { ...answer, body: Buffer.from(JSON.stringify({ ...body, data: null })) };
}

function stored_(requestHash: string, answer: HeldResponse): StoredAnswer {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) if (answer.headers[name] !== undefined) headers[name] = String(answer.headers[name]);
  return { requestHash, status: answer.status, headers, body: answer.body };
}

function replay(req: Request, res: Response, stored: StoredAnswer): void {
  drain(req, res);
  for (const [name, value] of Object.entries(stored.headers)) res.setHeader(name, value);
  res.setHeader(REPLAYED_HEADER, 'true');
  res.status(stored.status).end(stored.body);
}

function refuse(req: Request, res: Response, error: AppError): void {
  drain(req, res);
  sendError(req, res, error);
}

/** An answer before an upload was read (the CSV import): the rest of it is discarded, the connection closed. */
function drain(req: Request, res: Response): void {
  if (req.complete) return;
  res.setHeader('Connection', 'close');
  req.resume();
}

const inUse = () =>
  new AppError(
    ErrorCode.IDEMPOTENCY_KEY_IN_USE,
    'A request with this Idempotency-Key is still running; retry it shortly with the same key',
    undefined,
    { 'Retry-After': '1' },
  );

const reused = () =>
  new AppError(
    ErrorCode.IDEMPOTENCY_KEY_REUSED,
    'This Idempotency-Key was used in the last 24 hours with another request (method, path or body): a new request needs a new key',
  );
