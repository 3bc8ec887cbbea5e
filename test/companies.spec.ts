import { createTestApp, Registered, TestApp } from './support/test-app';
import { newCompany, newContact } from './support/crm';
import type { CompanyFacts, EnrichmentProvider } from '../src/modules/crm/companies/enrichment/enrichment.provider';
import { NoEnrichmentProvider } from '../src/modules/crm/companies/enrichment/enrichment.provider';

let t: TestApp;
let org: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Companies');
});
afterAll(() => t.close());
afterEach(() => {
  t.deps.services.companies.enricher.provider = new NoEnrichmentProvider();
});

/** A provider that records the order of its calls. */
function recordingProvider(calls: string[], opts: { failWebsite?: boolean } = {}): EnrichmentProvider {
  return {
    name: 'test-provider',
    configured: true,
    async firmographics(c: CompanyFacts) {
      calls.push(`firmographics:${c.name}`);
      return { industry: 'Construction', employeeCount: 42, revenue: '1200000.5', website: 'https://found.example' };
    },
    async analyzeWebsite(url: string) {
      calls.push(`website:${url}`);
      if (opts.failWebsite) throw new Error('site unreachable');
      return { summary: 'Rents cranes', services: ['cranes'] };
    },
  };
}

describe('companies', () => {
  it('creates, reads, updates and deletes, with exact decimal revenue and service areas', async () => {
    const res = await org.agent.post('/api/companies').send({
      name: 'Acme Cranes',
      website: 'https://acme.example',
      employeeCount: 40,
      revenue: '2500000.1',
      serviceAreas: ['Austin', ' Round Rock '],
      placesId: 'pl-1',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Acme Cranes',
      revenue: '2500000.10',
      employeeCount: 40,
      serviceAreas: ['Austin', 'Round Rock'],
      placesId: 'pl-1',
      enrichment: null,
    });
    const upd = await org.agent.put(`/api/companies/${res.body.id}`).send({ industry: 'Lifting', revenue: null });
    expect(upd.body).toMatchObject({ industry: 'Lifting', revenue: null, name: 'Acme Cranes' });
    expect((await org.agent.delete(`/api/companies/${res.body.id}`)).status).toBe(200);
    expect((await org.agent.get(`/api/companies/${res.body.id}`)).status).toBe(404);
  });

  it('keeps names unique ignoring case (409) and validates', async () => {
    await newCompany(org.agent, { name: 'Unique Rentals' });
    expect((await org.agent.post('/api/companies').send({ name: 'UNIQUE rentals' })).status).toBe(409);
    const bad = await org.agent
      .post('/api/companies')
      .send({ name: '', revenue: '-5', employeeCount: -1, website: 'not a url' });
    expect(bad.status).toBe(400);
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'employeeCount',
      'name',
      'revenue',
      'website',
    ]);
  });

  it('lists its contacts (GraphQL company.contacts); deleting it unlinks them', async () => {
    const company = await newCompany(org.agent);
    const a = await newContact(org.agent, { name: 'Bea', companyId: company.id });
    const b = await newContact(org.agent, { name: 'Al', companyId: company.id });
    const q = await t.gql<any>(org.agent, 'query($id: ID!) { company(id: $id) { contacts { id name } } }', {
      id: company.id,
    });
    expect(q.data.company.contacts).toEqual([
      { id: b.id, name: 'Al' },
      { id: a.id, name: 'Bea' },
    ]);
    await org.agent.delete(`/api/companies/${company.id}`);
    expect((await org.agent.get(`/api/contacts/${a.id}`)).body.companyId).toBeNull();
  });
});

describe('enrichment', () => {
  it('does nothing by default and says so', async () => {
    const company = await newCompany(org.agent);
    expect(company.enrichment).toBeNull();
    const res = await org.agent.post(`/api/companies/${company.id}/enrich`);
    expect(res.status).toBe(200);
    expect(res.body.enrichment).toMatchObject({
      status: 'skipped',
      provider: 'none',
      message: expect.stringMatching(/No enrichment provider is configured/),
    });
    expect(res.body.industry).toBeNull();
  });

  it('with a provider: firmographics first, then the website analysis, on creation by companyName', async () => {
    const calls: string[] = [];
    t.deps.services.companies.enricher.provider = recordingProvider(calls);
    const lead = await org.agent.post('/api/leads').send({ leadName: 'Enriched Lead', companyName: 'Found Cranes' });
    expect(lead.status).toBe(201);
    expect(calls).toEqual(['firmographics:Found Cranes', 'website:https://found.example']);
    const company = (await org.agent.get(`/api/companies/${lead.body.companyId}`)).body;
    expect(company).toMatchObject({
      industry: 'Construction',
      employeeCount: 42,
      revenue: '1200000.50',
      website: 'https://found.example',
    });
    expect(company.enrichment).toMatchObject({
      status: 'enriched',
      provider: 'test-provider',
      steps: [
        { step: 'firmographics', status: 'done' },
        { step: 'websiteAnalysis', status: 'done' },
      ],
      websiteAnalysis: { summary: 'Rents cranes', services: ['cranes'] },
    });
    expect(company.enrichedAt).toEqual(expect.any(String));
  });

  it('records a failing step without failing the request, and keeps fields the company already has', async () => {
    const calls: string[] = [];
    t.deps.services.companies.enricher.provider = recordingProvider(calls, { failWebsite: true });
    const res = await org.agent
      .post('/api/companies')
      .send({ name: 'Own Site Co', website: 'https://own.example', industry: 'Events' });
    expect(res.status).toBe(201);
    expect(calls).toEqual(['firmographics:Own Site Co', 'website:https://own.example']);
    expect(res.body).toMatchObject({ industry: 'Events', website: 'https://own.example', employeeCount: 42 });
    expect(res.body.enrichment).toMatchObject({
      status: 'partial',
      steps: [{ status: 'done' }, { step: 'websiteAnalysis', status: 'failed', message: 'site unreachable' }],
    });
  });
});
