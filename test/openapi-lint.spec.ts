/**
 * Issue 27 part 5: GET /api/openapi.json passes `redocly lint` (its recommended rules) and Spectral's OAS ruleset
 * with no error, both run through their libraries (scripts/lint-openapi.mjs: Redocly's core is ESM only, so it
 * runs in a plain node process), and each provider webhook states the media type it really answers.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, TestApp } from './support/test-app';

let t: TestApp;
let doc: Record<string, unknown> & { paths: Record<string, Record<string, Operation>> };
interface Operation {
  security?: unknown[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}
beforeAll(async () => {
  t = await createTestApp();
  doc = (await request(t.http).get('/api/openapi.json')).body;
});
afterAll(() => t.close());

type Problem = { severity: string; rule: string; at: string; message: string };

function lint(): { status: number; report: { redocly: Problem[]; spectral: Problem[] } } {
  const file = join(tmpdir(), `openapi-lint-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(doc));
  try {
    const out = execFileSync(process.execPath, [join(__dirname, '..', 'scripts', 'lint-openapi.mjs'), file], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return { status: 0, report: JSON.parse(out) };
  } catch (e) {
    const err = e as { status: number; stdout: string };
    return { status: err.status, report: JSON.parse(err.stdout) };
  }
}

it('redocly lint (recommended) and Spectral (oas) report no error', () => {
  const { status, report } = lint();
  const errors = (problems: Problem[]) => problems.filter((p) => p.severity === 'error');
  expect(errors(report.redocly)).toEqual([]);
  expect(errors(report.spectral)).toEqual([]);
  expect(status).toBe(0);
});

it('the linters do report errors: without servers, a webhook without security, an info without version', () => {
  const saved = doc;
  const { servers: _s, ...rest } = saved;
  const hook = saved.paths['/webhooks/generic/sms'].post;
  doc = {
    ...rest,
    info: { title: 'no version' },
    paths: { ...saved.paths, '/webhooks/generic/sms': { post: { ...hook, security: undefined } } },
  };
  try {
    const { status, report } = lint();
    expect(status).toBe(1);
    expect(report.redocly.map((p) => p.rule)).toEqual(expect.arrayContaining(['no-empty-servers', 'security-defined']));
    expect(report.spectral).toContainEqual(expect.objectContaining({ severity: 'error', rule: 'oas3-schema' }));
  } finally {
    doc = saved;
  }
});

it('every provider webhook documents its signature and the media type it answers', () => {
  const hooks = Object.entries(doc.paths).filter(([path]) => path.startsWith('/webhooks/'));
  expect(hooks.map(([path]) => path).sort()).toEqual([
    '/webhooks/generic/email',
    '/webhooks/generic/recording',
    '/webhooks/generic/sms',
    '/webhooks/postmark/email',
    '/webhooks/twilio/recording',
    '/webhooks/twilio/sms',
    '/webhooks/twilio/transcription',
  ]);
  const answers = Object.fromEntries(
    hooks.map(([path, ops]) => [path, Object.keys(ops.post.responses['200'].content ?? {})]),
  );
  expect(answers).toEqual({
    '/webhooks/generic/email': ['application/json'],
    '/webhooks/generic/recording': ['application/json'],
    '/webhooks/generic/sms': ['application/json'],
    '/webhooks/postmark/email': ['application/json'],
    '/webhooks/twilio/recording': ['text/xml'],
    '/webhooks/twilio/sms': ['text/xml'],
    '/webhooks/twilio/transcription': ['application/json'],
  });
  for (const [, ops] of hooks) expect(ops.post.security?.length).toBeGreaterThan(0);
});

it('the documented answer types are what the webhooks send', async () => {
  const sms = await request(t.http)
    .post('/webhooks/twilio/sms')
    .type('form')
    .send('MessageSid=SMx&From=%2B14155550123&To=%2B19995550000&Body=hi');
  expect(sms.type).toBe('text/xml');
  const generic = await request(t.http)
    .post('/webhooks/generic/sms')
    .send({ messageId: 'm', from: '+14155550123', to: '+19995550000' });
  expect(generic.type).toBe('application/json');
});
