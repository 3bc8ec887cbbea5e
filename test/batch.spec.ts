/** POST /api/batch (docs/bulk.md, "Batch"): up to 25 REST operations in one transaction, all or nothing. */
import { createTestApp, Registered, TestApp } from './support/test-app';
import { count, newContact } from './support/crm';

let t: TestApp;
let org: Registered;
let other: Registered;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_WRITE: '40' });
  org = await t.registerOrg('Batch');
  other = await t.registerOrg('Batch other');
});
afterAll(() => t.close());

const batch = (agent: Registered['agent'], operations: unknown[]) => agent.post('/api/batch').send({ operations });
const writes = async (o: Registered) => [
  await count(t, 'contacts', o.organizationId),
  await count(t, 'companies', o.organizationId),
  await count(t, 'outbox_events', o.organizationId),
];

describe('POST /api/batch', () => {
  it('runs the operations in order, a later one using an earlier result ({{N.path}}), and answers every result', async () => {
    const res = await batch(org.agent, [
      { method: 'POST', path: '/api/companies', body: { name: 'Batch Builders' } },
      {
        method: 'POST',
        path: '/api/contacts',
        body: { name: 'Ann Batch', email: 'ann@batch.example', companyId: '{{0.id}}' },
      },
      { method: 'PUT', path: '/api/contacts/{{1.id}}', body: { city: 'Austin {{0.name}}' } },
      { method: 'GET', path: '/api/contacts', query: { search: 'ann@batch.example', limit: 5 } },
    ]);
    expect(res.status).toBe(200);
    const [company, contact, updated, list] = res.body.results;
    expect([company.status, contact.status, updated.status, list.status]).toEqual([201, 201, 200, 200]);
    expect(contact.body).toMatchObject({ name: 'Ann Batch', companyId: company.body.id });
    expect(updated.body).toMatchObject({ id: contact.body.id, city: 'Austin Batch Builders' });
    expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([contact.body.id]);
    expect((await org.agent.get(`/api/contacts/${contact.body.id}`)).body.companyId).toBe(company.body.id);
  });

  it('writes nothing when one operation fails, and answers its status and error body naming it', async () => {
    await newContact(org.agent, { email: 'taken@batch.example' });
    const before = await writes(org);
    const res = await batch(org.agent, [
      { method: 'POST', path: '/api/companies', body: { name: 'Rolled Back Co' } },
      { method: 'POST', path: '/api/contacts', body: { name: 'First', email: 'first@batch.example' } },
      { method: 'POST', path: '/api/contacts', body: { name: 'Dup', email: 'taken@batch.example' } },
      { method: 'POST', path: '/api/contacts', body: { name: 'Never', email: 'never@batch.example' } },
    ]);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', error: 'Conflict' });
    expect(res.body.message).toMatch(/^Operation 2 \(POST \/api\/contacts\) failed, nothing was written: /);
    expect(res.body.details[0].field).toBe('operations[2]');
    expect(await writes(org)).toEqual(before);

    const invalid = await batch(org.agent, [
      { method: 'POST', path: '/api/companies', body: { name: 'Also Rolled Back' } },
      { method: 'POST', path: '/api/contacts', body: { email: 'no-name@batch.example' } },
    ]);
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('VALIDATION_ERROR');
    expect(invalid.body.details.map((d: { field: string }) => d.field)).toContain('operations[1]');
    expect(await writes(org)).toEqual(before);
  });

  it("treats another organization's record as not found, and writes nothing", async () => {
    const theirs = await newContact(other.agent);
    const before = await writes(org);
    const res = await batch(org.agent, [
      { method: 'POST', path: '/api/companies', body: { name: 'Not Kept' } },
      { method: 'PUT', path: `/api/contacts/${theirs.id}`, body: { city: 'Taken' } },
    ]);
    expect(res.status).toBe(404);
    expect(res.body.details[0].field).toBe('operations[1]');
    expect(await writes(org)).toEqual(before);
    expect((await other.agent.get(`/api/contacts/${theirs.id}`)).body.city).toBeNull();
  });

  it('refuses, before running anything, a batch that is too long, nested, signs in, names a later result or no route', async () => {
    const before = await writes(org);
    const company = { method: 'POST', path: '/api/companies', body: { name: 'Never Made' } };
    const cases: [unknown[], number, string][] = [
      [Array.from({ length: 26 }, () => company), 400, 'operations'],
      [[company, { method: 'POST', path: '/api/batch', body: { operations: [] } }], 400, 'operations[1].path'],
      [
        [company, { method: 'POST', path: '/api/auth/login', body: { email: 'a@b.c', password: 'x' } }],
        400,
        'operations[1].path',
      ],
      [[{ method: 'PUT', path: '/api/contacts/{{1.id}}', body: {} }, company], 400, 'operations[0].path'],
      [[company, { method: 'FETCH', path: '/api/contacts' }], 400, 'operations[1].method'],
      [[company, { method: 'GET', path: '/api/nowhere' }], 404, ''],
      [[], 400, 'operations'],
    ];
    for (const [operations, status, field] of cases) {
      const res = await batch(org.agent, operations);
      expect([res.status, res.body.code]).toEqual([status, status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR']);
      if (field) expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const missing = await batch(org.agent, [company, { method: 'GET', path: '/api/contacts/{{0.nothing}}' }]);
    expect([missing.status, missing.body.details[0].field]).toEqual([400, 'operations[1]']);
    expect((await org.agent.post('/api/batch').send({ ops: [] })).status).toBe(400);
    expect(await writes(org)).toEqual(before);
    expect(
      (
        await t
          .agent()
          .post('/api/batch')
          .send({ operations: [company] })
      ).status,
    ).toBe(401);
  });

  it('replays the stored answer for a repeated Idempotency-Key, writing once', async () => {
    const ops = [{ method: 'POST', path: '/api/companies', body: { name: 'Once Only' } }];
    const first = await org.agent.post('/api/batch').set('Idempotency-Key', 'batch-once-1').send({ operations: ops });
    const again = await org.agent.post('/api/batch').set('Idempotency-Key', 'batch-once-1').send({ operations: ops });
    expect([first.status, again.status, again.headers['idempotent-replayed']]).toEqual([200, 200, 'true']);
    expect(again.body).toEqual(first.body);
    expect((await t.sql(`select 1 from companies where name = 'Once Only'`)).length).toBe(1);
  });

  it('draws from the write budget what its operations would draw alone', async () => {
    const limited = await createTestApp({ RATE_LIMIT_WRITE: '10' });
    try {
      const o = await limited.registerOrg('Batch limited');
      const ops = (n: number, tag: string) =>
        Array.from({ length: n }, (_, i) => ({
          method: 'POST',
          path: '/api/companies',
          body: { name: `${tag} ${i}` },
        }));
      const first = await o.agent.post('/api/batch').send({ operations: ops(6, 'A') });
      expect(first.status).toBe(200);
      const remaining = Number(first.headers['ratelimit-remaining']);
      expect(remaining).toBe(10 - 6);
      const second = await o.agent.post('/api/batch').send({ operations: ops(remaining + 1, 'B') });
      expect(second.status).toBe(429);
      expect(second.body.message).toMatch(new RegExp(`counts as ${remaining + 1}`));
      const names = await limited.sql<{ name: string }>('select name from companies where organization_id = $1', [
        o.organizationId,
      ]);
      expect(names.map((r) => r.name).filter((n) => n.startsWith('B '))).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
