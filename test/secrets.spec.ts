/**
 * No secret leaves through an error message or a log line: GraphQL's variable-coercion messages print the
 * whole input object (password included) unless we rewrite them, and the logger redacts credentials at any depth.
 */
import { Writable } from 'node:stream';
import request from 'supertest';
import { createApp } from '../src/app';
import { createLogger } from '../src/lib/logger';
import { createTestApp, PASSWORD, TestApp } from './support/test-app';

let t: TestApp;
let lines: string[];
let http: Awaited<ReturnType<typeof createApp>>;

function sink(into: string[]): Writable {
  return new Writable({
    write(chunk, _enc, cb) {
      into.push(String(chunk));
      cb();
    },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  lines = [];
  http = await createApp({ ...t.deps, logger: createLogger('debug', sink(lines)) });
});
afterAll(async () => {
  await http.close();
  await t.close();
});

const SECRET = 'hunter2-very-secret-passphrase';

it('a GraphQL input with an unknown field does not echo the password in the error or the log', async () => {
  const res = await request(http.app)
    .post('/graphql')
    .send({
      query: 'mutation ($input: LoginInput!) { login(input: $input) { message } }',
      variables: { input: { email: 'someone@example.test', password: SECRET, rememberMe: true } },
    });
  expect(res.body.errors[0].extensions).toEqual({
    code: 'VALIDATION_ERROR',
    details: [{ field: 'rememberMe', message: expect.any(String) }],
  });
  expect(res.body.errors[0].message).toMatch(/rememberMe/);
  expect(JSON.stringify(res.body)).not.toContain(SECRET);
  expect(lines.join('')).not.toContain(SECRET);
});

it('a wrongly typed sibling field does not echo the password either', async () => {
  const org = await t.registerOrg('Secrets');
  const agent = request.agent(http.app);
  await agent.post('/api/auth/login').send({ email: org.email, password: PASSWORD }).expect(200);
  const res = await agent.post('/graphql').send({
    query: 'mutation ($input: ChangePasswordInput!) { changePassword(input: $input) { message } }',
    variables: { input: { currentPassword: PASSWORD, newPassword: SECRET, extra: { nested: 1 } } },
  });
  expect(res.body.errors[0].extensions.code).toBe('VALIDATION_ERROR');
  const text = JSON.stringify(res.body) + lines.join('');
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain(PASSWORD);
});

it('the rewritten message still names a nested field and why it is wrong', async () => {
  const org = await t.registerOrg('Nested');
  const res = await org.agent.post('/graphql').send({
    query: 'mutation ($input: TransactionInput!) { createTransaction(input: $input) { id } }',
    variables: {
      input: {
        customerId: '00000000-0000-4000-8000-000000000000',
        pickupDate: '2026-12-01',
        returnDate: '2026-12-02',
        lines: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 'many' }],
      },
    },
  });
  expect(res.body.errors[0].extensions.details).toEqual([
    { field: 'lines.0.quantity', message: expect.stringContaining('Int cannot represent') },
  ]);
  expect(res.body.errors[0].message).toBe(
    `Variable "$input" got an invalid value at "input.lines[0].quantity": ${res.body.errors[0].extensions.details[0].message}`,
  );
});

it('the logger redacts credentials and secret-bearing fields at any depth', () => {
  const out: string[] = [];
  const log = createLogger('info', sink(out));
  const v = (n: number) => `zz-secret-${n}`;
  log.info(
    {
      req: { headers: { authorization: `Bearer ${v(1)}`, cookie: `sessionId=${v(2)}`, 'x-api-key': v(3) } },
      res: { headers: { 'set-cookie': `sessionId=${v(4)}` } },
      headers: { authorization: `Bearer ${v(5)}`, cookie: v(6) },
      variables: {
        input: {
          password: v(7),
          newPassword: v(8),
          currentPassword: v(9),
          token: v(10),
          integrations: { openaiApiKey: v(11) },
        },
      },
      body: {
        secret: v(12),
        keyDigest: v(13),
        tokenDigest: v(14),
        passwordHash: v(15),
        previousSecret: v(16),
        integrationCredentials: { x: v(17) },
      },
    },
    'x',
  );
  const text = out.join('');
  expect(text).not.toContain('zz-secret');
  expect(text).toContain('[redacted]');
});

it('a database fault is logged without the statement’s values (here: the new password hash)', async () => {
  const org = await t.registerOrg('DbFault');
  const agent = request.agent(http.app);
  await agent.post('/api/auth/login').send({ email: org.email, password: PASSWORD }).expect(200);
  await t.sql(`alter table users add constraint zz_no_updates check (updated_at < '2000-01-01') not valid`);
  try {
    lines.length = 0;
    const res = await agent.post('/api/auth/change-password').send({ currentPassword: PASSWORD, newPassword: SECRET });
    expect(res.status).toBe(500);
    const gql = await agent.post('/graphql').send({
      query: 'mutation ($input: ChangePasswordInput!) { changePassword(input: $input) { message } }',
      variables: { input: { currentPassword: PASSWORD, newPassword: SECRET } },
    });
    expect(gql.body.errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
    const faults = lines.map((l) => JSON.parse(l)).filter((l) => l.level === 50);
    expect(faults).toHaveLength(2);
    const logged = faults[1];
    expect(logged.err.message).toMatch(/violates check constraint "zz_no_updates"/);
    expect(logged.err.constraint).toBe('zz_no_updates');
    expect(lines.join('')).not.toMatch(/argon2|update users set/);
  } finally {
    await t.sql('alter table users drop constraint zz_no_updates');
  }
});
