/**
 * Hardening 2, part 1, 3 and 8: however an operation's document arrives (full text, persisted-query hash, GET),
 * it is measured before the rate limiter and before anything runs; the deadline holds during execution (statements
 * cancelled); an answer has a size cap; no schema name leaks through suggestions when introspection is off; and
 * every refusal answers in the media type the client accepted, readable by Apollo Client itself.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import request from 'supertest';
import { ApolloClient, CombinedGraphQLErrors, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { createApp } from '../src/app';
import { createServices } from '../src/composition';
import { persistedQueryHash } from '../src/graphql/persisted-queries';
import { withDatabase } from './support/db-url';
import { newCompany, newContact } from './support/crm';
import { statementsOf } from './support/statements';
import { Agent, createTestApp, Registered, TestApp } from './support/test-app';

let t: TestApp;
let org: Registered;

/** The report's attack: cheap with l = 1, a hundred million fields with l = 100. */
const ATTACK = `query H($l: Int!) { companies(limit: $l) { data { contacts(limit: $l) { company { contacts(limit: $l) {
  company { contacts(limit: $l) { name email } } } } } } } }`;
const HASH = persistedQueryHash(ATTACK);
const persisted = (hash = HASH) => ({ persistedQuery: { version: 1, sha256Hash: hash } });

const post = (agent: Agent, body: Record<string, unknown>) =>
  agent.post('/graphql').set('content-type', 'application/json').send(body);

type GraphqlBody = { data?: unknown; errors?: { message: string; extensions: { code: string } }[] };
const codes = (body: GraphqlBody) => (body.errors ?? []).map((e) => e.extensions.code);

beforeAll(async () => {
  t = await createTestApp();
  org = await t.registerOrg('Paths');
  const company = await newCompany(org.agent, { name: 'Hundred Co' });
  for (let i = 0; i < 3; i++)
    await newContact(org.agent, { name: `C${i}`, email: `c${i}@hundred.example`, companyId: company.id });
});
afterAll(() => t.close());

