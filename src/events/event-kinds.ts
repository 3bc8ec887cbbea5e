/**
 * An event kind, `<record>.<what happened>` (lead.created, order.overdue). Each module declares the kinds it emits
 * in its definition (`events`); docs/events.md lists them with the operation that emits each.
 */
export type EventKind = `${string}.${string}`;

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
