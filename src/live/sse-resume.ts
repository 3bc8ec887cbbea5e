import type { Request } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import { withTenantAccess } from '../db/access';
import { AppError } from '../lib/errors';
import type { KeptMessage } from './live-cursor';

/** What a resuming stream gets: the messages after its last id, or why it must refetch instead (`event: reset`). */
export type Resume = { messages: KeptMessage[] } | { reset: 'unknown' | 'too-old' | 'too-many' };

/** How far back a stream can resume (LIVE_REPLAY_LIMIT, LIVE_REPLAY_WINDOW_MINUTES). */
export interface ResumeLimits {
  limit: number;
  windowMinutes: number;
}

const ID = /^\d{1,18}$/;

/**
 * The id a reconnecting stream resumes from: the `Last-Event-ID` header (what EventSource sends), else
 * `?lastEventId=` (for clients that cannot set headers); none, undefined. Not a number we gave: 400.
 */
export function lastEventId(req: Request, query: Record<string, string | undefined>): number | undefined {
  const given = req.get('last-event-id') ?? query.lastEventId;
  if (given === undefined || given === '') return undefined;
  if (!ID.test(given.trim()))
    throw AppError.validation([{ field: 'lastEventId', message: 'an event id the stream gave (digits)' }]);
  return Number(given.trim());
}

/**
 * The kept live messages of `organizationId` after `since` (docs/events.md, "Resuming: Last-Event-ID"), read under
 * that organization's row-level security. `since` must be one of its kept messages (the id of an event it was
 * sent), younger than the window; more than `limit` messages since then is too many to replay.
 */
export function readResume(
  orm: MikroORM,
  organizationId: string,
  since: number,
  limits: ResumeLimits,
): Promise<Resume> {
  return withTenantAccess(organizationId, async (): Promise<Resume> => {
    const em = orm.em.fork();
    const [anchor] = await em.execute<{ fresh: boolean }[]>(
      `select created_at > now() - make_interval(mins => ?) as fresh from live_messages
        where organization_id = ? and seq = ?`,
      [limits.windowMinutes, organizationId, since],
    );
    if (!anchor) return { reset: 'unknown' };
    if (!anchor.fresh) return { reset: 'too-old' };
    const rows = await em.execute<{ seq: string; topic: string; data: Record<string, unknown> }[]>(
      `select seq, topic, data from live_messages where organization_id = ? and seq > ? order by seq limit ?`,
      [organizationId, since, limits.limit + 1],
    );
    if (rows.length > limits.limit) return { reset: 'too-many' };
    return { messages: rows.map((r) => ({ organizationId, topic: r.topic, data: r.data, seq: Number(r.seq) })) };
  });
}

/** The `event: reset` a stream gets when it cannot resume: refetch the lists, then stream on. */
export const resetData = (reason: string) => ({
  reason,
  message: 'the events since Last-Event-ID cannot be replayed: read the lists again (notifications, tasks, ...)',
});