describe('persisted queries are measured', () => {
  it('a hash sent alone is measured with its own variables: the report attack is 400 before any resolver', async () => {
    const cheap = await post(org.agent, { query: ATTACK, variables: { l: 1 }, extensions: persisted() });
    expect(cheap.status).toBe(200);
    expect(cheap.body.errors).toBeUndefined();

    let res: Awaited<ReturnType<typeof post>> | undefined;
    const sql = await statementsOf(t, async () => {
      res = await post(org.agent, { variables: { l: 100 }, extensions: persisted() });
    });
    expect(res!.status).toBe(400);
    expect(codes(res!.body)).toEqual(['QUERY_TOO_COMPLEX']);
    expect(res!.body.errors[0].message).toMatch(/^query cost \d+ exceeds the limit of 20000$/);
    expect(sql.filter((s) => /\b(companies|contacts)\b/.test(s))).toEqual([]);
  });

  it('the same by GET, variables and extensions as JSON text', async () => {
    const res = await org.agent
      .get('/graphql')
      .set('apollo-require-preflight', 'true')
      .query({ variables: JSON.stringify({ l: 100 }), extensions: JSON.stringify(persisted()) });
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual(['QUERY_TOO_COMPLEX']);
    const ok = await org.agent
      .get('/graphql')
      .set('apollo-require-preflight', 'true')
      .query({ variables: JSON.stringify({ l: 1 }), extensions: JSON.stringify(persisted()) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.companies.data).toHaveLength(1);
  });

  it('fifteen aliases by hash are refused as a whole', async () => {
    const body = Array.from(
      { length: 15 },
      (_, i) => `a${i}: companies(limit: $l) { data { contacts(limit: $l) { name } } }`,
    );
    const text = `query A($l: Int!) { ${body.join(' ')} }`;
    const hash = persistedQueryHash(text);
    expect((await post(org.agent, { query: text, variables: { l: 1 }, extensions: persisted(hash) })).status).toBe(200);
    const res = await post(org.agent, { variables: { l: 100 }, extensions: persisted(hash) });
    expect(codes(res.body)).toEqual(['QUERY_TOO_COMPLEX']);
  });

  it('a hash-only mutation draws on the write budget', async () => {
    const limited = await createTestApp({ RATE_LIMIT_READ: '1000', RATE_LIMIT_WRITE: '500' });
    try {
      const a = await limited.registerOrg('Budget');
      const text = 'mutation M($name: String!) { createCompany(input: { name: $name }) { id } }';
      const hash = persistedQueryHash(text);
      const first = await post(a.agent, { query: text, variables: { name: 'One' }, extensions: persisted(hash) });
      expect(first.headers['ratelimit-limit']).toBe('500');
      const byHash = await post(a.agent, { variables: { name: 'Two' }, extensions: persisted(hash) });
      expect(byHash.status).toBe(200);
      expect(byHash.body.errors).toBeUndefined();
      expect(byHash.headers['ratelimit-limit']).toBe('500');
    } finally {
      await limited.close();
    }
  });

  it('a hash that does not match its query: 400 PERSISTED_QUERY_HASH_MISMATCH, nothing runs', async () => {
    const res = await post(org.agent, { query: '{ me { user { id } } }', extensions: persisted('0'.repeat(64)) });
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual(['PERSISTED_QUERY_HASH_MISMATCH']);
    expect(res.body.data).toBeUndefined();
  });

  it('an unknown hash: PERSISTED_QUERY_NOT_FOUND, as the protocol says, so the client sends the text', async () => {
    const res = await post(org.agent, { extensions: persisted('f'.repeat(64)) });
    expect(codes(res.body)).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
  });

  it('a subscription: 400 OPERATION_NOT_SUPPORTED', async () => {
    const res = await post(org.agent, { query: 'subscription { me { user { id } } }' });
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual(['OPERATION_NOT_SUPPORTED']);
  });
});

describe('errors outside Apollo speak GraphQL over HTTP', () => {
  it('a limit refusal answers in the accepted media type, with the code', async () => {
    const res = await org.agent
      .post('/graphql')
      .set('accept', 'application/graphql-response+json, application/json;q=0.9')
      .send({ query: ATTACK, variables: { l: 100 } });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/graphql-response\+json/);
    expect(codes(JSON.parse(res.text))).toEqual(['QUERY_TOO_COMPLEX']);
    const legacy = await org.agent
      .post('/graphql')
      .set('accept', 'application/json')
      .send({ query: ATTACK, variables: { l: 100 } });
    expect(legacy.headers['content-type']).toMatch(/^application\/json/);
  });

  it('a malformed JSON body on /graphql is a GraphQL error, not the REST body', async () => {
    const res = await t.agent().post('/graphql').set('content-type', 'application/json').send('{"query":');
    expect(res.status).toBe(400);
    expect(codes(res.body)).toEqual(['BAD_REQUEST']);
    expect(res.body.code).toBeUndefined();
  });

  describe('Apollo Client 4 reads the code of a refusal', () => {
    let server: Server;
    let uri: string;
    let cookie: string;
    beforeAll(async () => {
      server = createServer(t.http);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
      const login = await t.agent().post('/api/auth/login').send({ email: org.email, password: org.password });
      cookie = ([] as string[])
        .concat(login.headers['set-cookie'] ?? [])
        .map((c) => c.split(';')[0])
        .join('; ');
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const client = (persistedQueries: boolean) => {
      const http = new HttpLink({ uri, headers: { cookie } });
      const sha256 = async (text: string) => persistedQueryHash(text);
      return new ApolloClient({
        link: persistedQueries ? new PersistedQueryLink({ sha256 }).concat(http) : http,
        cache: new InMemoryCache(),
      });
    };

    it.each([false, true])('persisted queries %s: QUERY_TOO_COMPLEX in extensions.code', async (apq) => {
      const c = client(apq);
      const small = await c.query({ query: gql(ATTACK), variables: { l: 1 }, fetchPolicy: 'network-only' });
      expect(small.error).toBeUndefined();
      const big = await c.query({
        query: gql(ATTACK),
        variables: { l: 100 },
        fetchPolicy: 'network-only',
        errorPolicy: 'all',
      });
      expect(CombinedGraphQLErrors.is(big.error)).toBe(true);
      expect((big.error as CombinedGraphQLErrors).errors.map((e) => e.extensions?.code)).toEqual(['QUERY_TOO_COMPLEX']);
    });
  });
});

describe('the deadline holds during execution', () => {
  it('a statement still running at the deadline is cancelled and the request answers 503', async () => {
    // Statements may run a minute; the second app over the same database gives a request 400 ms.
    const slow = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '60000' });
    const config = { ...slow.deps.config, timeouts: { ...slow.deps.config.timeouts, requestMs: 400 } };
    const short = await createApp({ ...slow.deps, config, services: createServices(config) });
    const [{ d }] = await slow.sql<{ d: string }>('select current_database() d');
    const locker = new Client({ connectionString: withDatabase(process.env.TEST_PG_SERVER_URL!, d) });
    await locker.connect();
    try {
      const a = await slow.registerOrg('Deadline');
      const agent = request.agent(short.app);
      expect((await agent.post('/api/auth/login').send({ email: a.email, password: a.password })).status).toBe(200);
      await locker.query('begin');
      await locker.query('lock table companies in access exclusive mode');
      const res = await post(agent, { query: '{ companies { data { id } } }' });
      expect(res.status).toBe(503);
      expect(codes(res.body)).toEqual(['REQUEST_TIMEOUT']);
      // Without the cancel, the request's statements would wait on the lock for a minute. (pg_stat_activity is
      // a snapshot per transaction: cleared before each look.)
      const waiting = async () => {
        await locker.query('select pg_stat_clear_snapshot()');
        const { rows } = await locker.query(
          `select count(*)::int n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return rows[0].n as number;
      };
      for (let i = 0; i < 50 && (await waiting()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await waiting()).toBe(0);
      await locker.query('rollback');
      const after = await post(agent, { query: '{ companies { data { id } } }' });
      expect(after.status).toBe(200); // the connections went back to the pool, usable
    } finally {
      await locker.end();
      await short.close();
      await slow.close();
    }
  });
});

describe('an answer has a size cap', () => {
  it('over RESPONSE_LIMIT_BYTES: 400 RESPONSE_TOO_LARGE on GraphQL and REST', async () => {
    const capped = await createTestApp({ RESPONSE_LIMIT_BYTES: '600' });
    try {
      const a = await capped.registerOrg('Capped');
      for (let i = 0; i < 8; i++) await newCompany(a.agent, { name: `Company with a fairly long name ${i}` });
      const gqlRes = await post(a.agent, { query: '{ companies(limit: 100) { data { id name } } }' });
      expect(gqlRes.status).toBe(400);
      expect(codes(gqlRes.body)).toEqual(['RESPONSE_TOO_LARGE']);
      const rest = await a.agent.get('/api/companies?limit=100');
      expect(rest.status).toBe(400);
      expect(rest.body.code).toBe('RESPONSE_TOO_LARGE');
      expect((await a.agent.get('/api/companies?limit=1')).status).toBe(200);
    } finally {
      await capped.close();
    }
  });
});

describe('no field suggestions when introspection is off', () => {
  const probes = [
    '{ impersonat { id } }', // a root field
    '{ me { usr { id } } }', // an object field
    '{ contacts(limt: 1) { data { id } } }', // an argument
    '{ contacts(status: leed) { data { id } } }', // an enum value
    'query($s: ContactStatus) { contacts(status: $s) { data { id } } }', // an enum value in variables (below)
    'mutation($i: ContactInputt!) { createContact(input: $i) { id } }', // a type
    '{ me { ... on Usr { id } } }', // a type condition
    'mutation { createContact(input: { nam: "x" }) { id } }', // an input field
  ];

  it.each([true, false])('introspection %s', async (introspection) => {
    const app = await createTestApp({ GRAPHQL_INTROSPECTION: String(introspection) });
    try {
      const a = await app.registerOrg('Suggest');
      const messages: string[] = [];
      for (const query of probes) {
        const res = await post(a.agent, { query, variables: { s: 'leed' } });
        expect(res.status).toBeLessThan(500);
        messages.push(JSON.stringify(res.body.errors));
      }
      const suggesting = messages.filter((m) => /Did you mean/.test(m));
      if (introspection) expect(suggesting.length).toBeGreaterThan(0);
      else expect(suggesting).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
