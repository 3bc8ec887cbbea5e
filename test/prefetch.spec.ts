import { createTestApp, Registered, TestApp } from './support/test-app';
import { newContact } from './support/crm';
import { newOpportunity } from './support/sales';
import { clock } from '../src/lib/clock';
import { listStatementsOf } from './support/statements';

/**
 * A to-many relation whose field carries the PREFETCH extension (src/graphql/prefetch.ts: contact.opportunities) is
 * read by the contacts page's own statement when the page selects it: the same rows, order and limit as its loader,
 * of the caller's organization only, and no statement of its own.
 */
let t: TestApp;
let org: Registered;
let other: Registered;
const contactIds: string[] = [];

const statementsOf = (run: () => Promise<unknown>) => listStatementsOf(t, run);

/** The first `limit` opportunities of each contact, newest first then by id, as stored for `organizationId`. */
async function stored(limit: number): Promise<Map<string, string[]>> {
  const rows = await t.sql<{ contact_id: string; id: string }>(
    `select contact_id, id from (
       select contact_id, id, row_number() over (partition by contact_id order by created_at desc, id asc) as rn
         from opportunities where organization_id = $1 and contact_id is not null) r
      where rn <= $2 order by contact_id, rn`,
    [org.organizationId, limit],
  );
  const byContact = new Map<string, string[]>(contactIds.map((id) => [id, []]));
  for (const r of rows) byContact.get(r.contact_id)?.push(r.id);
  return byContact;
}

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Prefetch');
  other = await t.registerOrg('Prefetch other');
  for (let i = 0; i < 12; i++) {
    const contact = await newContact(org.agent);
    contactIds.push(contact.id);
    for (let j = 0; j < i % 5; j++) {
      const opp = await newOpportunity(org.agent, { contactId: contact.id, value: `${i}${j}00.50` });
      // distinct creation times, and ties on some contacts so that the id decides
      await t.sql(`update opportunities set created_at = now() - make_interval(mins => $1) where id = $2`, [
        i % 3 === 0 ? 1 : j * 7 + i,
        opp.id,
      ]);
    }
  }
  // A row of another organization pointing at one of ours must never show (the tenancy sweep writes such rows).
  const foreign = await newOpportunity(other.agent);
  await t.sqlUnchecked(
    `update opportunities set contact_id = $1, created_at = now() + interval '1 day' where id = $2`,
    [contactIds[4], foreign.id],
  );
});
afterAll(() => t.close());
afterEach(() => clock.reset());

type Row = { id: string; a: { id: string }[]; b: { id: string; value: string }[]; c: { id: string }[] };
const QUERY = `query($n: Int!) { contacts(limit: 50) { data { id
  a: opportunities(limit: 2) { id }
  b: opportunities { id value }
  ...Deals } } }
  fragment Deals on Contact { c: opportunities(limit: $n) { id } }`;

describe('contact.opportunities selected in the contacts page', () => {
  it('are read by the page statement: same rows, order and limit per alias as stored, ours only', async () => {
    let rows: Row[] = [];
    const sql = await statementsOf(async () => {
      const res = await t.gql<{ contacts: { data: Row[] } }>(org.agent, QUERY, { n: 4 });
      expect(res.errors).toBeUndefined();
      rows = res.data!.contacts.data;
    });
    expect(rows).toHaveLength(12);
    const [two, three, four] = [await stored(2), await stored(3), await stored(4)];
    for (const row of rows) {
      expect(row.a.map((o) => o.id)).toEqual(two.get(row.id));
      expect(row.b.map((o) => o.id)).toEqual(three.get(row.id)); // the default limit, 3
      expect(row.c.map((o) => o.id)).toEqual(four.get(row.id));
    }
    expect(rows.flatMap((r) => r.b.map((o) => o.value))).toContain('4000.50'); // numeric keeps its scale
    expect(sql.filter((s) => /from "opportunities" as "e"/.test(s))).toEqual([]); // no statement of its own
    expect(sql.length).toBeLessThanOrEqual(3); // session lookup, page, count
  });

  it('gives the same answer as the loader (a single contact, no page statement)', async () => {
    const id = contactIds[4];
    const fields = 'id name value probability status expectedCloseDate createdAt stageEnteredAt contactId';
    const page = await t.gql<{ contacts: { data: { id: string; opportunities: unknown[] }[] } }>(
      org.agent,
      `{ contacts(limit: 50) { data { id opportunities(limit: 5) { ${fields} } } } }`,
    );
    const one = await t.gql<{ contact: { opportunities: unknown[] } }>(
      org.agent,
      `{ contact(id: "${id}") { opportunities(limit: 5) { ${fields} } } }`,
    );
    expect(one.data!.contact.opportunities).toHaveLength(4);
    expect(page.data!.contacts.data.find((r) => r.id === id)!.opportunities).toEqual(one.data!.contact.opportunities);
  });

  it('refuses a limit out of range exactly as before, and reads nothing ahead for it', async () => {
    let errors: unknown;
    const sql = await statementsOf(async () => {
      const res = await t.gql(org.agent, `{ contacts(limit: 5) { data { id opportunities(limit: 0) { id } } } }`);
      errors = res.errors;
    });
    expect(JSON.stringify(errors)).toContain('limit must be 1 or more');
    expect(sql.join('\n')).not.toContain('"opportunities"');
  });

  it('leaves the page statement alone when the relation is not selected', async () => {
    const sql = await statementsOf(() => t.gql(org.agent, `{ contacts(limit: 5) { data { id name } } }`));
    expect(sql.join('\n')).not.toContain('opportunities');
  });
});
