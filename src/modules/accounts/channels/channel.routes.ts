import { DELETED, type RouteRow } from '../../../http/route-row';

const PHONE = '{ id number label organizationId createdAt updatedAt }';
const CHANNELS = `{ inboundEmailAddress phoneNumbers ${PHONE} webhookSecrets { provider configured } }`;
const tag = 'Settings';

/** Inbound channels (docs/communications.md, "Provider webhooks"): admins manage numbers and secrets. */
export const channelRoutes: RouteRow[] = [
  {
    method: 'GET',
    path: '/api/settings/channels',
    operation: 'channelSettings',
    tag,
    summary: 'Inbound email address, phone numbers and which webhook secrets are configured (never their values)',
    selection: CHANNELS,
  },
  {
    method: 'POST',
    path: '/api/settings/phone-numbers',
    operation: 'addPhoneNumber',
    body: 'input',
    status: 201,
    tag,
    summary: 'Add a phone number, E.164 (admin); 409 if an organization already has it',
    selection: PHONE,
    example: { number: '+14155550123', label: 'Main line' },
  },
  {
    method: 'DELETE',
    path: '/api/settings/phone-numbers/:id',
    operation: 'removePhoneNumber',
    tag,
    summary: 'Remove a phone number (admin)',
    selection: DELETED,
  },
  {
    method: 'PUT',
    path: '/api/settings/webhook-secrets',
    operation: 'setWebhookSecret',
    body: 'input',
    tag,
    summary:
      "Set a provider's inbound webhook secret (admin; Twilio: the auth token); stored encrypted, never returned",
    selection: CHANNELS,
    example: { provider: 'generic', secret: 'a-long-random-shared-secret' },
  },
  {
    method: 'DELETE',
    path: '/api/settings/webhook-secrets/:provider',
    operation: 'clearWebhookSecret',
    tag,
    summary: "Remove a provider's inbound webhook secret (admin); the deployment's secret, if any, applies again",
    selection: CHANNELS,
  },
];
