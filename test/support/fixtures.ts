import type { modules } from '../../src/modules';
import type { Registered, TestApp } from './test-app';
import type { RouteRow } from '../../src/http/route-row';
import { populateWebhooks } from './webhook-fixtures';
import { populateAccounts } from './accounts-fixtures';
import { populateAnalytics } from './analytics-fixtures';
import { populateCommunications } from './communications-fixtures';
import { populateCrm } from './crm-fixtures';
import { populateInventory } from './inventory-fixtures';
import { populateSales } from './sales';
import { populateWorkflows } from './workflow-fixtures';

type ModuleName = (typeof modules)[number]['name'];

/**
 * The test data of each module, keyed by the module's name, for modules whose records need others first or more
 * than their REST examples. A module without an entry here is filled from its own definition: each of its POST rows
 * without a path parameter is sent its `example` body (populateFromExamples).
 */
const POPULATE: Partial<Record<ModuleName, (t: TestApp, org: Registered) => Promise<void>>> = {
  accounts: populateAccounts,
  jobs: populateJobs,
  crm: populateCrm,
  rental: populateInventory,
  sales: populateSales,
  communications: populateCommunications,
  intelligence: populateIntelligence,
  webhooks: populateWebhooks,
  analytics: populateAnalytics,
  workflows: populateWorkflows,
  search: async () => undefined, // it finds the other modules' records and has none of its own
};

/** A background job (docs/jobs.md): a dry-run CSV import started as one; no worker runs in the sweeps, so it stays queued. */
async function populateJobs(_t: TestApp, org: Registered): Promise<void> {
  await org.agent
    .post('/api/customers/import?async=true&dryRun=true')
    .attach('file', Buffer.from('Name,Email\nFixture Job,fixture-job@example.com\n'), 'customers.csv')
    .expect(202);
}

/** AI next-step tasks of the organization's first open deal (the intelligence module's only records are tasks). */
async function populateIntelligence(_t: TestApp, org: Registered): Promise<void> {
  const deals = await org.agent.get('/api/opportunities?limit=100').expect(200);
  const open = (deals.body.data as Array<{ id: string; status: string }>).find((d) => d.status === 'open');
  if (!open) throw new Error('populateIntelligence: the sales fixtures made no open opportunity');
  await org.agent.post(`/api/opportunities/${open.id}/generate-tasks`).expect(200);
}

/**
 * Fills an organization with at least one record of every kind the API can create, through the API
 * where it can, module by module in the order of the module list. The tenancy and robustness sweeps run
 * every REST row against this data.
 */
export async function populateOrganization(t: TestApp, org: Registered): Promise<void> {
  await t.addMember(org.organizationId, 'user');
  const { modules: list } = await import('../../src/modules');
  for (const m of list) await (POPULATE[m.name as ModuleName] ?? populateFromExamples(m.routes))(t, org);
}

/**
 * Organizations registered and filled side by side (the sweeps' victim and intruder, the fuzz lanes), in the order of
 * `names`: filling one is some thirty requests, one after another, mostly waiting on the database.
 */
export function populatedOrganizations(t: TestApp, names: string[]): Promise<Registered[]> {
  return Promise.all(
    names.map(async (name) => {
      const org = await t.registerOrg(name);
      await populateOrganization(t, org);
      return org;
    }),
  );
}

/** A module's records made by its own create rows, with their examples. */
function populateFromExamples(routes: readonly RouteRow[]) {
  return async (_t: TestApp, org: Registered): Promise<void> => {
    for (const row of routes.filter((r) => r.method === 'POST' && !r.path.includes(':') && r.example)) {
      const res = await org.agent.post(row.path).send(row.example);
      if (res.status >= 300) throw new Error(`${row.path} example: ${res.status} ${JSON.stringify(res.body)}`);
    }
  };
}

/** Every id of an organization's rows, in every table that carries organization_id (plus the organization's own). */
export async function idsOf(t: TestApp, organizationId: string): Promise<string[]> {
  const ids = new Set<string>([organizationId]);
  for (const table of await tenantTables(t)) {
    const hasId = await t.sql(
      `select 1 from information_schema.columns where table_schema = 'public' and table_name = $1 and column_name = 'id' and data_type = 'uuid'`,
      [table],
    );
    if (!hasId.length) continue;
    for (const r of await t.sql<{ id: string }>(`select id from "${table}" where organization_id = $1`, [
      organizationId,
    ]))
      ids.add(r.id);
  }
  return [...ids];
}

export async function tenantTables(t: TestApp): Promise<string[]> {
  const rows = await t.sql<{ table_name: string }>(
    `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'organization_id' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** Everything an organization owns, as JSON: equal before and after means nothing of it changed. */
export async function snapshot(
  t: TestApp,
  organizationId: string,
  ignore: string[] = [],
): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  out.organizations = await t.sql(`select to_jsonb(o) as row from organizations o where id = $1`, [organizationId]);
  for (const table of await tenantTables(t)) {
    if (ignore.includes(table)) continue;
    out[table] = await t.sql(
      `select to_jsonb(x) as row from "${table}" x where organization_id = $1 order by to_jsonb(x)::text`,
      [organizationId],
    );
  }
  return out;
}
