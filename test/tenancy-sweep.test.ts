/**
 * Walks EVERY row of the REST table as an admin of another organization (the intruder) and proves that no row
 * reveals or changes the first organization's (the victim's) data. One test case per row:
 * - each path parameter gets every victim id of the kind the path names, one victim id of every other kind and a
 *   malformed id, the other parameters and the body being the intruder's own valid ones: the answer is the 404 of
 *   an id found nowhere (403 on super-admin rows);
 * - each id in the body or the query string (nested ones such as lines[].itemId too, generated from the
 *   operation's input types) gets the same foreign ids while the path names a real record of the intruder's own
 *   of the right kind: the answer is the one an id found nowhere gets (a write is refused), and with the
 *   intruder's own id instead the same request is not a 404, so the refusal came from the foreign id;
 * - no answer carries a victim id or email, and a snapshot of all the victim's rows is unchanged after each row.
 * The kind of record a path parameter or an input id names is derived from the schema, the REST table and the
 * database catalog (test/support/schema-sweep.ts): a new route is covered the moment it is added to the table.
 */
import type request from 'supertest';
import { buildAppBaseSchema, compileRoutes, routes as rows } from '../src/composition';
import type { CompiledRoute } from '../rest-adapter/compile';
import type { RouteRow } from '../src/http/route-row';
import { populatedOrganizations, snapshot } from './support/fixtures';
import {
  Attempt,
  ATTEMPTS,
  Catalog,
  fingerprint,
  IdSlot,
  idSlots,
  inBatches,
  leakIn,
  loadCatalog,
  NOWHERE_ID,
  ownArgs,
  recordsOf,
  referencesOf,
  secretsOf,
  sessionChanged,
  tableOfPathParam,
} from './support/schema-sweep';
import { Agent, createTestApp, PASSWORD, Registered, TestApp } from './support/test-app';

let t: TestApp;
let victim: Registered;
let intruder: Registered;
let catalog: Catalog;
let compiled: CompiledRoute[];
let victimRecords: Map<string, string[]>;
let secrets: string[];
let before: Record<string, unknown[]>;
let beforeDigest: string;

beforeAll(async () => {
  t = await createTestApp();
  compiled = compileRoutes(await buildAppBaseSchema());
  [victim, intruder] = await populatedOrganizations(t, ['Victim', 'Intruder']);
  catalog = await loadCatalog(t);
  victimRecords = await recordsOf(t, catalog, victim.organizationId);
  const own = new Set(await secretsOf(t, catalog, intruder.organizationId));
  secrets = (await secretsOf(t, catalog, victim.organizationId)).filter((s) => !own.has(s));
  before = await snapshot(t, victim.organizationId);
  beforeDigest = await fingerprint(t, catalog, victim.organizationId);
}, 120_000);
afterAll(() => t.close());

let agent: Agent | undefined;

/** As the intruder's admin. A response that ends or replaces the session (logout, register) or a 401 gets a fresh login for the next request. */
async function call(
  route: CompiledRoute,
  path: string,
  query: Record<string, string>,
  body: unknown,
): Promise<request.Response> {
  agent ??= await t.login(intruder.email, PASSWORD);
  const method = route.row.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let req = agent[method](path).query(query);
  if (body !== undefined) req = req.send(body as object);
  const res = await req;
  if (sessionChanged(res)) agent = undefined;
  return res;
}

/** The victim ids to try in a slot: every one of the slot's kind (one of every kind when the kind is not known). */
function foreignIds(table: string | undefined): string[] {
  return victimRecords.get(table ?? '') ?? [...victimRecords.values()].map((ids) => ids[0]);
}

