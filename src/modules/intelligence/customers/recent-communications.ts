import type { EntityManager } from '@mikro-orm/postgresql';
import { Activity } from '../../communications/activities/activity.entity';

/**
 * The one port through which customer intelligence reads a customer's recent communications (calls,
 * emails, SMS, meetings) with their sentiment: the input of the sentiment trend and of the falling-
 * activity risk (docs/ai.md, "Customer intelligence"). `activitiesSince` reads the activities table of the
 * communications module (through its entity, tenant-scoped like every query).
 */
export interface CommunicationRecord {
  /** ISO instant of the communication. */
  at: string;
  /** call, email, sms, meeting, ... (the activity type). */
  kind: string;
  /** -1..1, or null when no sentiment was stored. */
  sentimentScore: number | null;
}

export type RecentCommunications = (
  em: EntityManager,
  contactIds: string[],
  since: string,
) => Promise<CommunicationRecord[]>;

/** The contacts' activities since `since`, oldest first (500 at most), with their stored sentiment score. */
export const activitiesSince: RecentCommunications = async (em, contactIds, since) => {
  if (!contactIds.length) return [];
  const rows = await em.find(
    Activity,
    { contact: { $in: contactIds }, occurredAt: { $gte: new Date(since) } },
    { fields: ['occurredAt', 'type', 'sentimentScore'], orderBy: { occurredAt: 'asc', id: 'asc' }, limit: 500 },
  );
  return rows.map((a) => ({ at: a.occurredAt.toISOString(), kind: a.type, sentimentScore: a.sentimentScore }));
};
