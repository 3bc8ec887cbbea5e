import type { Registered, TestApp } from './test-app';

/** A webhook subscription and a queued ping (an event and a delivery), created through the API. */
export async function populateWebhooks(_t: TestApp, org: Registered): Promise<void> {
  const created = await org.agent
    .post('/api/settings/webhooks')
    .send({ url: 'https://93.184.216.34/crm-webhooks', description: 'fixture' });
  if (created.status !== 201) throw new Error(`webhook fixture: ${created.status} ${JSON.stringify(created.body)}`);
  const ping = await org.agent.post(`/api/settings/webhooks/${created.body.subscription.id}/ping`);
  if (ping.status !== 202) throw new Error(`webhook fixture ping: ${ping.status} ${JSON.stringify(ping.body)}`);
}