/** A request of a row: its arguments split into path, query string and body as the row binds them. */
function requestOf(
  route: CompiledRoute,
  args: Record<string, unknown>,
): { path: string; query: Record<string, string>; body: unknown } {
  let path = route.row.path;
  const query: Record<string, string> = {};
  let body: unknown;
  for (const b of route.args) {
    const v = args[b.arg.name];
    if (b.source === 'path') path = path.replace(`:${b.key}`, encodeURIComponent(String(v ?? NOWHERE_ID)));
    else if (b.source === 'body') body = v;
    else if (v !== undefined)
      query[b.key] = Array.isArray(v) ? v.join(',') : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return { path, query, body };
}

/** What an answer says, with the id that was sent replaced: a foreign id must be answered exactly like an id found nowhere. */
/** Status and body with the sent id masked; the request id of an error body differs on every request by design. */
function answer(res: request.Response, sent: string): string {
  const { requestId: _requestId, ...body } = (res.body ?? {}) as Record<string, unknown>;
  return `${res.status} ${JSON.stringify(body).split(sent).join('<id>')}`;
}

function assertNothingLeaked(res: request.Response, label: string): void {
  const leaked = leakIn(JSON.stringify(res.body ?? '') + (res.text ?? ''), secrets);
  if (leaked) throw new Error(`${label} revealed ${leaked} of another organization: ${res.text.slice(0, 300)}`);
}

it('covers a non-trivial table and a populated victim', () => {
  expect(compiled.length).toBe(rows.length);
  expect(compiled.filter((r) => r.row.path.includes(':')).length).toBeGreaterThanOrEqual(50);
  expect(victimRecords.size).toBeGreaterThanOrEqual(20);
});

it.each(rows.map((row): [string, RouteRow] => [`${row.method} ${row.path}`, row]))(
  '%s reveals and changes nothing of another organization',
  async (label, row) => {
    const route = compiled.find((r) => r.row === row)!;
    const [own, refs] = await Promise.all([
      recordsOf(t, catalog, intruder.organizationId),
      referencesOf(t, catalog, intruder.organizationId),
    ]);
    const pathTables = new Map(
      route.args
        .filter((b) => b.source === 'path')
        .map((b) => [b.arg.name, tableOfPathParam(route, b.key, compiled, catalog)]),
    );
    const slots = idSlots(route.field, catalog, compiled);
    const inPath = (s: IdSlot) => s.path.length === 1 && pathTables.has(String(s.path[0]));
    const tableOf = (s: IdSlot) => (inPath(s) ? pathTables.get(String(s.path[0])) : s.table);
    const example = row.body && row.example ? { [row.body]: row.example } : undefined;
    let sent = 0;
    /** The row's request with the intruder's own ids where it needs them (its path's, required ones), and `value` in `slot`. */
    const send = (attempt: Attempt, slot?: IdSlot, value?: string) => {
      sent++;
      const args = ownArgs(route.field, slots, {
        example,
        attempt,
        own: (s) => own.get(tableOf(s) ?? '') ?? [],
        always: inPath,
        refs,
        varied: slot,
        value,
      });
      const { path, query, body } = requestOf(route, args);
      return call(route, path, query, body);
    };

    if (!slots.length) assertNothingLeaked(await send(ATTEMPTS[0]), label);
    for (const slot of slots) {
      const where = `${label} ${slot.path.join('.')}`;
      const pathBound = inPath(slot);
      let attempt = ATTEMPTS[0];
      let nowhere = await send(attempt, slot, NOWHERE_ID);
      const expected = route.access === 'super_admin' ? 403 : 404;
      if (pathBound && nowhere.status !== expected)
        throw new Error(
          `${where}: an id found nowhere answered ${nowhere.status}, not ${expected}: ${JSON.stringify(nowhere.body)}`,
        );
      if (!pathBound && route.root === 'Mutation' && nowhere.status < 400)
        throw new Error(`${where} accepted an id found nowhere: ${nowhere.status}`);
      if (route.access !== 'super_admin' && (route.root === 'Query' || !pathBound)) {
        // With the intruder's own id of the slot's kind the request must be answered otherwise (a read: without error),
        // or a refusal of a foreign id proves nothing. (Not for a mutation's path record: that would change or delete it.)
        let controlled = false;
        for (const a of route.root === 'Query' ? [ATTEMPTS[0]] : ATTEMPTS) {
          const none = a === attempt ? nowhere : await send(a, slot, NOWHERE_ID);
          if (route.root === 'Mutation' && none.status < 400)
            throw new Error(`${where} accepted an id found nowhere: ${none.status}`);
          const control = await send(a, slot);
          assertNothingLeaked(control, where);
          if (
            route.root === 'Query' ? control.status < 400 : answer(control, NOWHERE_ID) !== answer(none, NOWHERE_ID)
          ) {
            [attempt, nowhere, controlled] = [a, none, true];
            break;
          }
        }
        if (!controlled)
          throw new Error(
            `${where}: with the intruder's own ${tableOf(slot)} the request is answered like an id found nowhere, so the sweep proves nothing`,
          );
      }
      const tries = [...foreignIds(tableOf(slot)), ...(pathBound ? ['not-a-uuid'] : [])];
      await inBatches(tries, 8, async (id) => {
        const res = await send(attempt, slot, id);
        assertNothingLeaked(res, where);
        // A malformed id is nobody's: the same 404, its message may differ.
        const same =
          id === 'not-a-uuid'
            ? res.status === nowhere.status && res.body?.code === nowhere.body?.code
            : answer(res, id) === answer(nowhere, NOWHERE_ID);
        if (!same) {
          throw new Error(
            `${where} answered a foreign id (${id}) unlike an id found nowhere: ${answer(res, id).slice(0, 300)} vs ${answer(nowhere, NOWHERE_ID).slice(0, 300)}`,
          );
        }
      });
    }
    if ((await fingerprint(t, catalog, victim.organizationId)) !== beforeDigest)
      expect(await snapshot(t, victim.organizationId)).toEqual(before);
    requests += sent;
  },
);

it('left every row of the victim as it was', async () => {
  expect(await snapshot(t, victim.organizationId)).toEqual(before);
});

let requests = 0;
afterAll(() => console.log(`tenancy sweep: ${rows.length} rows, ${requests} requests`));
