/**
 * The spec's List parameters table on its four lists (GET /api/customers, /api/leads, /api/opportunities,
 * /api/transactions), driven through the REST API. Fixtures: test/support/spec-conformance.ts.
 */
import { createTestApp, Registered, TestApp } from './support/test-app';
import { expectErrorBody, ids, ListFixture, PAGINATION_KEYS, seedSpecLists } from './support/spec-conformance';

let t: TestApp;
let listMember: Registered;
let lists: Record<string, ListFixture>;

beforeAll(async () => {
  t = await createTestApp();
  const listOrg = await t.registerOrg('SpecLists');
  listMember = await t.addMember(listOrg.organizationId, 'user');
  lists = await seedSpecLists(t, listOrg, listMember);
});
afterAll(() => t.close());

describe('List parameters on GET /api/customers, /api/leads, /api/opportunities, /api/transactions', () => {
  const LISTS = ['customers', 'leads', 'opportunities', 'transactions'];
  /** The range each list's startDate/endDate applies to, and B's day in it. */
  const B_DAY: Record<string, string> = {
    customers: '2026-01-02',
    leads: '2026-01-02',
    opportunities: '2026-03-02',
    transactions: '2026-01-02',
  };
  const get = (name: string, query = '') => listMember.agent.get(`${lists[name].path}${query ? `?${query}` : ''}`);

  it.each(LISTS)('%s: {data, pagination}, page 1 of 50 by default', async (name) => {
    const res = await get(name);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'pagination']);
    expect(Object.keys(res.body.pagination).sort()).toEqual(PAGINATION_KEYS);
    expect(res.body.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalItems: 3,
      pageSize: 50,
      hasNextPage: false,
      hasPreviousPage: false,
    });
  });

  it.each(LISTS)('%s: page and limit (max 100; more is 400)', async (name) => {
    const p2 = await get(name, 'page=2&limit=2&sortBy=createdAt&sortOrder=asc');
    expect(p2.body.pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalItems: 3,
      pageSize: 2,
      hasNextPage: false,
      hasPreviousPage: true,
    });
    expect(ids(p2)).toEqual([lists[name].ids[2]]);
    expect((await get(name, 'limit=100')).body.pagination.pageSize).toBe(100);
    const over = await get(name, 'limit=101');
    expectErrorBody(over, 400, 'VALIDATION_ERROR', 'Validation failed');
    expect(over.body.details.map((d: { field: string }) => d.field)).toEqual(['limit']);
  });

  it.each(LISTS)('%s: search, case-insensitive and partial', async (name) => {
    expect(ids(await get(name, 'search=bRaVo'))).toEqual([lists[name].ids[1]]);
  });

  it.each(['customers', 'leads', 'transactions'])('%s: search matches the email too', async (name) => {
    expect(ids(await get(name, 'search=A-BRAVO'))).toEqual([lists[name].ids[1]]);
  });

  it.each(LISTS)('%s: ownerId', async (name) => {
    expect(ids(await get(name, `ownerId=${listMember.userId}`))).toEqual([lists[name].ids[1]]);
  });

  it.each(LISTS)('%s: startDate and endDate (YYYY-MM-DD, inclusive)', async (name) => {
    expect(ids(await get(name, `startDate=${B_DAY[name]}&endDate=${B_DAY[name]}`))).toEqual([lists[name].ids[1]]);
    expect((await get(name, 'startDate=01/02/2026')).status).toBe(400);
  });

  it.each([
    ['customers', ['createdAt', 'updatedAt', 'name', 'email', 'lifetimeOrders']],
    ['leads', ['createdAt', 'updatedAt', 'name', 'email']],
    ['opportunities', ['createdAt', 'updatedAt', 'name', 'expectedCloseDate']],
    ['transactions', ['createdAt', 'updatedAt', 'name', 'email']],
  ])('%s: sortBy %j with sortOrder asc|desc', async (name, fields) => {
    const [A, B, C] = lists[name].ids;
    const expected: Record<string, string[]> = {
      createdAt: [A, B, C],
      updatedAt: [C, B, A],
      name: [A, B, C],
      email: [B, C, A],
      lifetimeOrders: [B, C, A],
      expectedCloseDate: [A, B, C],
    };
    for (const field of fields) {
      expect(ids(await get(name, `sortBy=${field}&sortOrder=asc`))).toEqual(expected[field]);
      expect(ids(await get(name, `sortBy=${field}&sortOrder=desc`))).toEqual([...expected[field]].reverse());
    }
    expect((await get(name, 'sortOrder=up')).status).toBe(400);
  });

  it('leads: status (new, contacted, qualified, negotiation, converted, lost)', async () => {
    expect(ids(await get('leads', 'status=contacted'))).toEqual([lists.leads.ids[1]]);
    for (const s of ['negotiation', 'converted', 'lost']) expect((await get('leads', `status=${s}`)).status).toBe(200);
    expect((await get('leads', 'status=hot')).status).toBe(400);
  });

  it('transactions: status (pending, completed, cancelled)', async () => {
    expect(ids(await get('transactions', 'status=completed'))).toEqual([lists.transactions.ids[1]]);
    expect((await get('transactions', 'status=cancelled')).body.data).toEqual([]);
    expect((await get('transactions', 'status=pending&sortBy=createdAt')).body.pagination.totalItems).toBe(2);
  });

  it('opportunities: status, stageId and probability', async () => {
    const lost = await get('opportunities', 'status=lost');
    expect(lost.body.data.map((o: { name: string }) => o.name)).toEqual(['Delta Spec Lost']);
    const b = (await listMember.agent.get(`/api/opportunities/${lists.opportunities.ids[1]}`)).body;
    expect(ids(await get('opportunities', `stageId=${b.stageId}`))).toEqual([b.id]);
    expect(ids(await get('opportunities', 'probability=50&sortBy=probability'))).toEqual(
      lists.opportunities.ids.slice(1),
    );
    expect((await get('opportunities', 'probability=high')).status).toBe(400);
  });

  it('filters combine', async () => {
    const res = await get(
      'leads',
      `status=contacted&ownerId=${listMember.userId}&search=bravo&startDate=2026-01-01&endDate=2026-01-03`,
    );
    expect(ids(res)).toEqual([lists.leads.ids[1]]);
    expect(ids(await get('leads', `status=new&ownerId=${listMember.userId}`))).toEqual([]);
  });
});
