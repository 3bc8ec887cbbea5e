/**
 * The per-request DataLoaders run over the request's tenant-scoped EntityManager: a key of another
 * organization (an id that leaked into a parent row, say) loads nothing, whether by id or through a foreign key.
 */
import { TENANT_FILTER } from '../src/db/tenant-filter';
import { Loaders } from '../src/graphql/loaders';
import { Company } from '../src/modules/crm/companies/company.entity';
import { Contact } from '../src/modules/crm/contacts/contact.entity';
import { newCompany, newContact } from './support/crm';
import { createTestApp, TestApp } from './support/test-app';

let t: TestApp;
afterAll(() => t.close());

it('loads only the scoped organization’s rows', async () => {
  t = await createTestApp();
  const mine = await t.registerOrg('Mine');
  const theirs = await t.registerOrg('Theirs');
  const myCompany = await newCompany(mine.agent);
  const myContact = await newContact(mine.agent, { companyId: myCompany.id });
  const theirCompany = await newCompany(theirs.agent);
  const theirContact = await newContact(theirs.agent, { companyId: theirCompany.id });

  const em = t.orm.em.fork({ clear: true });
  em.setFilterParams(TENANT_FILTER, { organizationId: mine.organizationId });
  const loaders = new Loaders(em);
  const [own, foreign] = await Promise.all([
    loaders.byId(Contact).load(myContact.id),
    loaders.byId(Contact).load(theirContact.id),
  ]);
  expect(own?.id).toBe(myContact.id);
  expect(foreign).toBeNull();
  expect(await loaders.byId(Company).load(theirCompany.id)).toBeNull();
  const [ownMany, foreignMany] = await Promise.all([
    loaders.manyBy(Contact, 'company').load(myCompany.id),
    loaders.manyBy(Contact, 'company').load(theirCompany.id),
  ]);
  expect(ownMany.map((c) => c.id)).toEqual([myContact.id]);
  expect(foreignMany).toEqual([]);
});
