import { randomUUID } from 'node:crypto';
import { withoutDistributionKeys } from '../src/db/distribution';
import { distributionViolations } from './support/distribution-check';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { newCompany, newContact } from './support/crm';

/**
 * Issue 33, part 4: the freshly migrated schema can be distributed by organization on Citus (docs/deploy.md,
 * "Running on Citus"). Citus itself is not installed where the tests run: the rules it enforces are read from the
 * catalog (test/support/distribution-check.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('every table of the migrated schema can be distributed by organization or is a listed reference table', async () => {
  expect(await distributionViolations(t.sql)).toEqual([]);
});

describe('the check finds what Citus would refuse', () => {
  const schema = `distribution_probe_${randomUUID().slice(0, 8)}`;
  afterAll(() => t.sql(`drop schema if exists ${schema} cascade`));

  it('names each violation of a table added without the distribution keys', async () => {
    await t.sql(`create schema ${schema}`);
    await t.sql(
      `create table ${schema}.parents (id uuid primary key, organization_id uuid not null, code text unique)`,
    );
    await t.sql(
      `create table ${schema}.children (id uuid, organization_id uuid, parent_id uuid references ${schema}.parents (id),
         primary key (id, organization_id))`,
    );
    await t.sql(`create table ${schema}.settings (key text primary key)`);
    await t.sql(`create table ${schema}.loose (id uuid, organization_id uuid, unique (id, organization_id))`);
    await t.sql(`alter table ${schema}.parents add unique (id, organization_id)`);
    await t.sql(
      `alter table ${schema}.children add constraint nulls_org foreign key (organization_id, parent_id)
         references ${schema}.parents (organization_id, id) on delete set null`,
    );
    const found = await distributionViolations(t.sql, schema);
    expect(found).toEqual(
      expect.arrayContaining([
        'settings: no organization_id and not listed as a reference or coordinator table (src/db/distribution.ts)',
        'parents: primary key parents_pkey does not include organization_id',
        'parents: unique parents_code_key does not include organization_id',
        'loose: organization_id may be null; a distribution column cannot',
        'loose: no primary key',
        'children: children_parent_id_fkey does not pair organization_id with parents.organization_id',
        'children: nulls_org would set organization_id on delete; name the columns: SET NULL (<column>)',
      ]),
    );
    expect(found).toHaveLength(7);
  });
});

describe('the composite keys at work', () => {
  let a: Registered;
  let b: Registered;
  beforeAll(async () => {
    a = await t.registerOrg('Dist A');
    b = await t.registerOrg('Dist B');
  });

  it("a row cannot point at another organization's row, even from raw SQL as the owner", async () => {
    const contactOfB = await newContact(b.agent, { name: 'Of B' });
    await expect(
      t.sql(
        `insert into customers (id, organization_id, contact_id, created_at, updated_at) values ($1, $2, $3, now(), now())`,
        [randomUUID(), a.organizationId, contactOfB.id],
      ),
    ).rejects.toThrow(/customers_contact_id_foreign/);
  });

  it('ON DELETE SET NULL clears the reference and keeps the organization', async () => {
    const company = await newCompany(a.agent);
    const contact = await newContact(a.agent, { name: 'Works at Co', companyId: company.id });
    expect((await a.agent.delete(`/api/companies/${company.id}`)).status).toBeLessThan(300);
    const [row] = await t.sql<{ company_id: string | null; organization_id: string }>(
      `select company_id, organization_id from contacts where id = $1`,
      [contact.id],
    );
    expect(row).toEqual({ company_id: null, organization_id: a.organizationId });
  });
});

it('the schema comparison leaves out only the marked keys', () => {
  const statements = [
    'alter table "contacts" drop constraint "contacts_pkey";',
    'alter table "contacts" add constraint "contacts_pkey" primary key ("id");',
    'alter table "contacts" add constraint "contacts_email_unique" unique ("email", "name");',
    'alter table "contacts" drop constraint "contacts_pkey", add column "x" int;',
  ];
  expect(withoutDistributionKeys(statements, [{ table: 'contacts', name: 'contacts_pkey' }])).toEqual(
    statements.slice(2),
  );
});
