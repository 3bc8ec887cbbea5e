/**
 * GraphQL arguments are checked by their class-validator rules once per distinct value (src/graphql/validate-args.ts):
 * the same value on every row of a list is checked once, an invalid value is reported every time.
 */
import * as classValidator from 'class-validator';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { newContact } from './support/crm';

let t: TestApp;
let org: Registered;
beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Validate args');
  for (let i = 0; i < 12; i++) await newContact(org.agent);
});
afterAll(() => t.close());

const LIST = `query($limit: Int!, $opps: Int!) { contacts(limit: $limit) { data { id opportunities(limit: $opps) { id } } } }`;

it('reports an invalid value every time, before and after valid ones', async () => {
  for (let round = 0; round < 2; round++) {
    const bad = await t.gql(org.agent, LIST, { limit: 5, opps: 101 });
    expect(bad.errors?.[0].extensions?.code).toBe('VALIDATION_ERROR');
    const bigPage = await t.gql(org.agent, LIST, { limit: 101, opps: 1 });
    expect(bigPage.errors?.[0].extensions?.code).toBe('VALIDATION_ERROR');
    const good = await t.gql<{ contacts: { data: unknown[] } }>(org.agent, LIST, { limit: 12, opps: 3 });
    expect(good.errors).toBeUndefined();
    expect(good.data!.contacts.data).toHaveLength(12);
  }
});

it('checks the same argument value of twelve rows once', async () => {
  await t.gql(org.agent, LIST, { limit: 12, opps: 7 }); // not seen before this query
  const spy = jest.spyOn(classValidator, 'validateOrReject');
  try {
    const res = await t.gql(org.agent, LIST, { limit: 12, opps: 8 });
    expect(res.errors).toBeUndefined();
    // the list's arguments were checked by the query before; the rows' opportunities(limit: 8): once, not twelve times
    expect(spy).toHaveBeenCalledTimes(1);
  } finally {
    spy.mockRestore();
  }
});
