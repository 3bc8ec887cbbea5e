import type { Registered, TestApp } from './test-app';
import { newCompany, newContact, newCustomer, newLead } from './crm';

/** The CRM core's records, created through the API: a company, contacts, leads (one converted), a customer and an import. */
export async function populateCrm(_t: TestApp, org: Registered): Promise<void> {
  const company = await newCompany(org.agent, { website: 'https://fixture.example' });
  const contact = await newContact(org.agent, { companyId: company.id, ownerId: org.userId, phone: '+14155550100' });
  const duplicate = await newContact(org.agent);
  const merged = await org.agent.post(`/api/contacts/${contact.id}/merge`).send({ sourceIds: [duplicate.id] });
  if (merged.status !== 200) throw new Error(`merge: ${merged.status} ${JSON.stringify(merged.body)}`);
  await newLead(org.agent, { companyName: company.name, ownerId: org.userId });
  const toConvert = await newLead(org.agent, { companyName: 'Fixture Converted Co' });
  const converted = await org.agent.post(`/api/leads/${toConvert.id}/convert`);
  if (converted.status !== 201) throw new Error(`convert: ${converted.status} ${JSON.stringify(converted.body)}`);
  await newCustomer(org.agent, { companyId: company.id, ownerId: org.userId });
  const imported = await org.agent
    .post('/api/customers/import')
    .attach(
      'file',
      Buffer.from(`name,email\nImported ${org.organizationId.slice(-6)},imported-${org.organizationId}@example.test\n`),
      { filename: 'c.csv', contentType: 'text/csv' },
    );
  if (imported.status !== 200 || imported.body.created !== 1)
    throw new Error(`import: ${imported.status} ${JSON.stringify(imported.body)}`);
}
