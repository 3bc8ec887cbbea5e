/** The spec's outbound event kinds (Events). docs/events.md says which operation emits which. */
export const EVENT_KINDS = [
  'lead.created',
  'contact.updated',
  'lead.converted',
  'opportunity.created',
  'opportunity.stage_changed',
  'task.created',
  'task.completed',
  'call.received',
  'email.received',
  'order.reserved',
  'order.updated',
  'order.checked_out',
  'order.returned',
  'order.extended',
  'order.swapped',
  'order.cancelled',
  'order.overdue',
] as const;

export type EventKind = (typeof EVENT_KINDS)[number];

/** The spec's envelope, byte for byte what a receiver gets. */
export interface EventEnvelope {
  event: EventKind | 'ping';
  timestamp: string;
  organizationId: string;
  data: Record<string, unknown>;
}

/** The exact bytes sent: the envelope's fields in the spec's order (the same bytes on every attempt). */
export function serializeEnvelope(e: EventEnvelope): string {
  return JSON.stringify({ event: e.event, timestamp: e.timestamp, organizationId: e.organizationId, data: e.data });
}
