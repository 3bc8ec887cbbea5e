import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, getNamedType, GraphQLObjectType, isLeafType, type GraphQLSchema } from 'graphql';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { newCompany, newContact } from './support/crm';
import { newOpportunity } from './support/sales';
import type { PlainRow } from '../src/db/read-path';
import { Contact } from '../src/modules/crm/contacts/contact.entity';
import { Pipeline } from '../src/modules/sales/pipelines/pipeline.entity';

/**
 * The relation loaders that answer with plain rows (src/db/read-path/plain-rows.ts) must give every field exactly what the
 * ORM's entities give. For each such type, every leaf field without arguments (read from the schema, so a new
 * column is compared the day it is added) is fetched through the plain-row relation and through the root field
 * that loads the entity, and the two must be equal.
 */
let t: TestApp;
let org: Registered;
let schema: GraphQLSchema;
let contactId: string;
let ids: { Company: string; User: string; Opportunity: string };

const leaves = (type: string) =>
  Object.values((schema.getType(type) as GraphQLObjectType).getFields())
    .filter((f) => f.args.length === 0 && isLeafType(getNamedType(f.type)))
    .map((f) => f.name)
    .join(' ');

async function gql(query: string): Promise<Record<string, any>> {
  const res = await org.agent.post('/graphql').send({ query });
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
}

beforeAll(async () => {
  t = await createTestApp();
  schema = buildSchema(readFileSync(join(__dirname, '..', 'schema.graphql'), 'utf8'));
  org = await t.registerOrg('Plain rows');
  const company = await newCompany(org.agent, {
    website: 'https://lifts.example',
    industry: 'Construction',
    employeeCount: 40,
    revenue: '1250000.50',
    serviceAreas: ['Springfield', '62701'],
  });
  const contact = await newContact(org.agent, { companyId: company.id, ownerId: org.userId });
  contactId = contact.id;
  const opp = await newOpportunity(org.agent, {
    contactId,
    value: '12500.00',
    expectedCloseDate: '2026-12-15',
    ownerId: org.userId,
  });
  ids = { Company: company.id, User: org.userId, Opportunity: opp.id };
});
afterAll(() => t.close());

it.each([
  ['Company', 'company'],
  ['User', 'owner'],
  ['Opportunity', 'opportunities'],
] as const)('%s through contact.%s equals the root field', async (type, relation) => {
  const fields = leaves(type);
  const through = await gql(`{ contact(id: "${contactId}") { ${relation} { ${fields} } } }`);
  const root = type[0].toLowerCase() + type.slice(1);
  const direct = await gql(`{ ${root}(id: "${ids[type]}") { ${fields} } }`);
  const viaRelation = through.contact[relation];
  expect(Array.isArray(viaRelation) ? viaRelation[0] : viaRelation).toEqual(direct[root]);
  expect(fields.split(' ').length).toBeGreaterThan(5);
});

it.each([
  ['Contact', 'contacts'],
  ['Company', 'companies'],
  ['User', 'users'],
  ['Opportunity', 'opportunities'],
] as const)('%s rows of the %s list equal the root field', async (type, list) => {
  const fields = leaves(type);
  const id = type === 'Contact' ? contactId : ids[type];
  const page = await gql(`{ ${list}(limit: 100) { data { ${fields} } } }`);
  const root = type[0].toLowerCase() + type.slice(1);
  const direct = await gql(`{ ${root}(id: "${id}") { ${fields} } }`);
  expect(page[list].data.find((r: { id: string }) => r.id === id)).toEqual(direct[root]);
});

it.each([
  ['Company', 'company'],
  ['User', 'owner'],
  ['Opportunity', 'opportunities'],
] as const)(
  '%s read by the contacts page statement (contacts { data { %s } }) equals the root field',
  async (type, relation) => {
    const fields = leaves(type);
    const page = await gql(`{ contacts(limit: 100) { data { id ${relation} { ${fields} } } } }`);
    const root = type[0].toLowerCase() + type.slice(1);
    const direct = await gql(`{ ${root}(id: "${ids[type]}") { ${fields} } }`);
    const value = page.contacts.data.find((r: { id: string }) => r.id === contactId)[relation];
    expect(Array.isArray(value) ? value : [value]).toEqual([direct[root]]);
  },
);

it('never selects a lazy column such as the password hash', async () => {
  const { plainRows } = await import('../src/db/read-path');
  const { withTenantAccess } = await import('../src/db/access');
  const { User } = await import('../src/modules/accounts/users/user.entity');
  const em = t.orm.em.fork();
  em.setFilterParams('tenant', { organizationId: org.organizationId });
  const [user] = await withTenantAccess(org.organizationId, () => plainRows(em as never, User, { id: org.userId }));
  expect(user).toBeDefined();
  expect(Object.keys(user)).not.toContain('passwordHash');
  expect(user.organization).toEqual({ id: org.organizationId });
});

describe('PlainRow<T> (src/db/read-path/plain-row.ts)', () => {
  /**
   * Checked by the compiler (`npm run typecheck`): each `@ts-expect-error` line must fail to compile, or the
   * directive itself is an error. Never called.
   */
  function typeChecks(row: PlainRow<Contact>, entity: Contact, pipeline: PlainRow<Pipeline>): unknown[] {
    const servesBoth: PlainRow<Contact>[] = [row, entity]; // an entity is assignable: one field resolver serves both
    const needsEntity = (c: Contact) => c.id;
    return [
      servesBoth,
      row.companyId,
      row.company?.id,
      row.createdAt.getTime(),
      // @ts-expect-error a to-one relation of a plain row is `{ id }`, not a Reference
      row.company?.isInitialized(),
      // @ts-expect-error nor the related entity
      row.company?.name,
      // @ts-expect-error a plain row is read-only
      (row.name = 'renamed'),
      // @ts-expect-error a plain row is not an entity
      needsEntity(row),
      // @ts-expect-error collections are absent
      pipeline.stages,
      pipeline.name,
    ];
  }

  it('has what its type says at run time: `{ id }` relations without Reference methods, getters, no collections', async () => {
    expect(typeChecks).toBeInstanceOf(Function);
    const { plainRows } = await import('../src/db/read-path');
    const { withTenantAccess } = await import('../src/db/access');
    const em = t.orm.em.fork();
    em.setFilterParams('tenant', { organizationId: org.organizationId });
    const [row] = await withTenantAccess(org.organizationId, () => plainRows(em as never, Contact, { id: contactId }));
    expect(row.company).toEqual({ id: ids.Company });
    expect(row.companyId).toBe(ids.Company);
    expect((row.company as { isInitialized?: unknown }).isInitialized).toBeUndefined();
    const [pipeline] = await withTenantAccess(org.organizationId, () => plainRows(em as never, Pipeline, {}));
    expect(pipeline.name).toEqual(expect.any(String));
    expect(Object.keys(pipeline)).not.toContain('stages');
  });
});
