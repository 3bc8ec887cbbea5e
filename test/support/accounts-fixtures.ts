import request from 'supertest';
import type { Registered, TestApp } from './test-app';

/**
 * The records of accounts and administration, created through the API: settings with a stored credential,
 * a pending invitation (and its mail), an API key and a plant. (Password-reset tokens have no route that
 * names them; test/accounts-passwords.test.ts covers them.)
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
  const invitee = `invitee-${org.organizationId.slice(0, 8)}@example.test`;
  ok(
    await org.agent
      .post('/api/organization/invite')
      .send({ email: invitee, role: 'user', firstName: 'In', lastName: 'Vitee' }),
    201,
    'invite',
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
