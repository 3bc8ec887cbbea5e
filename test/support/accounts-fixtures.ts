import request from 'supertest';
import type { Registered, TestApp } from './test-app';

/**
 * The records of accounts and administration, created through the API: settings with a stored credential,
 * a pending invitation (and its mail), an API key, a plant, a phone number and a webhook secret. (Password-reset tokens have no route that
 * names them; test/accounts-passwords.spec.ts covers them.)
 */
export async function populateAccounts(t: TestApp, org: Registered): Promise<void> {
  const ok = (res: request.Response, status: number, what: string) => {
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };
  ok(
    await org.agent
      .put('/api/settings/organization')
      .send({ phone: '+14155550123', timezone: 'America/Chicago', integrations: { openaiApiKey: 'sk-fixture' } }),
    200,
    'settings',
  );
  const invitee = `invitee-${org.organizationId.slice(-8)}@example.test`;
  ok(
    await org.agent
      .post('/api/organization/invite')
      .send({ email: invitee, role: 'user', firstName: 'In', lastName: 'Vitee' }),
    201,
    'invite',
  );
  ok(
    await org.agent.post('/api/settings/phone-numbers').send({ number: fixturePhoneNumber(org.organizationId) }),
    201,
    'phone number',
  );
  ok(
    await org.agent.put('/api/settings/webhook-secrets').send({ provider: 'generic', secret: 'fixture-secret' }),
    200,
    'webhook secret',
  );
  const key = ok(await org.agent.post('/api/api-keys').send({ name: 'fixture key', role: 'user' }), 201, 'api key');
  ok(
    await request(t.http)
      .post('/plants')
      .set('Authorization', `Bearer ${key.body.secret}`)
      .set('Content-Type', 'application/json')
      .send('{"id": 42, "name": "Fixture fern"}'),
    200,
    'plant',
  );
}

/**
 * A phone number of its own for each organization (the numbers are unique across organizations), from the id's random
 * tail: the head of a UUIDv7 is the millisecond it was made, shared by organizations made together.
 */
export function fixturePhoneNumber(organizationId: string): string {
  return `+1555${String(parseInt(organizationId.replace(/-/g, '').slice(-12), 16) % 10_000_000).padStart(7, '0')}`;
}
