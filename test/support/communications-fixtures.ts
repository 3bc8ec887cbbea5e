import { hexHmacSha256 } from '../../src/http/inbound-signatures';
import type { Registered, TestApp } from './test-app';

/**
 * One record of every communications kind: an activity (user-made), a webhook-made email (through the generic
 * inbound webhook, so an email sync subscription and a notification exist too), a voice memo with extracted tasks.
 */
export async function populateCommunications(t: TestApp, org: Registered): Promise<void> {
  const contact = await org.agent.post('/api/contacts').send({
    name: 'Dana Hendricks',
    email: `dana-${org.organizationId.slice(-8)}@hendricks.example`,
    phone: '+14155550100',
    status: 'lead',
  });
  if (contact.status !== 201) throw new Error(`contact: ${contact.status} ${JSON.stringify(contact.body)}`);
  const activity = await org.agent.post('/api/activities').send({
    contactId: contact.body.id,
    type: 'call',
    direction: 'outbound',
    subject: 'Scissor lifts for the Hendricks job',
    body: 'Dana needs two scissor lifts on Monday. Send the revised quote to Hendricks by Thursday.',
  });
  if (activity.status !== 201) throw new Error(`activity: ${activity.status} ${JSON.stringify(activity.body)}`);
  const memo = await org.agent.post('/api/voice-memos').send({
    title: 'Site visit',
    transcript: 'Call Dana tomorrow about the excavator delivery. Book the truck for Friday.',
    contactId: contact.body.id,
  });
  if (memo.status !== 201) throw new Error(`memo: ${memo.status} ${JSON.stringify(memo.body)}`);
  await org.agent.post(`/api/voice-memos/${memo.body.id}/extract-tasks`).send();
  const settings = await org.agent.get('/api/settings/organization');
  // The accounts fixture set the organization's generic webhook secret: the delivery is signed as a provider would.
  const raw = JSON.stringify({
    messageId: `<fixture-${org.organizationId}@mail.example>`,
    from: { address: 'new.customer@example.net', name: 'New Customer' },
    to: [settings.body.inboundEmailAddress],
    subject: 'Generator for the weekend?',
    text: 'Hi, do you have a 20kW generator for Saturday? Thanks!',
  });
  const inbound = await t
    .agent()
    .post('/webhooks/generic/email')
    .set('content-type', 'application/json')
    .set('x-webhook-signature', hexHmacSha256(raw, 'fixture-secret'))
    .send(raw);
  if (inbound.status !== 200) throw new Error(`inbound email: ${inbound.status} ${JSON.stringify(inbound.body)}`);
}
