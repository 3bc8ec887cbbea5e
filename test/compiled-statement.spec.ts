import { bind, inputOf, templateOf, withPlaceholders } from '../src/db/read-path/compiled-statement';
import { compiledShapes } from '../src/db/read-path';
import { createTestApp, Registered, TestApp } from './support/test-app';
import { newContact } from './support/crm';

/**
 * Plain-row statements are built once per shape and bound per request (src/db/read-path/compiled-statement.ts). The units
 * below check the rule that decides whether a shape compiles; the requests check that a compiled shape answers
 * each request with its own values, and never with another organization's template.
 */
describe('the shape of an input and its placeholders', () => {
  it('keeps what changes the SQL in the shape and the rest as values, in one order', () => {
    const a = inputOf([{ status: 'lead', owner: null, $in: ['x', 'y'], at: new Date(0) }, 50, 0]);
    const b = inputOf([{ status: 'customer', owner: null, $in: ['z', 'w'], at: new Date(1) }, 10, 100]);
    expect(a?.shape).toBe(b?.shape);
    expect(b?.values).toEqual(['customer', 'z', 'w', new Date(1), 10, 100]);
    expect(inputOf([{ owner: 'u' }])?.shape).not.toBe(inputOf([{ owner: null }])?.shape);
    expect(inputOf([{ $in: ['a'] }])?.shape).not.toBe(inputOf([{ $in: ['a', 'b'] }])?.shape);
    expect(inputOf([{ done: true }])?.shape).not.toBe(inputOf([{ done: false }])?.shape);
    expect(inputOf([{ a: 's' }])?.shape).not.toBe(inputOf([{ b: 's' }])?.shape);
    expect(inputOf([{ a: 's' }])?.shape).not.toBe(inputOf([{ a: 1 }])?.shape);
  });

  it('refuses what is not plain data', () => {
    expect(inputOf({ sub: new (class Builder {})() })).toBeUndefined();
    expect(inputOf({ ok: [1, 'a', new Date()] })).toBeDefined();
  });

  it('replaces each leaf by a placeholder of its type', () => {
    const [where, limit] = withPlaceholders([{ name: 'x', at: new Date(5), n: 3 }, 50]) as [
      Record<string, unknown>,
      number,
    ];
    expect(typeof where.name).toBe('string');
    expect(where.name).not.toBe('x');
    expect(where.at).toBeInstanceOf(Date);
    expect(typeof where.n).toBe('number');
    expect(Number.isInteger(limit) && limit > 1000).toBe(true);
  });
});

describe('the template of a built statement', () => {
  const placeholders = withPlaceholders(['a', 'b', 7]) as unknown[];

  it('maps each placeholder to its binding and keeps the constants', () => {
    const template = templateOf(
      {
        sql: 'select ? where o = ? and x = ? limit ?',
        bindings: [placeholders[1], 'org', placeholders[0], placeholders[2]],
      },
      3,
    );
    expect(template).toBeDefined();
    expect(bind(template!, ['A', 'B', 9]).bindings).toEqual(['B', 'org', 'A', 9]);
  });

  it('does not compile when a placeholder is missing, repeated or written into the SQL', () => {
    const [a, b, n] = placeholders;
    expect(templateOf({ sql: 'select ? ?', bindings: [a, n] }, 3)).toBeUndefined();
    expect(templateOf({ sql: 'select ? ? ? ?', bindings: [a, a, b, n] }, 3)).toBeUndefined();
    expect(templateOf({ sql: `select '${String(a)}', ?, ?`, bindings: [b, n] }, 3)).toBeUndefined();
    expect(templateOf({ sql: 'select ?, ?, ?, ?', bindings: [a, b, n, `x${String(a)}`] }, 3)).toBeUndefined();
  });
});

describe('compiled list statements over HTTP', () => {
  let t: TestApp;
  let one: Registered;
  let two: Registered;
  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((c) => c.name).sort();

  beforeAll(async () => {
    t = await createTestApp();
    one = await t.registerOrg('Compiled one');
    two = await t.registerOrg('Compiled two');
    for (const name of ['Alpha Lifts', 'Beta Lifts', 'Alpha Cranes']) await newContact(one.agent, { name });
    await newContact(two.agent, { name: 'Alpha Other' });
  });
  afterAll(() => t.close());

  it('answers each request of a compiled shape with its own values', async () => {
    const a = await one.agent.get('/api/contacts?search=alpha&limit=10').expect(200);
    const shapes = compiledShapes(t.orm.em).compiled;
    expect(shapes).toBeGreaterThan(0);
    const b = await one.agent.get('/api/contacts?search=beta&limit=5').expect(200);
    const page2 = await one.agent.get('/api/contacts?search=lifts&limit=1&page=2').expect(200);
    expect(compiledShapes(t.orm.em).compiled).toBe(shapes); // same shape: no new statement built
    expect(names(a)).toEqual(['Alpha Cranes', 'Alpha Lifts']);
    expect(names(b)).toEqual(['Beta Lifts']);
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.pagination).toMatchObject({ currentPage: 2, totalItems: 2, pageSize: 1 });
  });

  it('builds no query for a compiled shape: neither the page nor its count', async () => {
    await one.agent.get('/api/contacts?search=cranes&limit=10').expect(200);
    const builds = jest.spyOn(Object.getPrototypeOf(t.orm.em), 'createQueryBuilder');
    try {
      const res = await one.agent.get('/api/contacts?search=lifts&limit=1').expect(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.pagination).toMatchObject({ totalItems: 2, totalPages: 2 });
      expect(builds).not.toHaveBeenCalled();
    } finally {
      builds.mockRestore();
    }
  });

  it("gives another organization's request of the same shape its own statement and rows", async () => {
    await one.agent.get('/api/contacts?search=alpha&limit=10').expect(200);
    const before = compiledShapes(t.orm.em).compiled;
    const other = await two.agent.get('/api/contacts?search=alpha&limit=10').expect(200);
    expect(names(other)).toEqual(['Alpha Other']);
    expect(compiledShapes(t.orm.em).compiled).toBe(before + 2); // its page and its count
  });

  it('binds values that look like placeholders as plain data', async () => {
    for (const term of ['\u00010\u0001', '1900000000', '\u0001']) {
      const res = await one.agent.get(`/api/contacts?search=${encodeURIComponent(term)}`).expect(200);
      expect(res.body.data).toEqual([]);
    }
    expect(compiledShapes(t.orm.em).notCompiled).toBe(0);
  });
});
