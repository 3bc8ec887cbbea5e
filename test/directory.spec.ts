/**
 * Issue 27 part 3: the places directory (Google Places API (New) Text Search and Place Details) and the
 * firmographic provider (People Data Labs Company Enrichment) with the organization's stored keys, against
 * loopback fakes answering in the providers' documented shapes: search, a company from a place once per place
 * per organization, the enrichment's order, the providers' errors and rate limits, retries, timeouts and the
 * daily budget. Without credentials nothing is called.
 */
import { clock } from '../src/lib/clock';
import {
  appWithFakes,
  closeWithFakes,
  googlePlace,
  pdlCompany,
  PDL_KEY,
  PLACES_KEY,
  ProviderFakes,
} from './support/provider-fakes';
import type { Registered, TestApp } from './support/test-app';

const fakes = new ProviderFakes();
let t: TestApp;
const DAILY_CALLS = 40;

beforeAll(async () => {
  t = await appWithFakes(fakes, {
    ENRICHMENT_TIMEOUT_MS: '400',
    ENRICHMENT_RETRIES: '2',
    ENRICHMENT_BACKOFF_MS: '20',
    ENRICHMENT_DAILY_CALLS: String(DAILY_CALLS),
  });
});
afterAll(() => closeWithFakes(t, fakes));
beforeEach(() => fakes.forget());

/** A new organization with the given integration keys stored through the settings API. */
async function orgWith(keys: { googlePlacesApiKey?: string; enrichmentApiKey?: string } = {}): Promise<Registered> {
  const org = await t.registerOrg('Directory');
  if (Object.keys(keys).length) {
    const res = await org.agent.put('/api/settings/organization').send({ integrations: keys });
    expect(res.status).toBe(200);
  }
  return org;
}
const bothKeys = () => orgWith({ googlePlacesApiKey: PLACES_KEY, enrichmentApiKey: PDL_KEY });

const usage = async (organizationId: string) =>
  Number(
    (await t.sql<{ calls: number }>(`select calls from provider_usage where organization_id = $1`, [organizationId]))[0]
      ?.calls ?? 0,
  );

describe('without credentials', () => {
  it('search is 409 INTEGRATION_NOT_CONFIGURED and enrichment stays skipped: nothing is called', async () => {
    const org = await orgWith();
    const res = await org.agent.get('/api/directory/places?q=excavation%20Austin');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'INTEGRATION_NOT_CONFIGURED',
      message: expect.stringMatching(/googlePlacesApiKey/),
    });
    const from = await org.agent.post('/api/companies/from-place').send({ placeId: 'ChIJabc' });
    expect(from.body.code).toBe('INTEGRATION_NOT_CONFIGURED');
    const company = await org.agent.post('/api/companies').send({ name: 'No Keys Co', website: `${fakes.url}/site/` });
    expect(company.body.enrichment).toBeNull();
    const enriched = await org.agent.post(`/api/companies/${company.body.id}/enrich`);
    expect(enriched.body.enrichment).toMatchObject({ status: 'skipped', provider: 'none' });
    expect(fakes.requests).toEqual([]);
  });
});

