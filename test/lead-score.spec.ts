/**
 * Issue 11 part 5: the lead score 0-7, stored on the lead with each signal's points and reason,
 * recomputed when the lead, its contact or its company changes, backfilled on read, banded, filtered
 * and sorted (REST and GraphQL), hot leads auto-enriched. Expected scores are worked out by hand from
 * the points table of docs/ai.md.
 */
import type { EnrichmentProvider } from '../src/modules/crm/companies/enrichment/enrichment.provider';
import { leadScoreWorker } from '../src/modules/crm/leads/lead-score.job';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let other: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Scoring');
  other = await t.registerOrg('Other');
  await org.agent
    .put('/api/settings/organization')
    .send({ aiSettings: { targetKeywords: ['excavation', 'paving', 'demolition'] } })
    .expect(200);
});
afterAll(() => t.close());

const ids: Record<string, { id: string; contactId: string; companyId: string | null }> = {};
async function lead(key: string, body: Record<string, unknown>) {
  const res = await org.agent.post('/api/leads').send(body);
  expect(res.status).toBe(201);
  ids[key] = { id: res.body.id, contactId: res.body.contactId, companyId: res.body.companyId };
  return res.body;
}
const get = async (key: string) => (await org.agent.get(`/api/leads/${ids[key].id}`).expect(200)).body;
const points = (body: { scoreSignals: Array<{ signal: string; points: number }> }) =>
  Object.fromEntries(body.scoreSignals.map((s) => [s.signal, s.points]));

describe('scoring on create and on every change', () => {
  it('scores a new lead: phone, email and name are 3 of 4 contact fields (1), two target keywords (2): 3, cold', async () => {
    const body = await lead('rivera', {
      leadName: 'Sam Rivera',
      email: 'sam@rivera.example',
      phone: '+15125550199',
      companyName: 'Rivera Excavation & Paving',
    });
    expect(body).toMatchObject({ score: 3, scoreBand: 'cold' });
    const one = await get('rivera');
    expect(one.scoreSignals).toEqual([
      { signal: 'rating', points: 0, max: 2, reason: 'no rating' },
      { signal: 'reviews', points: 0, max: 2, reason: 'no review count' },
      { signal: 'website', points: 0, max: 2, reason: 'no website' },
      { signal: 'contact', points: 1, max: 1, reason: '3 of 4 contact fields (phone, email, contactName)' },
      { signal: 'keywords', points: 2, max: 2, reason: 'matches excavation, paving' },
    ]);
    expect(one.scoredAt).toEqual(expect.any(String));
  });

  it("a change of the lead's company rescores it: rating 4.2 (1), 30 reviews (1), a website (1): 6, hot", async () => {
    await org.agent
      .put(`/api/companies/${ids.rivera.companyId}`)
      .send({ rating: 4.2, reviewCount: 30, website: 'https://rivera.example' })
      .expect(200);
    const one = await get('rivera');
    expect(one).toMatchObject({ score: 6, scoreBand: 'hot' });
    expect(points(one)).toEqual({ rating: 1, reviews: 1, website: 1, contact: 1, keywords: 2 });
  });

  it("a change of the lead's contact rescores it: without phone and email the contact signal drops: 5, warm", async () => {
    await org.agent.put(`/api/contacts/${ids.rivera.contactId}`).send({ phone: null, email: null }).expect(200);
    expect(await get('rivera')).toMatchObject({ score: 5, scoreBand: 'warm' });
    await org.agent.put(`/api/leads/${ids.rivera.id}`).send({ phone: '+15125550199', email: 'sam@rivera.example' });
    expect(await get('rivera')).toMatchObject({ score: 6, scoreBand: 'hot' });
  });

  it('scores the other bands: nothing known is 0, poor fit; a 4.0 rating, 25 reviews, full contact and one keyword is 4, warm', async () => {
    expect(await lead('doe', { leadName: 'Pat Doe' })).toMatchObject({ score: 0, scoreBand: 'poor_fit' });
    await lead('dave', {
      leadName: 'Dave Marsh',
      email: 'dave@marsh.example',
      phone: '+15125550100',
      companyName: 'Marsh Demolition',
    });
    await org.agent.put(`/api/companies/${ids.dave.companyId}`).send({ rating: 4.0, reviewCount: 25 }).expect(200);
    const dave = await get('dave');
    expect(dave).toMatchObject({ score: 4, scoreBand: 'warm' });
    expect(points(dave)).toEqual({ rating: 1, reviews: 1, website: 0, contact: 1, keywords: 1 });
  });

  it('deleting the company rescores its leads without it: Dave keeps contact (1) and no keyword in his name: 1', async () => {
    await org.agent.delete(`/api/companies/${ids.dave.companyId}`).expect(200);
    const dave = await get('dave');
    expect(dave).toMatchObject({ score: 1, scoreBand: 'poor_fit', companyId: null });
  });
});

