/**
 * Issue 27 parts 3 and 4: the website analysis of a company reads its site through the webhooks' SSRF guard,
 * capped in size (WEBSITE_MAX_BYTES) and time (ENRICHMENT_TIMEOUT_MS), extracts what a rental business cares
 * about (services, service areas, equipment) and feeds the lead score's website signal; hot leads' companies
 * are enriched automatically. The site is a real HTTP server on loopback (the providers' fakes serve it), reached
 * with private addresses allowed as in the webhook tests; a second app with the guard on proves it refuses them.
 */
import type { LookupAddress } from 'node:dns';
import request from 'supertest';
import { createApp } from '../src/app';
import { createServices, sharedDeps } from '../src/composition';
import { appWithFakes, closeWithFakes, PDL_KEY, pdlCompany, ProviderFakes } from './support/provider-fakes';
import type { Registered, TestApp } from './support/test-app';

const fakes = new ProviderFakes();
let t: TestApp;
const MAX_BYTES = 16_384;

const SITE = `<!doctype html><html><head><title>Rivera Excavation &amp; Paving | Austin TX</title>
<meta name="description" content="Excavation, grading and paving contractor for commercial builders.">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script>var hidden = "crane rental";</script><style>.crane { color: red }</style></head>
<body><h1>Rivera Excavation &amp; Paving</h1>
<p>We provide excavation, site preparation, grading and demolition for commercial builders.
Our fleet includes mini excavators, skid steers, a bulldozer and dump trucks.</p>
<p>Proudly serving Austin, Round Rock, Pflugerville and Georgetown.</p>
<p>Call (512) 555-0142 or email office@rivera.example. <a href="/contact">Contact us</a></p></body></html>`;

beforeAll(async () => {
  t = await appWithFakes(fakes, {
    ENRICHMENT_TIMEOUT_MS: '500',
    ENRICHMENT_RETRIES: '0',
    WEBSITE_MAX_BYTES: String(MAX_BYTES),
  });
});
afterAll(() => closeWithFakes(t, fakes));
beforeEach(() => {
  fakes.forget();
  fakes.sites.set('/', { html: SITE });
});

async function orgWithFirmographics(): Promise<Registered> {
  const org = await t.registerOrg('Website');
  await org.agent.put('/api/settings/organization').send({ integrations: { enrichmentApiKey: PDL_KEY } });
  return org;
}

/** Creates a company with that website (enriched on creation) and answers its websiteAnalysis step. */
async function analysed(org: Registered, website: string) {
  const res = await org.agent.post('/api/companies').send({ name: `Site ${Math.random()}`, website });
  expect(res.status).toBe(201);
  const steps = res.body.enrichment.steps as { step: string; status: string; message?: string }[];
  return { company: res.body, step: steps.find((s) => s.step === 'websiteAnalysis') };
}

