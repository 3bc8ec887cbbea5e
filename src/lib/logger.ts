import pino from 'pino';

/** Header and body fields that carry credentials: censored wherever they appear, up to four levels deep. */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'token',
  'secret',
  'previousSecret',
  'keyDigest',
  'tokenDigest',
  'integrations',
  'integrationCredentials',
];

/** Paths that must never reach a log line (`req.headers.cookie`, `err.variables.input.password`, ...). */
const REDACT = SECRET_KEYS.map((key) => `["${key}"]`).flatMap((key) => [key, `*${key}`, `*.*${key}`, `*.*.*${key}`]);

export type Logger = pino.Logger;

/**
 * A database error's message (and the first line of its stack) starts with the statement, values inlined by
 * knex: a password hash, a session or key digest, an encrypted secret. Log PostgreSQL's own words instead, and
 * drop `detail` (`Key (key_digest)=(...) already exists`); table, column, constraint and routine stay.
 */
function err(e: unknown): unknown {
  const out = pino.stdSerializers.err(e as Error) as unknown as Record<string, unknown>;
  const db = e as { routine?: unknown; sqlMessage?: unknown } | null;
  if (!db || typeof out !== 'object' || (typeof db.routine !== 'string' && typeof db.sqlMessage !== 'string'))
    return out;
  const full = String(out.message ?? '');
  const own =
    typeof db.sqlMessage === 'string' && full.endsWith(db.sqlMessage)
      ? db.sqlMessage
      : full.slice(full.lastIndexOf(' - ') + 3);
  const stack = typeof out.stack === 'string' ? out.stack.split(full).join(own) : out.stack;
  const { detail: _detail, internalQuery: _query, ...rest } = out;
  return { ...rest, message: own, stack };
}

/**
 * `destination`: stdout unless given (tests capture the lines). `format`: JSON lines (production: one object
 * per line, for a log shipper) or `pretty` (development: pino-pretty, a dev dependency; without it, JSON).
 * Every line of a request carries its `reqId` either way.
 */
export function createLogger(
  level: string,
  destination?: pino.DestinationStream,
  format: 'json' | 'pretty' = 'json',
): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: { err },
    base: undefined,
  };
  return pino(options, destination ?? (format === 'pretty' ? prettyStream() : undefined));
}

function prettyStream(): pino.DestinationStream | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pretty = require('pino-pretty') as (o: object) => pino.DestinationStream;
    return pretty({
      colorize: Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      singleLine: true,
    });
  } catch {
    return undefined; // installed without dev dependencies: JSON
  }
}
