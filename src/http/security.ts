import type { RequestHandler } from 'express';
import cors from 'cors';
import helmet from 'helmet';
import type { Config } from '../config';

/**
 * Security headers (helmet's defaults: a strict Content-Security-Policy, HSTS, nosniff, frame and referrer
 * policies). One exception: the Apollo Sandbox page (GET /graphql from a browser, development only) loads its
 * scripts from Apollo's CDN and carries its own per-request nonce policy in a <meta> tag; helmet's header policy
 * would block it (browsers enforce both), so that one page goes without the header policy.
 */
export function securityHeaders(config: Config): RequestHandler {
  const strict = helmet();
  const landingPage = helmet({ contentSecurityPolicy: false });
  return (req, res, next) => {
    const sandboxPage =
      config.graphqlSandbox &&
      req.method === 'GET' &&
      req.path === '/graphql' &&
      req.accepts(['application/json', 'text/html']) === 'text/html';
    return (sandboxPage ? landingPage : strict)(req, res, next);
  };
}

/**
 * CORS for browser clients on other origins (docs/decisions.md, "HTTP hardening"): only the origins listed in
 * CORS_ORIGINS, with credentials (the session cookie); any other origin gets no CORS header at all, so the
 * browser keeps the response from its page. No origins listed (the default): no CORS at all.
 */
export function corsPolicy(config: Config): RequestHandler | undefined {
  if (!config.corsOrigins.length) return undefined;
  const allowed = new Set(config.corsOrigins);
  return cors({
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization', 'X-Request-Id', 'Apollo-Require-Preflight'],
    exposedHeaders: [
      'X-Request-Id',
      'Retry-After',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'RateLimit-Policy',
    ],
    maxAge: 600,
  });
}
