import type { RouteRow } from '../../../rest-adapter/route.types';

const TAG = 'Webhooks';
const EXAMPLE = { url: 'https://203.0.113.10/crm-webhooks', events: ['lead.created', 'lead.converted'], description: 'Sync to the ERP' };

/** Outbound webhook settings, the event log and the delivery log (admin). docs/events.md. */
export const webhookRoutes: RouteRow[] = [
  { method: 'GET', path: '/api/settings/webhooks', operation: 'webhookSubscriptions', tag: TAG, summary: 'Webhook subscriptions (paginated)' },
  { method: 'POST', path: '/api/settings/webhooks', operation: 'createWebhookSubscription', body: 'input', status: 201, tag: TAG, summary: 'Create a subscription; the response carries its secret, shown only once', example: EXAMPLE },
  { method: 'GET', path: '/api/settings/webhooks/:id', operation: 'webhookSubscription', tag: TAG, summary: 'One subscription (why it was disabled, if it was)' },
  { method: 'PUT', path: '/api/settings/webhooks/:id', operation: 'updateWebhookSubscription', body: 'input', tag: TAG, summary: 'Change a subscription; active: true re-enables it', example: { description: 'ERP sync', active: true } },
  { method: 'DELETE', path: '/api/settings/webhooks/:id', operation: 'deleteWebhookSubscription', tag: TAG, summary: 'Delete a subscription and its delivery log' },
  { method: 'POST', path: '/api/settings/webhooks/:id/rotate-secret', operation: 'rotateWebhookSecret', tag: TAG, summary: 'New secret (shown once); the old one still signs during the grace period' },
  { method: 'POST', path: '/api/settings/webhooks/:id/ping', operation: 'pingWebhookSubscription', status: 202, tag: TAG, summary: 'Queue a signed ping event for this subscription' },
  { method: 'GET', path: '/api/settings/webhooks/:id/deliveries', operation: 'webhookDeliveries', params: { id: 'subscriptionId' }, tag: TAG, summary: 'Deliveries of this subscription with their state (paginated)' },
  { method: 'GET', path: '/api/settings/webhooks/:id/attempts', operation: 'webhookAttempts', params: { id: 'subscriptionId' }, tag: TAG, summary: 'Every attempt to this subscription: time, status code, latency, error (paginated)' },
  { method: 'GET', path: '/api/events', operation: 'webhookEvents', tag: TAG, summary: 'Events of your organization, newest first (paginated)' },
  { method: 'GET', path: '/api/events/:id', operation: 'webhookEvent', tag: TAG, summary: 'One event with its envelope' },
  { method: 'GET', path: '/api/events/:id/deliveries', operation: 'webhookDeliveries', params: { id: 'eventId' }, tag: TAG, summary: 'Deliveries of this event (paginated)' },
  { method: 'GET', path: '/api/events/:id/attempts', operation: 'webhookAttempts', params: { id: 'eventId' }, tag: TAG, summary: 'Every attempt to deliver this event (paginated)' },
  { method: 'POST', path: '/api/events/:id/redeliver', operation: 'redeliverWebhookEvent', params: { id: 'eventId' }, status: 202, tag: TAG, summary: 'Send the event again (query subscriptionId: only to that subscription)' },
];
