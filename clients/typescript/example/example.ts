/**
 * The typed client against a running server with the demo business (README, "Demo business"):
 *   npm start                      # in one terminal
 *   npm run client:example         # in another (CRM_URL, CRM_EMAIL, CRM_PASSWORD override the defaults)
 */
import { createCrmClient, LeadsDocument, MeDocument, OpenDealsDocument } from '../src';

async function main() {
  const crm = createCrmClient({ baseUrl: process.env.CRM_URL ?? 'http://localhost:3000' });
  await crm.login(process.env.CRM_EMAIL ?? 'maria@demo.example', process.env.CRM_PASSWORD ?? 'demo-team-pass');

  const { me } = await crm.graphql(MeDocument);
  console.log(`${me.user.firstName} ${me.user.lastName} (${me.user.role}) at ${me.organization.name}`);

  const { opportunities } = await crm.graphql(OpenDealsDocument, { ownerId: me.user.id, limit: 5 });
  console.log(`\n${opportunities.pagination.totalItems} open deals; the next to close:`);
  for (const d of opportunities.data)
    console.log(`  ${d.expectedCloseDate ?? 'no date'}  ${d.stage.name.padEnd(12)} ${d.value.padStart(10)}  ${d.name}`);

  const { leads } = await crm.graphql(LeadsDocument, { status: 'qualified' });
  console.log(
    `\n${leads.pagination.totalItems} qualified leads, e.g. ${leads.data
      .slice(0, 3)
      .map((l) => l.leadName)
      .join(', ')}`,
  );

  // REST, typed from the OpenAPI document: paths, query parameters and bodies are checked by the compiler.
  const { data: overdue, error } = await crm.rest.GET('/api/invoices', {
    params: { query: { status: 'overdue', sortBy: 'dueDate', sortOrder: 'asc', limit: 5 } },
  });
  if (error) throw new Error(error.message);
  console.log(`\n${overdue.pagination.totalItems} overdue invoices, the oldest:`);
  for (const i of overdue.data)
    console.log(`  ${i.invoiceNumber}  due ${i.dueDate}  balance ${i.balance} ${i.currency}`);

  await crm.logout();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