describe('the leads list', () => {
  it('filters by band and sorts by score (REST)', async () => {
    const warm = await org.agent.get('/api/leads?scoreBand=hot').expect(200);
    expect(warm.body.data.map((l: { id: string }) => l.id)).toEqual([ids.rivera.id]);
    const sorted = await org.agent.get('/api/leads?sortBy=score&sortOrder=desc').expect(200);
    expect(sorted.body.data.map((l: { id: string; score: number }) => [l.id, l.score])).toEqual([
      [ids.rivera.id, 6],
      [ids.dave.id, 1],
      [ids.doe.id, 0],
    ]);
    const bad = await org.agent.get('/api/leads?scoreBand=scorching');
    expect(bad.status).toBe(400);
  });

  it('filters by band and sorts by score (GraphQL)', async () => {
    const res = await t.gql<{ leads: { data: Array<{ id: string; score: number; scoreBand: string }> } }>(
      org.agent,
      `{ leads(scoreBand: poor_fit, sortBy: "score", sortOrder: asc) { data { id score scoreBand scoreSignals { signal points reason } } } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.leads.data.map((l) => [l.id, l.score])).toEqual([
      [ids.doe.id, 0],
      [ids.dave.id, 1],
    ]);
  });

  it('uses an index for the band filter and the score sort', async () => {
    const rows = await t.sql<{ indexname: string }>(
      "select indexname from pg_indexes where tablename = 'leads' and indexname like '%score%' order by indexname",
    );
    expect(rows.map((r) => r.indexname)).toEqual([
      'leads_organization_id_score_band_index',
      'leads_organization_id_score_basis_index',
      'leads_organization_id_score_index',
    ]);
  });

  it('another organization sees none of these leads, in no band, and gets 404 for one', async () => {
    const list = await other.agent.get('/api/leads?scoreBand=hot').expect(200);
    expect(list.body.data).toEqual([]);
    await other.agent.get(`/api/leads/${ids.rivera.id}`).expect(404);
  });
});

describe('backfill on read', () => {
  it('scores leads without a score (rows from before the migration) when the list is read', async () => {
    await t.sql(
      'update leads set score = null, score_band = null, score_signals = null, score_basis = null where id = $1',
      [ids.rivera.id],
    );
    const list = await org.agent.get('/api/leads?scoreBand=hot').expect(200);
    expect(list.body.data.map((l: { id: string; score: number }) => [l.id, l.score])).toEqual([[ids.rivera.id, 6]]);
  });

  it('rescores every lead when the target keywords change', async () => {
    await org.agent.put('/api/settings/organization').send({ aiSettings: { targetKeywords: ['cranes'] } });
    const one = await get('rivera');
    expect(one).toMatchObject({ score: 4, scoreBand: 'warm' });
    expect(one.scoreSignals[4]).toEqual({ signal: 'keywords', points: 0, max: 2, reason: 'no target keyword found' });
    await org.agent
      .put('/api/settings/organization')
      .send({ aiSettings: { targetKeywords: ['excavation', 'paving', 'demolition'] } });
  });
});

describe('a backfill larger than a read', () => {
  // 2,300 leads never scored (as an import or the migration leaves them): a read scores 1,000 and queues the rest
  it('scores 1,000 in the read, leaves the rest to one queued job, and the job scores them as the organization', async () => {
    const big = await t.registerOrg('Many leads');
    await t.sql(
      `with c as (
         insert into contacts (id, created_at, updated_at, organization_id, name, email, status)
         select gen_random_uuid(), now(), now(), $1, 'Lead ' || g, 'l' || g || '@paving.example', 'lead'
         from generate_series(1, 2300) g returning id)
       insert into leads (id, created_at, updated_at, organization_id, contact_id, status)
       select gen_random_uuid(), now(), now(), $2, id, 'new' from c`,
      [big.organizationId, big.organizationId],
    );
    const stale = async () =>
      (
        await t.sql<{ n: number }>(
          'select count(*)::int as n from leads where organization_id = $1 and score_basis is null',
          [big.organizationId],
        )
      )[0].n;
    const waiting = async () =>
      (
        await t.sql<{ n: number }>(
          `select count(*)::int as n from pgboss.job where name = 'lead-score-backfill' and singleton_key = $1
           and state = 'created'`,
          [big.organizationId],
        )
      )[0].n;
    await big.agent.get('/api/leads?limit=1').expect(200);
    expect([await stale(), await waiting()]).toEqual([1300, 1]);
    // a second read scores 1,000 more; the job already waiting is the only one
    await big.agent.get('/api/leads?limit=1').expect(200);
    expect([await stale(), await waiting()]).toEqual([300, 1]);
    // a job scores its share (here one batch of 200) and, with leads left, queues the next: the waiting one is
    // taken off first, as a worker fetching it would
    await t.sql(`delete from pgboss.job where name = 'lead-score-backfill' and singleton_key = $1`, [
      big.organizationId,
    ]);
    const work = leadScoreWorker(t.orm, t.deps.services.leadScores, 1);
    await work.run({ organizationId: big.organizationId }, { final: false });
    expect([await stale(), await waiting()]).toEqual([100, 1]);
    await work.run({ organizationId: big.organizationId }, { final: false });
    expect(await stale()).toBe(0);
    // another organization's leads were not its to score
    const [others] = await t.sql<{ n: number }>(
      'select count(*)::int as n from leads where organization_id = $1 and score_basis is null',
      [org.organizationId],
    );
    expect(others.n).toBe(0);
  });
});

describe('hot leads are enriched through the company enrichment provider', () => {
  it('enriches the company once when its lead becomes hot, and rescores with what it found', async () => {
    const calls: string[] = [];
    const provider: EnrichmentProvider = {
      name: 'test',
      configured: true,
      firmographics: async (c) => {
        calls.push(`firmographics ${c.name}`);
        return { industry: 'Asphalt contractor' };
      },
      analyzeWebsite: async (url) => {
        calls.push(`website ${url}`);
        return { quality: 0.2, summary: 'A small paving outfit' };
      },
    };
    const { enricher } = t.deps.services.companies;
    const original = enricher.provider;
    enricher.provider = provider;
    try {
      await lead('stone', {
        leadName: 'Lee Stone',
        email: 'lee@stone.example',
        phone: '+15125550111',
        companyName: 'Stone Paving',
      });
      calls.length = 0; // a new company is enriched on creation anyway (docs/crm.md)
      await t.sql('update companies set enriched_at = null where id = $1', [ids.stone.companyId]);
      // rating 2 + reviews 2 + website 1 (not analysed) + contact 1 + keyword 1 = 7: hot
      await org.agent
        .put(`/api/companies/${ids.stone.companyId}`)
        .send({ rating: 4.7, reviewCount: 150, website: 'https://stone.example' })
        .expect(200);
      expect(calls).toEqual(['firmographics Stone Paving', 'website https://stone.example']);
      const company = (await org.agent.get(`/api/companies/${ids.stone.companyId}`)).body;
      expect(company.enrichment).toMatchObject({ status: 'enriched', provider: 'test' });
      // the analysis says quality 0.2: website 0 now, so 6
      const one = await get('stone');
      expect(one).toMatchObject({ score: 6, scoreBand: 'hot' });
      expect(one.scoreSignals[2]).toEqual({ signal: 'website', points: 0, max: 2, reason: 'website quality 0.2' });
      // already enriched: a further change does not enrich again
      await org.agent.put(`/api/companies/${ids.stone.companyId}`).send({ reviewCount: 151 }).expect(200);
      expect(calls).toHaveLength(2);
    } finally {
      enricher.provider = original;
    }
  });
});
