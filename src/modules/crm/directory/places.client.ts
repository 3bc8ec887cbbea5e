import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/errors';
import type { ProviderCaller } from './provider-call';

/** One business of the places directory, as the CRM keeps it. */
export interface PlaceFacts {
  placeId: string;
  name: string;
  address: string | null;
  rating: number | null;
  reviewCount: number | null;
  website: string | null;
  phone: string | null;
  types: string[];
}

/** The fields asked for (X-Goog-FieldMask): only what PlaceFacts keeps, so the call bills the lowest SKU that has them. */
const FIELDS = [
  'id',
  'displayName',
  'formattedAddress',
  'rating',
  'userRatingCount',
  'websiteUri',
  'nationalPhoneNumber',
  'types',
];
const PROVIDER = 'The places directory';

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A Place object of the Places API (New) -> PlaceFacts; null without an id or a name. */
export function placeFacts(raw: unknown): PlaceFacts | null {
  if (!raw || typeof raw !== 'object') return null;
  const p = raw as Record<string, unknown>;
  const display = p.displayName && typeof p.displayName === 'object' ? (p.displayName as Record<string, unknown>) : {};
  const placeId = str(p.id);
  const name = str(display.text);
  if (!placeId || !name) return null;
  const rating = num(p.rating);
  const count = num(p.userRatingCount);
  return {
    placeId,
    name: name.slice(0, 200),
    address: str(p.formattedAddress),
    rating: rating !== null && rating >= 0 && rating <= 5 ? rating : null,
    reviewCount: count !== null && Number.isInteger(count) && count >= 0 ? count : null,
    website: str(p.websiteUri)?.slice(0, 500) ?? null,
    phone: str(p.nationalPhoneNumber),
    types: Array.isArray(p.types) ? p.types.filter((t): t is string => typeof t === 'string') : [],
  };
}

/**
 * Google Places API (New): Text Search (`POST /v1/places:searchText`) and Place Details (`GET /v1/places/{id}`),
 * with the organization's key in `X-Goog-Api-Key` and the fields in `X-Goog-FieldMask`.
 */
export class PlacesClient {
  constructor(
    private readonly baseUrl: string,
    private readonly caller: ProviderCaller,
  ) {}

  async search(em: EntityManager, organizationId: string, apiKey: string, query: string, limit: number) {
    const req = {
      provider: PROVIDER,
      url: `${this.baseUrl}/v1/places:searchText`,
      method: 'POST' as const,
      headers: { 'X-Goog-Api-Key': apiKey, 'X-Goog-FieldMask': FIELDS.map((f) => `places.${f}`).join(',') },
      body: { textQuery: query, pageSize: limit },
    };
    const answer = await this.caller.call(em, organizationId, req);
    if (answer.status !== 200) throw this.caller.refused(req, answer);
    const places = Array.isArray(answer.json.places) ? answer.json.places : [];
    return places.map(placeFacts).filter((p): p is PlaceFacts => p !== null);
  }

  /** 404 when the directory does not know the id (its 404 NOT_FOUND, or 400 INVALID_ARGUMENT for a malformed one). */
  async details(em: EntityManager, organizationId: string, apiKey: string, placeId: string): Promise<PlaceFacts> {
    const req = {
      provider: PROVIDER,
      url: `${this.baseUrl}/v1/places/${encodeURIComponent(placeId)}`,
      headers: { 'X-Goog-Api-Key': apiKey, 'X-Goog-FieldMask': FIELDS.join(',') },
    };
    const answer = await this.caller.call(em, organizationId, req);
    if (answer.status === 404 || (answer.status === 400 && !/api key/i.test(JSON.stringify(answer.json))))
      throw AppError.notFound('Place');
    if (answer.status !== 200) throw this.caller.refused(req, answer);
    const place = placeFacts(answer.json);
    if (!place) throw this.caller.refused(req, { ...answer, status: 200 });
    return place;
  }
}