describe('search and a company from a place', () => {
  it('searches with the key and field mask, creates the company once per place per organization, in the spec order', async () => {
    const org = await bothKeys();
    fakes.places.set(
      'ChIJrivera1',
      googlePlace('ChIJrivera1', 'Rivera Excavation', { websiteUri: `${fakes.url}/site/` }),
    );
    fakes.places.set('ChIJother2', googlePlace('ChIJother2', 'Other Paving', { rating: 3.9, userRatingCount: 8 }));
    fakes.companies.set('rivera excavation', pdlCompany('Rivera Excavation'));
    fakes.sites.set('/', {
      html: '<html><head><title>Rivera</title></head><body>Excavation and paving in Austin. Call (512) 555-0142.</body></html>',
    });

    const search = await org.agent.get('/api/directory/places?q=excavation%20Austin&limit=5');
    expect(search.status).toBe(200);
    expect(search.body).toEqual([
      {
        placeId: 'ChIJrivera1',
        name: 'Rivera Excavation',
        address: '4100 Industrial Blvd, Austin, TX 78744, USA',
        rating: 4.7,
        reviewCount: 212,
        website: `${fakes.url}/site/`,
        phone: '(512) 555-0142',
        types: ['general_contractor', 'point_of_interest', 'establishment'],
        companyId: null,
      },
      expect.objectContaining({ placeId: 'ChIJother2', rating: 3.9, reviewCount: 8, website: null }),
    ]);
    const [call] = fakes.requests;
    expect(call.headers['x-goog-api-key']).toBe(PLACES_KEY);
    expect(String(call.headers['x-goog-fieldmask']).split(',')).toEqual(
      expect.arrayContaining([
        'places.id',
        'places.displayName',
        'places.rating',
        'places.userRatingCount',
        'places.websiteUri',
      ]),
    );
    expect(call.body).toEqual({ textQuery: 'excavation Austin', pageSize: 5 });

    fakes.reset();
    const created = await org.agent.post('/api/companies/from-place').send({ placeId: 'ChIJrivera1' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Rivera Excavation',
      placesId: 'ChIJrivera1',
      rating: 4.7,
      reviewCount: 212,
      website: `${fakes.url}/site/`,
      industry: 'construction',
      employeeCount: 34,
    });
    // place (Place Details, read once), then firmographics, then the website
    expect(fakes.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/places/ChIJrivera1',
      'GET /v5/company/enrich',
      'GET /site/',
    ]);
    expect(fakes.requests[1].headers['x-api-key']).toBe(PDL_KEY);
    expect(fakes.requests[1].query.get('name')).toBe('Rivera Excavation');
    expect(created.body.enrichment).toMatchObject({
      status: 'enriched',
      provider: 'google-places+peopledatalabs',
      steps: [
        { step: 'place', status: 'done' },
        { step: 'firmographics', status: 'done' },
        { step: 'websiteAnalysis', status: 'done' },
      ],
      firmographics: { source: 'peopledatalabs', likelihood: 8, size: '11-50', inferredRevenue: '$1M-$10M' },
    });
    const text = JSON.stringify(created.body);
    expect(text).not.toContain(PLACES_KEY);
    expect(text).not.toContain(PDL_KEY);

    // the search now names the company; a second creation is a 409 without a directory call
    const again = await org.agent.get('/api/directory/places?q=excavation');
    expect(again.body[0].companyId).toBe(created.body.id);
    fakes.reset();
    const twice = await org.agent.post('/api/companies/from-place').send({ placeId: 'ChIJrivera1' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain(created.body.id);
    expect(fakes.requests).toEqual([]);

    // another organization creates its own company from the same place
    const other = await bothKeys();
    expect((await other.agent.post('/api/companies/from-place').send({ placeId: 'ChIJrivera1' })).status).toBe(201);
  });

  it('links the company of the same name that has no place yet, and fills the lead score from the place', async () => {
    const org = await orgWith({ googlePlacesApiKey: PLACES_KEY });
    fakes.places.set('ChIJlinked', googlePlace('ChIJlinked', 'Linked Lifts', { rating: 4.8, userRatingCount: 150 }));
    const lead = await org.agent.post('/api/leads').send({
      leadName: 'Lena Link',
      companyName: 'LINKED LIFTS',
      email: 'lena@linked.example',
      phone: '+15125550100',
    });
    expect(lead.status).toBe(201);
    const created = await org.agent.post('/api/companies/from-place').send({ placeId: 'ChIJlinked' });
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(lead.body.companyId);
    expect(created.body.enrichment.steps).toEqual([
      { step: 'place', status: 'done' },
      { step: 'firmographics', status: 'skipped', message: 'no firmographic credential' },
      { step: 'websiteAnalysis', status: 'skipped', message: 'the company has no website' },
    ]);
    const scored = (await org.agent.get(`/api/leads/${lead.body.id}`)).body;
    expect(scored.scoreSignals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ signal: 'rating', points: 2, reason: 'rated 4.8' }),
        expect.objectContaining({ signal: 'reviews', points: 2, reason: '150 reviews' }),
      ]),
    );
  });

  it('answers through GraphQL too; an unknown place is 404; bad input is 400', async () => {
    const org = await orgWith({ googlePlacesApiKey: PLACES_KEY });
    fakes.places.set('ChIJgql', googlePlace('ChIJgql', 'Graph Cranes'));
    const q = await t.gql<{ directoryPlaces: { placeId: string; reviewCount: number }[] }>(
      org.agent,
      'query($q: String!) { directoryPlaces(q: $q, limit: 1) { placeId reviewCount } }',
      { q: 'cranes' },
    );
    expect(q.data?.directoryPlaces).toEqual([{ placeId: 'ChIJgql', reviewCount: 212 }]);
    expect((await org.agent.post('/api/companies/from-place').send({ placeId: 'ChIJnowhere' })).status).toBe(404);
    expect((await org.agent.get('/api/directory/places?q=%20%20')).status).toBe(400);
    expect((await org.agent.get('/api/directory/places?q=x&limit=21')).status).toBe(400);
    expect((await org.agent.post('/api/companies/from-place').send({ placeId: '../x' })).status).toBe(400);
    fakes.places.clear();
    expect((await org.agent.get('/api/directory/places?q=nothing')).body).toEqual([]);
  });
});

