/**
 * Tenancy of the numbers (docs/analytics.md): one organization's reports never include another's records.
 * Every analytics row is run for organization A before and after organization B fills itself with data of
 * every kind on the same days: A's answers do not change, and B's never show A's ids. (The generated tenancy
 * sweep also runs every row as an intruder; this proves the aggregates, not only the ids.)
 */
import { analyticsReports } from '../src/modules/analytics/analytics.routes';
import { populateOrganization } from './support/fixtures';
import { createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let a: Registered;
let b: Registered;
const QUERY = 'startDate=2026-01-01&endDate=2026-12-31';

beforeAll(async () => {
  t = await createTestApp();
  a = await t.registerOrg('Tenant A');
  await populateOrganization(t, a);
  b = await t.registerOrg('Tenant B');
});
afterAll(() => t.close());

async function everyReport(org: Registered): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const r of analyticsReports) {
    const res = await org.agent.get(`${r.path}?${r.summary.includes('startDate') ? QUERY : ''}`);
    expect([r.path, res.status]).toEqual([r.path, 200]);
    out[r.path] = res.body;
  }
  return out;
}

it('organization A’s figures are the same before and after organization B adds its records', async () => {
  const before = await everyReport(a);
  expect(JSON.stringify(before)).toMatch(/"booked":"[1-9]/); // A has revenue to protect
  await populateOrganization(t, b);
  expect(await everyReport(a)).toEqual(before);
  const ofB = JSON.stringify(await everyReport(b));
  expect(ofB.includes(a.organizationId) || ofB.includes(a.userId)).toBe(false);
}, 120_000);
