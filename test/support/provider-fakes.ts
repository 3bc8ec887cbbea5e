import http, { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, TestApp } from './test-app';

/**
 * Loopback fakes of the providers behind the places directory and enrichment, answering in their documented
 * shapes: Google Places API (New) Text Search (`POST /v1/places:searchText`, `{places: [Place]}`, `{}` when
 * nothing matches) and Place Details (`GET /v1/places/{id}`, a Place), with `X-Goog-Api-Key` and a required
 * `X-Goog-FieldMask` (400 INVALID_ARGUMENT without); People Data Labs Company Enrichment
 * (`GET /v5/company/enrich`, the flat company with `status` and `likelihood`; 404 `{status, error: {type,
 * message}}` without a match), with `X-Api-Key`; and a company website under `/site/...`.
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** An answer forced on the next matching request(s): a status, a body, headers, a delay before answering. */
export interface Scripted {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
}

export const PLACES_KEY = 'places-key-0123456789';
export const PDL_KEY = 'pdl-key-0123456789';

/** A Place of the Places API (New) with the fields the CRM asks for. */
export function googlePlace(id: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    displayName: { text: name, languageCode: 'en' },
    formattedAddress: '4100 Industrial Blvd, Austin, TX 78744, USA',
    nationalPhoneNumber: '(512) 555-0142',
    rating: 4.7,
    userRatingCount: 212,
    types: ['general_contractor', 'point_of_interest', 'establishment'],
    ...extra,
  };
}

/** A People Data Labs company record (Company Enrichment's 200 answer). */
export function pdlCompany(name: string, extra: Record<string, unknown> = {}) {
  return {
    status: 200,
    name: name.toLowerCase(),
    display_name: name,
    size: '11-50',
    employee_count: 34,
    id: 'tnHcNHbCv8MKeLh92946LAkX6PKg',
    founded: 2004,
    industry: 'construction',
    location: { name: 'austin, texas, united states', locality: 'austin', region: 'texas', country: 'united states' },
    website: 'riveraexcavation.example',
    tags: ['excavation', 'site preparation', 'paving'],
    summary: 'Excavation and paving contractor serving Central Texas.',
    inferred_revenue: '$1M-$10M',
    likelihood: 8,
    ...extra,
  };
}

const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });
const pdlError = (status: number, type: string, message: string) => ({ status, error: { type, message } });

export class ProviderFakes {
  requests: FakeRequest[] = [];
  /** Places by id: what Text Search returns (all of them, up to pageSize) and Place Details answers. */
  places = new Map<string, Record<string, unknown>>();
  /** PDL companies by lower-case name. */
  companies = new Map<string, Record<string, unknown>>();
  /** Pages of the company websites, by path under /site. */
  sites = new Map<string, { html: string; type?: string; delayMs?: number; redirect?: string }>();
  /** Forced answers by path prefix, used once each in order, before the normal behaviour. */
  private scripts = new Map<string, Scripted[]>();
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      const r: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as unknown) : undefined,
      };
      this.requests.push(r);
      const answer = this.scripted(r.path) ?? this.answer(r);
      const send = () => {
        if (res.destroyed) return;
        const isJson = typeof answer.body !== 'string';
        res.writeHead(answer.status, {
          'content-type': isJson ? 'application/json' : 'text/html; charset=utf-8',
          ...answer.headers,
        });
        res.end(isJson ? JSON.stringify(answer.body ?? {}) : answer.body);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
      else send();
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next `times` requests under `pathPrefix` get this answer. */
  script(pathPrefix: string, answer: Scripted, times = 1): void {
    const list = this.scripts.get(pathPrefix) ?? [];
    for (let i = 0; i < times; i++) list.push(answer);
    this.scripts.set(pathPrefix, list);
  }

  /** Forgets the requests seen and the scripted answers. */
  reset(): void {
    this.requests = [];
    this.scripts.clear();
  }

  /** reset(), and no place, company or site is known any more. */
  forget(): void {
    this.reset();
    this.places.clear();
    this.companies.clear();
    this.sites.clear();
  }

  /** The requests that reached a provider path (not the websites). */
  providerCalls(): string[] {
    return this.requests.filter((r) => !r.path.startsWith('/site')).map((r) => `${r.method} ${r.path}`);
  }

  private scripted(path: string): Scripted | undefined {
    for (const [prefix, list] of this.scripts) if (path.startsWith(prefix) && list.length) return list.shift();
    return undefined;
  }

  private answer(r: FakeRequest): Scripted {
    if (r.path.startsWith('/site')) return this.site(r.path);
    if (r.path.startsWith('/v1/places')) return this.google(r);
    if (r.path === '/v5/company/enrich') return this.pdl(r);
    return { status: 404, body: { error: 'no such path' } };
  }

  private google(r: FakeRequest): Scripted {
    if (r.headers['x-goog-api-key'] !== PLACES_KEY)
      return {
        status: 400,
        body: googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.'),
      };
    const mask = String(r.headers['x-goog-fieldmask'] ?? '');
    if (!mask) return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.') };
    if (r.method === 'POST' && r.path === '/v1/places:searchText') {
      const { textQuery, pageSize } = (r.body ?? {}) as { textQuery?: string; pageSize?: number };
      if (!textQuery) return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', 'Empty text_query.') };
      const found = [...this.places.values()].slice(0, pageSize ?? 20);
      return { status: 200, body: found.length ? { places: found } : {} };
    }
    const id = decodeURIComponent(r.path.slice('/v1/places/'.length));
    const place = this.places.get(id);
    if (r.method === 'GET' && place) return { status: 200, body: place };
    return { status: 404, body: googleError(404, 'NOT_FOUND', `Place '${id}' not found.`) };
  }

  private pdl(r: FakeRequest): Scripted {
    if (r.headers['x-api-key'] !== PDL_KEY)
      return { status: 401, body: pdlError(401, 'authentication_error', 'Invalid API Key') };
    const company = this.companies.get((r.query.get('name') ?? '').toLowerCase());
    if (!company)
      return { status: 404, body: pdlError(404, 'not_found', 'No records were found matching your request') };
    return { status: 200, body: company };
  }

  private site(path: string): Scripted {
    const page = this.sites.get(path.slice('/site'.length) || '/');
    if (!page) return { status: 404, body: '<h1>Not found</h1>' };
    if (page.redirect) return { status: 302, headers: { location: page.redirect }, body: '' };
    return {
      status: 200,
      body: page.html,
      delayMs: page.delayMs,
      headers: page.type ? { 'content-type': page.type } : undefined,
    };
  }
}

/**
 * Starts the fakes and a test app whose providers are them: both base URLs point at the fakes, and private
 * addresses are allowed (they listen on loopback) as the webhook tests allow them. `env` adds the bounds.
 */
export async function appWithFakes(fakes: ProviderFakes, env: Record<string, string> = {}): Promise<TestApp> {
  const url = await fakes.start();
  return createTestApp({ PLACES_API_URL: url, FIRMOGRAPHICS_API_URL: url, WEBHOOK_ALLOW_PRIVATE_URLS: 'true', ...env });
}

/** Closes the app, then the fakes. */
export async function closeWithFakes(t: TestApp, fakes: ProviderFakes): Promise<void> {
  await t.close();
  await fakes.close();
}