describe('provider failures', () => {
  const SEARCH = '/v1/places:searchText';
  const search = (org: Registered) => org.agent.get('/api/directory/places?q=lifts');

  it('a refused key is 502 PROVIDER_ERROR naming the reason, without retrying and without the key', async () => {
    const org = await orgWith({ googlePlacesApiKey: 'wrong-key' });
    const res = await search(org);
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('PROVIDER_ERROR');
    expect(res.body.message).toMatch(/HTTP 400 INVALID_ARGUMENT: API key not valid/);
    expect(res.body.message).not.toContain('wrong-key');
    fakes.script(SEARCH, {
      status: 403,
      body: { error: { code: 403, message: 'denied', status: 'PERMISSION_DENIED' } },
    });
    const denied = await search(await orgWith({ googlePlacesApiKey: PLACES_KEY }));
    expect(denied.body.message).toMatch(/HTTP 403 PERMISSION_DENIED: denied \(check the API key/);
    expect(fakes.requests).toHaveLength(2);
  });

  it('retries a 5xx and answers when the provider recovers; 502 after the last attempt; every attempt counts', async () => {
    const org = await orgWith({ googlePlacesApiKey: PLACES_KEY });
    fakes.places.set('ChIJok', googlePlace('ChIJok', 'Recovered Rentals'));
    fakes.script(SEARCH, { status: 503, body: { error: { code: 503, message: 'busy', status: 'UNAVAILABLE' } } }, 2);
    const ok = await search(org);
    expect(ok.status).toBe(200);
    expect(ok.body[0].placeId).toBe('ChIJok');
    expect(fakes.requests).toHaveLength(3);
    fakes.reset();
    fakes.script(SEARCH, { status: 500, body: { error: { code: 500, message: 'oops', status: 'INTERNAL' } } }, 3);
    const failed = await search(org);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/did not answer after 3 attempts \(HTTP 500 INTERNAL: oops\)/);
    expect(await usage(org.organizationId)).toBe(6);
  });

  it('waits for Retry-After after a 429 before trying again', async () => {
    const org = await orgWith({ googlePlacesApiKey: PLACES_KEY });
    fakes.places.set('ChIJrl', googlePlace('ChIJrl', 'Patient Pumps'));
    const quota = { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } };
    fakes.script(SEARCH, { status: 429, body: quota, headers: { 'retry-after': '1' } });
    const started = Date.now();
    const res = await search(org);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fakes.requests).toHaveLength(2);
    fakes.reset();
    fakes.script(SEARCH, { status: 429, body: quota, headers: { 'retry-after': '0' } }, 3);
    const limited = await search(org);
    expect(limited.status).toBe(502);
    expect(limited.body.message).toMatch(/HTTP 429 RESOURCE_EXHAUSTED/);
  });

  it('a provider slower than ENRICHMENT_TIMEOUT_MS is cut off on every attempt', async () => {
    const org = await orgWith({ googlePlacesApiKey: PLACES_KEY });
    fakes.script(SEARCH, { status: 200, body: {}, delayMs: 1500 }, 3);
    const started = Date.now();
    const res = await search(org);
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/after 3 attempts \(timeout after 400 ms\)/);
    expect(Date.now() - started).toBeLessThan(1500 * 3);
  });

  it('the daily budget: 429 PROVIDER_BUDGET_EXHAUSTED once spent, nothing called; it is per organization and day', async () => {
    const org = await orgWith({ googlePlacesApiKey: PLACES_KEY });
    const day = clock.now().toISOString().slice(0, 10);
    await t.sql(`insert into provider_usage (organization_id, day, calls) values ($1, $2, $3)`, [
      org.organizationId,
      day,
      DAILY_CALLS,
    ]);
    const res = await search(org);
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('PROVIDER_BUDGET_EXHAUSTED');
    expect(fakes.requests).toEqual([]);
    expect((await search(await orgWith({ googlePlacesApiKey: PLACES_KEY }))).status).toBe(200);
  });

  it('a failing firmographic provider leaves the company created, its step failed (partial)', async () => {
    const org = await bothKeys();
    fakes.places.set('ChIJpartial', googlePlace('ChIJpartial', 'Partial Plant'));
    fakes.script('/v5/company/enrich', {
      status: 402,
      body: { status: 402, error: { type: 'payment_required', message: 'You have hit your account maximum' } },
    });
    const res = await org.agent.post('/api/companies/from-place').send({ placeId: 'ChIJpartial' });
    expect(res.status).toBe(201);
    expect(res.body.enrichment).toMatchObject({
      status: 'partial',
      steps: [
        { step: 'place', status: 'done' },
        {
          step: 'firmographics',
          status: 'failed',
          message: expect.stringMatching(/HTTP 402 payment_required: You have hit your account maximum/),
        },
        { step: 'websiteAnalysis', status: 'skipped' },
      ],
    });
    // no match is not a failure
    const none = await org.agent.post('/api/companies').send({ name: 'Unknown To PDL' });
    expect(none.body.enrichment.steps[0]).toEqual({ step: 'firmographics', status: 'empty' });
  });
});