describe('website analysis', () => {
  it('extracts services, equipment and service areas from the visible text and rates the site', async () => {
    const org = await orgWithFirmographics();
    const { company, step } = await analysed(org, `${fakes.url}/site/`);
    expect(step).toEqual({ step: 'websiteAnalysis', status: 'done' });
    const analysis = company.enrichment.websiteAnalysis;
    expect(analysis).toMatchObject({
      url: `${fakes.url}/site/`,
      title: 'Rivera Excavation & Paving | Austin TX',
      summary: 'Excavation, grading and paving contractor for commercial builders.',
      quality: 0.7,
    });
    expect(analysis.services).toEqual(
      expect.arrayContaining(['excavation', 'site preparation', 'grading', 'demolition', 'paving']),
    );
    expect(analysis.equipment).toEqual(
      expect.arrayContaining(['mini excavator', 'skid steer', 'bulldozer', 'dump truck']),
    );
    expect(analysis.equipment).not.toContain('crane'); // scripts and styles are not text
    expect(analysis.serviceAreas).toEqual(
      expect.arrayContaining(['Austin', 'Round Rock', 'Pflugerville', 'Georgetown']),
    );
    expect(company.serviceAreas).toEqual(analysis.serviceAreas);
    expect(fakes.requests.find((r) => r.path === '/site/')?.headers.accept).toMatch(/text\/html/);
  });

  it('follows a redirect, and refuses pages over the size cap, slower than the timeout or not HTML', async () => {
    const org = await orgWithFirmographics();
    fakes.sites.set('/old', { html: '', redirect: `${fakes.url}/site/` });
    expect((await analysed(org, `${fakes.url}/site/old`)).step).toEqual({ step: 'websiteAnalysis', status: 'done' });

    fakes.sites.set('/big', { html: `<html><body>${'rental '.repeat(MAX_BYTES / 4)}</body></html>` });
    expect((await analysed(org, `${fakes.url}/site/big`)).step).toMatchObject({
      status: 'failed',
      message: `response larger than ${MAX_BYTES} bytes`,
    });

    fakes.sites.set('/slow', { html: SITE, delayMs: 1500 });
    const started = Date.now();
    expect((await analysed(org, `${fakes.url}/site/slow`)).step).toMatchObject({
      status: 'failed',
      message: 'timeout after 500 ms',
    });
    expect(Date.now() - started).toBeLessThan(1500);

    fakes.sites.set('/file', { html: '%PDF-1.4', type: 'application/pdf' });
    expect((await analysed(org, `${fakes.url}/site/file`)).step).toMatchObject({
      status: 'failed',
      message: 'the site answered application/pdf, not a page',
    });
    expect((await analysed(org, `${fakes.url}/site/missing`)).step).toMatchObject({
      status: 'failed',
      message: 'the site answered HTTP 404',
    });
  });

  it('goes through the SSRF guard: with private addresses refused, neither the site nor a provider on loopback is reached', async () => {
    const resolveHost = async (host: string): Promise<LookupAddress[]> => {
      if (host === 'rivera.test') return [{ address: '127.0.0.1', family: 4 }];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    };
    const config = { ...t.deps.config, webhooks: { ...t.deps.config.webhooks, allowPrivateUrls: false } };
    const guarded = await createApp({
      ...t.deps,
      config,
      services: createServices(config, { ...sharedDeps(config), resolveHost }),
    });
    try {
      const org = await t.registerOrg('Guarded');
      const agent = request.agent(guarded.app);
      await agent.post('/api/auth/login').send({ email: org.email, password: org.password });
      await agent.put('/api/settings/organization').send({ integrations: { enrichmentApiKey: PDL_KEY } });
      const port = new URL(fakes.url).port;
      for (const website of [`http://rivera.test:${port}/site/`, `${fakes.url}/site/`]) {
        const res = await agent.post('/api/companies').send({ name: `Guarded ${website}`, website });
        expect(res.status).toBe(201);
        expect(res.body.enrichment.steps).toEqual([
          { step: 'firmographics', status: 'failed', message: expect.stringMatching(/not usable: .*private address/) },
          { step: 'websiteAnalysis', status: 'failed', message: expect.stringMatching(/private address/) },
        ]);
      }
      expect(fakes.requests).toEqual([]);
    } finally {
      await guarded.close();
    }
  });
});

describe('hot leads and the score', () => {
  it("a lead that turns hot has its company enriched at once, and the analysis' quality feeds its website signal", async () => {
    const org = await t.registerOrg('Hot');
    const company = await org.agent
      .post('/api/companies')
      .send({ name: 'Hot Cranes', website: `${fakes.url}/site/`, rating: 4.6, reviewCount: 120 });
    expect(company.body.enrichment).toBeNull(); // no credentials yet: nothing called
    await org.agent.put('/api/settings/organization').send({ integrations: { enrichmentApiKey: PDL_KEY } });
    fakes.companies.set('hot cranes', pdlCompany('Hot Cranes', { website: 'hotcranes.example' }));

    const lead = await org.agent
      .post('/api/leads')
      .send({ leadName: 'Hana Hot', companyName: 'Hot Cranes', email: 'hana@hot.example', phone: '+15125550199' });
    expect(lead.status).toBe(201);
    expect(fakes.requests.map((r) => r.path)).toEqual(['/v5/company/enrich', '/site/']);
    const enriched = (await org.agent.get(`/api/companies/${company.body.id}`)).body;
    expect(enriched).toMatchObject({ industry: 'construction', employeeCount: 34, website: `${fakes.url}/site/` });
    expect(enriched.enrichedAt).toEqual(expect.any(String));

    const scored = (await org.agent.get(`/api/leads/${lead.body.id}`)).body;
    expect(scored).toMatchObject({ score: 7, scoreBand: 'hot' });
    expect(scored.scoreSignals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ signal: 'website', points: 2, reason: 'website quality 0.7' }),
      ]),
    );
  });

  it('a lead that is not hot leaves its company alone', async () => {
    const org = await orgWithFirmographics();
    const lead = await org.agent.post('/api/leads').send({ leadName: 'Walt Warm', companyName: 'Cold Compactors' });
    // created by the lead: enriched as any new company is; its leads are not hot, so nothing more runs
    expect(fakes.requests.map((r) => r.path)).toEqual(['/v5/company/enrich']);
    const scored = (await org.agent.get(`/api/leads/${lead.body.id}`)).body;
    expect(scored.scoreBand).not.toBe('hot');
  });
});
