/**
 * The places directory and firmographic provider (docs/crm.md, "Places directory and company
 * enrichment"): where they are,
 * and how every call to them and to a company's website is bounded. The API keys are not here: each
 * organization stores its own in its integration settings (googlePlacesApiKey, enrichmentApiKey).
 */
export interface EnrichmentConfig {
  /** PLACES_API_URL: Google Places API (New) base, without a trailing slash. */
  placesBaseUrl: string;
  /** FIRMOGRAPHICS_API_URL: People Data Labs API base (its /v5/company/enrich). */
  firmographicsBaseUrl: string;
  /** ENRICHMENT_TIMEOUT_MS: one call, one attempt. */
  timeoutMs: number;
  /** ENRICHMENT_RETRIES: further attempts after a 429, a 5xx or a network failure, with backoff. */
  retries: number;
  /** ENRICHMENT_BACKOFF_MS: the first wait between attempts (doubled each time; a Retry-After is honoured up to 10 s). */
  backoffMs: number;
  /** ENRICHMENT_DAILY_CALLS: provider calls per organization per UTC day (every attempt counts). */
  dailyCalls: number;
  /** WEBSITE_MAX_BYTES: the largest page the website analysis reads. */
  websiteMaxBytes: number;
}

type Env = Record<string, string | undefined>;

function whole(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer of ${min} or more, got "${raw}"`);
  return n;
}

const base = (raw: string | undefined, fallback: string) => (raw?.trim() || fallback).replace(/\/+$/, '');

export function enrichmentConfigFromEnv(env: Env): EnrichmentConfig {
  return {
    placesBaseUrl: base(env.PLACES_API_URL, 'https://places.googleapis.com'),
    firmographicsBaseUrl: base(env.FIRMOGRAPHICS_API_URL, 'https://api.peopledatalabs.com'),
    timeoutMs: whole(env, 'ENRICHMENT_TIMEOUT_MS', 4000, 1),
    retries: whole(env, 'ENRICHMENT_RETRIES', 2, 0),
    backoffMs: whole(env, 'ENRICHMENT_BACKOFF_MS', 500, 0),
    dailyCalls: whole(env, 'ENRICHMENT_DAILY_CALLS', 1000, 0),
    websiteMaxBytes: whole(env, 'WEBSITE_MAX_BYTES', 1024 * 1024, 1024),
  };
}
