type Env = Record<string, string | undefined>;

/** A setting the service refuses to start with; main prints its message alone, without a stack. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const isOn = (raw: string | undefined) => ['1', 'true', 'yes', 'on'].includes((raw ?? '').toLowerCase());
const isOff = (raw: string | undefined) => ['0', 'false', 'no', 'off', 'never'].includes((raw ?? '').toLowerCase());

/**
 * Settings that are convenient on a laptop and unsafe on a server. Each returns what is wrong and what to do,
 * or undefined. Only explicit settings are checked: the production defaults are all safe.
 */
const CHECKS: ((env: Env) => string | undefined)[] = [
  (env) =>
    env.SESSION_SECRET
      ? undefined
      : 'SESSION_SECRET is not set: set a random value of 32+ characters, the same on every instance (a generated one differs per instance and is lost with the data folder)',
  (env) =>
    isOn(env.GRAPHQL_SANDBOX)
      ? 'GRAPHQL_SANDBOX is on: the Sandbox page loads scripts from a CDN under a relaxed Content-Security-Policy; unset it'
      : undefined,
  (env) =>
    isOn(env.GRAPHQL_INTROSPECTION)
      ? 'GRAPHQL_INTROSPECTION is on: it publishes the whole schema to any caller; unset it'
      : undefined,
  (env) =>
    isOff(env.COOKIE_SECURE)
      ? 'COOKIE_SECURE=false sends the session cookie over plain http; use auto (behind TLS with TRUST_PROXY=true) or true'
      : undefined,
  (env) =>
    isOn(env.WEBHOOK_ALLOW_PRIVATE_URLS)
      ? 'WEBHOOK_ALLOW_PRIVATE_URLS is on: webhooks could reach private addresses (SSRF); unset it'
      : undefined,
  (env) =>
    (env.CORS_ORIGINS ?? '').split(',').some((o) => o.trim().startsWith('http:'))
      ? 'CORS_ORIGINS lists an http:// origin: a page served without TLS would use the session; list https:// origins only'
      : undefined,
];

/**
 * Settings that are allowed in production but weaken it on purpose: the service starts and says so once in
 * its log. INBOUND_ALLOW_UNSIGNED is the explicit way to accept provider webhooks without a signature.
 */
const WARNINGS: ((env: Env) => string | undefined)[] = [
  (env) =>
    isOn(env.INBOUND_ALLOW_UNSIGNED)
      ? 'INBOUND_ALLOW_UNSIGNED is on: provider webhooks of organizations without a webhook secret are accepted unsigned (anyone who knows an inbound address or phone number can inject emails, calls and SMS); configure the provider secrets and unset it'
      : undefined,
  (env) =>
    env.DB_ROW_SECURITY !== undefined && !isOn(env.DB_ROW_SECURITY)
      ? 'DB_ROW_SECURITY is off: the pool keeps the connecting user, so row-level security no longer backs the tenant filter (and the owner of the tables sees no row at all); unset it'
      : undefined,
];

/** NODE_ENV=production: the deliberate weakenings in force (logged at start-up by src/main.ts). */
export function productionWarnings(env: Env): string[] {
  return env.NODE_ENV === 'production'
    ? WARNINGS.map((warn) => warn(env)).filter((w): w is string => w !== undefined)
    : [];
}

/** NODE_ENV=production: every unsafe setting is named in one error, so one restart fixes them all. */
export function refuseUnsafeProduction(env: Env): void {
  const problems = CHECKS.map((check) => check(env)).filter((p): p is string => p !== undefined);
  if (problems.length)
    throw new ConfigError(
      `NODE_ENV=production refuses to start with unsafe settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
}
