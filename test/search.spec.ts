import { createTestApp, Registered, TestApp } from './support/test-app';
import { newCompany, newContact, newCustomer, newLead } from './support/crm';
import { newItem, newOpportunity } from './support/sales';
import { order } from './support/desk';
import { isAuthenticated } from '../src/graphql/rules';
import type { Client } from 'pg';
import { SEARCH_CANDIDATES, searchQuery } from '../src/modules/search/search.service';
import { isShortQuery } from '../src/modules/search/search.sql';
import { SearchArgs } from '../src/modules/search/search.types';
import { withTenantAccess } from '../src/db/access';
import { SEARCH_INDEXES } from '../src/modules/search/search.indexes';

interface Hit {
  kind: string;
  id: string;
  title: string;
  subtitle: string | null;
  link: string;
  score: number;
}

let t: TestApp;
let org: Registered;
let other: Registered;
const made: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Search');
  other = await t.registerOrg('Search other');
  const company = await newCompany(org.agent, { name: 'Hendricks Excavating', industry: 'Construction' });
  made.company = company.id;
  made.contact = (await newContact(org.agent, { name: 'Dana Hendricks', email: 'dana@hendricks.example' })).id;
  made.lead = (await newLead(org.agent, { leadName: 'Sam Hendricks', email: 'sam@sam-h.example' })).id;
  const customer = await newCustomer(org.agent, { name: 'Pat Hendricks', email: 'pat@ph.example' });
  made.customerContact = customer.contactId;
  made.opportunity = (await newOpportunity(org.agent, { name: 'Hendricks: foundation dig' })).id;
  const item = await newItem(org.agent, { name: 'Hendricks trencher', itemNumber: 'TR-77' });
  made.item = item.id;
  made.order = (await order(org, customer.id, [{ itemId: item.id, quantity: 1 }])).id;
  await newContact(org.agent, { name: 'Jo Hendrix', email: 'jo@hx.example' });
  await newContact(org.agent, { name: 'Unrelated Person', email: 'nobody@else.example' });
  // The other organization has a Hendricks of its own, which org must never see.
  made.foreign = (await newContact(other.agent, { name: 'Lee Hendricks', email: 'lee@foreign.example' })).id;
}, 60_000);
afterAll(() => t.close());

