/**
 * Walks EVERY row of the REST table as an admin of another organization and proves that no row reveals
 * or changes the first organization's data: any id of it in a path is 404, any id of it in a body is
 * refused, no response carries its ids or emails, and a snapshot of all its rows is unchanged.
 * A new route is covered the moment it is added to the table.
 */
import request from 'supertest';
import { buildAppBaseSchema, compileRoutes } from '../src/composition';
import type { CompiledRoute } from '../rest-adapter/compile';
import { idsOf, populateOrganization, snapshot } from './support/fixtures';
import { Agent, createTestApp, PASSWORD, Registered, TestApp } from './support/test-app';

let t: TestApp;
let victim: Registered;
let intruder: Registered;
let victimIds: string[];
let victimSecrets: string[];
let before: Record<string, unknown[]>;
let routes: CompiledRoute[];

beforeAll(async () => {
  t = await createTestApp();
  routes = compileRoutes(await buildAppBaseSchema());
  victim = await t.registerOrg('Victim');
  await populateOrganization(t, victim);
  intruder = await t.registerOrg('Intruder');
  await populateOrganization(t, intruder);
  victimIds = await idsOf(t, victim.organizationId);
  const emails = await t.sql<{ email: string }>('select email from users where organization_id = $1', [victim.organizationId]);
  victimSecrets = [...victimIds, ...emails.map((e) => e.email)];
  // sessions: the victim's own session rows slide when they are used; nothing here uses them.
  before = await snapshot(t, victim.organizationId);
});
afterAll(() => t.close());

function pathWith(route: CompiledRoute, id: string): string {
  return route.row.path.replace(/:(\w+)/g, id);
}

let agent: Agent | undefined;

/** As the intruder's admin. One session for the whole sweep; a row that ends it (logout) gets a new one for the next. */
async function call(route: CompiledRoute, path: string, body?: Record<string, unknown>) {
  agent ??= await t.login(intruder.email, PASSWORD);
  const method = route.row.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const req = agent[method](path);
  const res = await (body ? req.send(body) : req);
  const cleared = ([] as string[]).concat(res.headers['set-cookie'] ?? []).some((c) => c.startsWith('sessionId=;'));
  if (cleared || res.status === 401) agent = undefined;
  return res;
}

/** Requests of one row run 8 at a time: the rows that can end the session (logout) have no path ids. */
async function inBatches(ids: string[], fn: (id: string) => Promise<void>): Promise<void> {
  for (let i = 0; i < ids.length; i += 8) await Promise.all(ids.slice(i, i + 8).map(fn));
}

function assertNothingLeaked(res: request.Response, label: string): void {
  const text = JSON.stringify(res.body ?? '') + (res.text ?? '');
  for (const s of victimSecrets) {
    if (text.includes(s)) throw new Error(`${label} revealed ${s} of another organization: ${text.slice(0, 300)}`);
  }
}

it('covers a non-trivial table', () => {
  expect(routes.length).toBeGreaterThanOrEqual(7);
  expect(victimIds.length).toBeGreaterThanOrEqual(3);
});

it('no row reveals or changes another organization’s data', async () => {
  for (const route of routes) {
    const label = `${route.row.method} ${route.row.path}`;
    const example = route.row.example;
    if (route.row.path.includes(':')) {
      // Every foreign id, and a malformed one: both must be a plain 404.
      await inBatches([...victimIds, 'not-a-uuid'], async (id) => {
        const res = await call(route, pathWith(route, id), example);
        if (route.access === 'super_admin') expect([403]).toContain(res.status);
        else if (res.status !== 404) throw new Error(`${label} with a foreign id ${id} answered ${res.status}, not 404: ${JSON.stringify(res.body)}`);
        assertNothingLeaked(res, label);
      });
    } else {
      const res = await call(route, route.row.path, example);
      assertNothingLeaked(res, label);
    }
    // Foreign ids inside a body are refused too.
    for (const key of Object.keys(example ?? {}).filter((k) => /Ids?$/.test(k))) {
      await inBatches(victimIds, async (id) => {
        const body = { ...example, [key]: key.endsWith('Ids') ? [id] : id };
        const res = await call(route, pathWith(route, intruder.organizationId), body);
        if (res.status < 400) throw new Error(`${label} accepted a foreign ${key} ${id}: ${res.status}`);
        assertNothingLeaked(res, label);
      });
    }
  }
  expect(await snapshot(t, victim.organizationId)).toEqual(before);
}, 300_000);
