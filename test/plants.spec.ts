import request from 'supertest';
import { apiKey } from './support/accounts';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Plants');
  key = (await apiKey(org.agent, 'user')).secret;
});
afterAll(() => t.close());

const post = (body: string | object, secret: string | null = key, type = 'application/json') => {
  const req = request(t.http).post('/plants').set('Content-Type', type);
  if (secret !== null) req.set('Authorization', `Bearer ${secret}`);
  return req.send(typeof body === 'string' ? body : JSON.stringify(body));
};

function expectSampleError(res: request.Response, status: number): void {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body).sort()).toEqual(['error', 'message']);
  expect(res.body.error).toBe(status);
  expect(Number.isInteger(res.body.error)).toBe(true);
  expect(typeof res.body.message).toBe('string');
}

describe('POST /plants', () => {
  it('200 with Plant {name, tag}; stored per organization with the exact int64 id', async () => {
    const res = await post('{"id": 9223372036854775807, "name": "Ficus", "tag": "indoor"}');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'Ficus', tag: 'indoor' });
    const rows = await t.sql<{ plant_id: string; organization_id: string }>(
      'select plant_id::text, organization_id from plants where name = $1',
      ['Ficus'],
    );
    expect(rows).toEqual([{ plant_id: '9223372036854775807', organization_id: org.organizationId }]);
  });

  it('tag is optional; the same id again replaces the plant', async () => {
    expect((await post({ id: 1, name: 'Rose' })).body).toEqual({ name: 'Rose' });
    expect((await post({ id: 1, name: 'Tulip', tag: 'bulb' })).body).toEqual({ name: 'Tulip', tag: 'bulb' });
    expect(
      await t.sql('select 1 from plants where plant_id = 1 and organization_id = $1', [org.organizationId]),
    ).toHaveLength(1);
    expect((await post('{"id": -9223372036854775808, "name": "Min"}')).status).toBe(200);
  });

  it('another organization stores its own plant under the same id', async () => {
    const other = await t.registerOrg('OtherPlants');
    const otherKey = (await apiKey(other.agent, 'user')).secret;
    expect((await post({ id: 1, name: 'Cactus' }, otherKey)).status).toBe(200);
    const rows = await t.sql<{ name: string }>('select name from plants where plant_id = 1 order by name');
    expect(rows.map((r) => r.name)).toEqual(['Cactus', 'Tulip']);
  });

  it.each([
    ['missing id', '{"name": "Fern"}'],
    ['id null', '{"id": null, "name": "Fern"}'],
    ['id as a string', '{"id": "1", "name": "Fern"}'],
    ['fractional id', '{"id": 1.5, "name": "Fern"}'],
    ['id above int64', '{"id": 9223372036854775808, "name": "Fern"}'],
    ['id below int64', '{"id": -9223372036854775809, "name": "Fern"}'],
    ['huge exponent id', '{"id": 1e30, "name": "Fern"}'],
    ['id as a boolean', '{"id": true, "name": "Fern"}'],
    ['missing name', '{"id": 2}'],
    ['empty name', '{"id": 2, "name": ""}'],
    ['blank name', '{"id": 2, "name": "   "}'],
    ['name as a number', '{"id": 2, "name": 5}'],
    ['name null', '{"id": 2, "name": null}'],
    ['tag as a number', '{"id": 2, "name": "Fern", "tag": 3}'],
    ['tag null', '{"id": 2, "name": "Fern", "tag": null}'],
    ['malformed JSON', '{"id": 2, "name": "Fern"'],
    ['empty body', ''],
    ['an array', '[{"id": 2, "name": "Fern"}]'],
    ['a string', '"plant"'],
  ])('400 SampleError for %s', async (_label, body) => {
    expectSampleError(await post(body), 400);
  });

  it('400 for a body that is not JSON', async () => {
    expectSampleError(await post('id=2&name=Fern', key, 'application/x-www-form-urlencoded'), 400);
  });

  it('accepts an integral id written with a fraction or exponent (1.0, 2e3)', async () => {
    expect((await post('{"id": 1.0, "name": "One"}')).status).toBe(200);
    expect((await post('{"id": 2e3, "name": "Two thousand"}')).status).toBe(200);
    expect(
      await t.sql('select 1 from plants where plant_id = 2000 and organization_id = $1', [org.organizationId]),
    ).toHaveLength(1);
  });

  it('401 SampleError without a bearer, with a bad or revoked one, and with a session cookie only', async () => {
    expectSampleError(await post({ id: 3, name: 'Fern' }, null), 401);
    expectSampleError(await post({ id: 3, name: 'Fern' }, 'crm_wrong'), 401);
    const revoked = await apiKey(org.agent, 'user');
    await org.agent.delete(`/api/api-keys/${revoked.id}`).expect(200);
    expectSampleError(await post({ id: 3, name: 'Fern' }, revoked.secret), 401);
    const cookie = await org.agent
      .post('/plants')
      .set('Content-Type', 'application/json')
      .send('{"id": 3, "name": "Fern"}');
    expectSampleError(cookie, 401);
    // authentication comes first: a bad body without a key is 401, not 400
    expectSampleError(await post('{oops', null), 401);
    expect(await t.sql('select 1 from plants where plant_id = 3')).toHaveLength(0);
  });
});