const search = async (agent: Registered['agent'], query: string) => {
  const res = await agent.get(`/api/search?${query}`);
  if (res.status !== 200) throw new Error(`search ${query}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { data: Hit[]; pagination: Record<string, number | boolean> };
};

describe('GET /api/search', () => {
  it('finds every kind with a typo ("Hendriks"), each hit with its kind, title, subtitle and a link that answers', async () => {
    const { data } = await search(org.agent, 'q=Hendriks&limit=50');
    const byKind = (kind: string) => data.filter((h) => h.kind === kind).map((h) => h.id);
    expect(byKind('contact')).toEqual(expect.arrayContaining([made.contact, made.customerContact]));
    expect(byKind('company')).toEqual([made.company]);
    expect(byKind('lead')).toEqual([made.lead]);
    expect(byKind('opportunity')).toEqual([made.opportunity]);
    expect(byKind('inventory_item')).toEqual([made.item]);
    expect(byKind('order')).toEqual([made.order]);
    expect(data.map((h) => h.id)).not.toContain(made.foreign);
    expect(data.find((h) => h.id === made.contact)).toMatchObject({
      title: 'Dana Hendricks',
      subtitle: 'unknown · dana@hendricks.example',
      link: `/api/contacts/${made.contact}`,
    });
    expect(data.find((h) => h.kind === 'order')?.title).toBe('Pat Hendricks: 2026-07-01 to 2026-07-10');
    for (const hit of data) {
      const res = await org.agent.get(hit.link);
      expect([hit.link, res.status, res.body.id]).toEqual([hit.link, 200, hit.id]);
    }
  });

  it('ranks by similarity, then by kind (contact, company, lead, opportunity, inventory item, order), then title', async () => {
    const { data } = await search(org.agent, 'q=hendricks&limit=50');
    const scores = data.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const kinds = ['contact', 'company', 'lead', 'opportunity', 'inventory_item', 'order'];
    for (let i = 1; i < data.length; i++) {
      const [a, b] = [data[i - 1], data[i]];
      if (a.score !== b.score) continue;
      expect(kinds.indexOf(a.kind)).toBeLessThanOrEqual(kinds.indexOf(b.kind));
      if (a.kind === b.kind) expect(a.title <= b.title).toBe(true);
    }
    // The exact name outranks the near one.
    const hendrix = data.find((h) => h.title === 'Jo Hendrix');
    if (hendrix) expect(hendrix.score).toBeLessThan(data[0].score);
    expect(data[0].score).toBe(1);
    expect(data.map((h) => h.title)).not.toContain('Unrelated Person');
  });

  it('matches emails and item numbers, and narrows to the kinds asked', async () => {
    expect((await search(org.agent, 'q=dana@hendricks.example')).data[0]).toMatchObject({ id: made.contact });
    expect((await search(org.agent, 'q=TR-77&kinds=inventory_item')).data.map((h) => h.id)).toEqual([made.item]);
    const only = await search(org.agent, 'q=Hendricks&kinds=company,opportunity');
    expect(new Set(only.data.map((h) => h.kind))).toEqual(new Set(['company', 'opportunity']));
  });

  it('matches an address with typos in its local part, and its domain as typed (docs/search.md, "Emails")', async () => {
    const ids = async (q: string) => (await search(org.agent, `q=${q}&kinds=contact`)).data.map((h) => h.id);
    const ops = (await newContact(org.agent, { name: 'Yard Desk', email: 'wheelhouse.ops@bigyard.example' })).id;
    expect(await ids('whelhouse.ops@bigyard.example')).toContain(ops); // a typo in the local part of the address
    expect(await ids('whelhouse.ops')).toContain(ops); // the local part alone, with the typo
    expect(await ids('dan@hendricks.example')).toContain(made.contact); // "dan" for "dana"
    expect(await ids('hendricks.example')).toContain(made.contact); // the domain as typed
    expect(await ids('HENDRICKS.EXAMPLE')).toContain(made.contact); // case-insensitive
    // a typo in the domain is not looked for: every address of a company shares it (the choice in docs/search.md)
    expect(await ids('hendricks.exampel')).not.toContain(made.contact);
    expect((await search(org.agent, 'q=sam-h.example&kinds=lead')).data.map((h) => h.id)).toEqual([made.lead]);
  });

  it('pages stably: the pages together are the whole ranked list', async () => {
    const all = await search(org.agent, 'q=Hendricks&limit=50');
    expect(all.pagination).toEqual({ currentPage: 1, pageSize: 50, hasNextPage: false, hasPreviousPage: false });
    const pages: Hit[] = [];
    for (let page = 1; ; page++) {
      const p = await search(org.agent, `q=Hendricks&limit=3&page=${page}`);
      expect(p.pagination).toMatchObject({ currentPage: page, pageSize: 3, hasPreviousPage: page > 1 });
      pages.push(...p.data);
      if (!p.pagination.hasNextPage) break;
    }
    expect(pages.map((h) => h.id)).toEqual(all.data.map((h) => h.id));
    const past = await search(org.agent, 'q=Hendricks&limit=3&page=20');
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
  });

  it("never shows another organization's records, not even by their exact email", async () => {
    expect((await search(org.agent, 'q=lee@foreign.example')).data).toEqual([]);
    const theirs = await search(other.agent, 'q=Hendriks');
    expect(theirs.data.map((h) => h.id)).toEqual([made.foreign]);
  });

  it('leaves out contacts that were merged into another', async () => {
    const a = await newContact(org.agent, { name: 'Quincy Mergeworth', email: 'q1@merge.example' });
    const b = await newContact(org.agent, { name: 'Quincy Mergeworth', email: 'q2@merge.example' });
    const merged = await org.agent.post(`/api/contacts/${a.id}/merge`).send({ sourceIds: [b.id] });
    expect(merged.status).toBe(200);
    const { data } = await search(org.agent, 'q=Mergeworth&kinds=contact');
    expect(data.map((h) => h.id)).toEqual([a.id]);
  });

  it('refuses bad input with a 400 and the error body, and strangers with a 401', async () => {
    for (const query of [
      '',
      'q=',
      'q=%20%20',
      'q=a',
      `q=${'x'.repeat(101)}`,
      'q=abc&limit=51',
      'q=abc&page=0',
      'q=abc&kinds=invoice',
    ]) {
      const res = await org.agent.get(`/api/search?${query}`);
      expect([query, res.status, res.body.code]).toEqual([query, 400, 'VALIDATION_ERROR']);
    }
    const anonymous = await t.agent().get('/api/search?q=Hendricks');
    expect(anonymous.status).toBe(401);
  });

  it('answers the same through GraphQL', async () => {
    const res = await t.gql(
      org.agent,
      'query($q: String!) { search(q: $q, limit: 50) { data { kind id link } pagination { hasNextPage } } }',
      {
        q: 'Hendriks',
      },
    );
    const rest = await search(org.agent, 'q=Hendriks&limit=50');
    expect(res.errors).toBeUndefined();
    expect((res.data as { search: { data: unknown[] } }).search.data).toEqual(
      rest.data.map(({ kind, id, link }) => ({ kind, id, link })),
    );
  });

  it('can use its indexes under row-level security: the functions of its conditions are LEAKPROOF (as a superuser migrated)', async () => {
    // split_part: the local part of an address (docs/search.md, "Emails"); without the mark the bench read every contact
    const rows = await t.sql<{ proname: string; proleakproof: boolean }>(
      `select proname, proleakproof from pg_proc where proname in ('word_similarity_op', 'word_similarity_commutator_op', 'texticlike')
          or oid = 'pg_catalog.split_part(text, text, integer)'::regprocedure order by proname`,
    );
    expect(rows).toEqual([
      { proname: 'split_part', proleakproof: true },
      { proname: 'texticlike', proleakproof: true },
      { proname: 'word_similarity_commutator_op', proleakproof: true },
      { proname: 'word_similarity_op', proleakproof: true },
    ]);
  });

  it('prices word similarity above a plain comparison and estimates it without computing it (as a superuser migrated)', async () => {
    const functions = await t.sql<{ proname: string; procost: number }>(
      `select proname, procost from pg_proc where proname in ('word_similarity', 'word_similarity_op', 'word_similarity_commutator_op') order by proname`,
    );
    expect(functions.map((r) => [r.proname, Number(r.procost)])).toEqual([
      ['word_similarity', 100],
      ['word_similarity_commutator_op', 100],
      ['word_similarity_op', 100],
    ]);
    const operators = await t.sql<{ oprname: string; oprrest: string }>(
      `select oprname, oprrest::text from pg_operator where oprname in ('<%', '%>') and oprleft = 'text'::regtype order by oprname`,
    );
    expect(operators).toEqual([
      { oprname: '%>', oprrest: 'contsel' },
      { oprname: '<%', oprrest: 'contsel' },
    ]);
  });

  it('runs prepared: after five runs PostgreSQL plans it once for every query, with the same hits (docs/search.md, "Speed")', async () => {
    const args = (q: string) => Object.assign(new SearchArgs(), { q });
    const first = searchQuery(org.organizationId, args('Hendriks'));
    expect(first.name).toBeDefined();
    expect(searchQuery(org.organizationId, args('Hendricks')).name).toBe(first.name); // one statement, any query
    // a short query (no trigram in its pattern) has a statement of its own: one tier, no match as typed
    const short = searchQuery(org.organizationId, args('Al'));
    expect(short.name).not.toBe(first.name);
    expect(searchQuery(org.organizationId, args('a b c')).name).toBe(short.name);
    expect(short.sql).not.toMatch(/ilike/);
    const knex = t.orm.em.getKnex();
    const client = knex.client as {
      acquireConnection(): Promise<Client>;
      releaseConnection(c: Client): Promise<unknown>;
    };
    await withTenantAccess(org.organizationId, async () => {
      const connection = await client.acquireConnection();
      try {
        for (const q of [
          'Hendriks',
          'dan@hendricks.example',
          'Hendricks',
          'trencher',
          'Hendriks',
          'TR-77',
          'Hendriks',
        ]) {
          const { sql, bindings, name } = searchQuery(org.organizationId, args(q));
          const statement = knex
            .raw(sql, bindings as never)
            .toSQL()
            .toNative();
          const values = statement.bindings as unknown[];
          const prepared = await connection.query({ name, text: statement.sql, values });
          const planned = await connection.query({ text: statement.sql, values });
          expect([q, prepared.rows]).toEqual([q, planned.rows]);
          expect(prepared.rows.length).toBeGreaterThan(0);
        }
        const { rows } = await connection.query(
          'select generic_plans, custom_plans from pg_prepared_statements where name = $1',
          [first.name],
        );
        // earlier searches of this file may have run it on this connection too: at most five were planned each time
        expect(rows).toHaveLength(1);
        expect(Number(rows[0].generic_plans)).toBeGreaterThanOrEqual(2);
        expect(Number(rows[0].custom_plans)).toBe(5);
      } finally {
        await client.releaseConnection(connection);
      }
    });
  });

  it('keeps the pending list of its indexes short (every scan reads it whole)', async () => {
    const rows = await t.sql<{ name: string; options: string[] | null }>(
      `select c.relname as name, c.reloptions as options from pg_class c where c.relname like '%\\_search\\_%\\_index' order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(Object.keys(SEARCH_INDEXES).sort());
    for (const r of rows) expect(r).toEqual({ name: r.name, options: ['gin_pending_list_limit=256'] });
  });

  describe('candidates: a common word scores a bounded number of records, and a rare exact word is never crowded out', () => {
    let crowd: Registered;
    const many = SEARCH_CANDIDATES + 60;
    beforeAll(async () => {
      crowd = await t.registerOrg('Search crowd');
      // More "Dana"s than one tier holds, then one "Dane" written last: a typo-tolerant match of "dane" is every Dana.
      await t.sql(
        `insert into contacts (id, created_at, updated_at, organization_id, name, email, status)
         select gen_random_uuid(), now(), now(), $1, 'Dana Crowd ' || lpad(g::text, 4, '0'), 'd' || g || '@crowd.example', 'unknown'
           from generate_series(1, ${many}) g`,
        [crowd.organizationId],
      );
      await newContact(crowd.agent, { name: 'Dane Zimmer', email: 'dz@zimmer.example' });
    });

    it('finds the one record that contains the text as typed first, though more typo matches exist than are scored', async () => {
      const { data } = await search(crowd.agent, 'q=dane&kinds=contact');
      expect(data[0]).toMatchObject({ title: 'Dane Zimmer', score: 1 });
      expect(data.slice(1).every((h) => h.title.startsWith('Dana Crowd'))).toBe(true);
    });

    it('answers a word shared by more records than are scored with a full page of exact hits that pages on', async () => {
      const first = await search(crowd.agent, 'q=dana&kinds=contact&limit=50');
      expect(first.data).toHaveLength(50);
      expect(first.data.every((h) => h.score === 1 && h.title.startsWith('Dana Crowd'))).toBe(true);
      expect(first.pagination.hasNextPage).toBe(true);
      const second = await search(crowd.agent, 'q=dana&kinds=contact&limit=50&page=2');
      expect(second.data).toHaveLength(50);
      expect(second.data.map((h) => h.id)).not.toEqual(expect.arrayContaining([first.data[0].id]));
    });

    it('reaches past the tier on deep pages, and adds the typo matches once the exact ones run out', async () => {
      // page 6 of 50 ends at 301: more than the 260 exact hits, so "Dane" (a typo match) comes after them.
      const deep = await search(crowd.agent, 'q=dana&kinds=contact&limit=50&page=6');
      expect(deep.data.map((h) => h.title)).toEqual([
        ...Array.from({ length: many - 250 }, (_, i) => `Dana Crowd ${String(251 + i).padStart(4, '0')}`),
        'Dane Zimmer',
      ]);
      expect(deep.pagination.hasNextPage).toBe(false);
    });
  });

  describe('item numbers: words of two letters or digits are matched as typed too (docs/search.md, "Speed")', () => {
    let stock: Registered;
    beforeAll(async () => {
      stock = await t.registerOrg('Search stock');
      // More items numbered "IT-4..." than one tier holds (each a typo match of "IT-42": word similarity 0.67-0.83),
      // then "IT-42" itself, written last.
      await t.sql(
        `insert into inventory_items (id, created_at, updated_at, organization_id, name, item_number, category, daily_rate, quantity_owned, specifications)
         select gen_random_uuid(), now(), now(), $1, 'Compactor ' || g, 'IT-' || (4000 + g), 'Compaction', 100, 2, '{}'
           from generate_series(1, ${SEARCH_CANDIDATES + 60}) g`,
        [stock.organizationId],
      );
      await newItem(stock.agent, { name: 'Scissor lift', itemNumber: 'IT-42' });
    });

    it('finds "IT-42" as typed first, though more typo matches of it exist than are scored', async () => {
      const { data } = await search(stock.agent, 'q=IT-42&kinds=inventory_item');
      expect(data[0]).toMatchObject({ title: 'Scissor lift', subtitle: expect.stringMatching(/^IT-42\b/), score: 1 });
      expect(data.slice(1).every((h) => h.title.startsWith('Compactor ') && h.score < 1)).toBe(true);
    });

    it('is short only when the pattern has no trigram of two letters or digits for the index to look up', () => {
      const cases: [string, boolean][] = [
        ['al', true], // no trigram: the scan would read every entry
        ['da', true],
        ['7', true],
        ['a b', true], // "  b" only: every word starting with b
        ['a b c', true],
        ['x-9', true],
        ['it-42', false], // "it ", "  4", " 42"
        ['ex-9', false], // "ex ", "  9"
        ['tr 77', false],
        ['al b', false], // "al ", "  b"
        ['dan', false],
        ['über', false],
      ];
      expect(cases.map(([q]) => [q, isShortQuery(q)])).toEqual(cases);
    });
  });

  it("is open to every member, as is the list of every kind it finds (a narrower list's kind must be filtered)", async () => {
    const { ruleTree } = await import('../src/composition');
    expect(ruleTree.Query.search).toBe(isAuthenticated);
    for (const list of ['contacts', 'companies', 'leads', 'opportunities', 'inventoryItems', 'transactions'])
      expect(ruleTree.Query[list]).toBe(isAuthenticated);
  });
});
