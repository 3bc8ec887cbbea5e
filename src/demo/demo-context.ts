import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BaseEntity } from '../db/base.entity';
import { addDays } from '../lib/calendar-days';
import type { Organization } from '../modules/accounts/organizations/organization.entity';
import type { DemoData } from './demo-data';
import type { Rng } from './random';

/** What every part of the demo seed works with (src/demo/index.ts runs the parts in order). */
export interface DemoContext {
  /** The seeding transaction's entity manager (tenant filter off: the seed writes one organization). */
  em: EntityManager;
  org: Organization;
  /** The reference day (YYYY-MM-DD, UTC): "a year" ends here; overdue and upcoming are relative to it. */
  today: string;
  /** Midnight UTC of the reference day: no timestamp of the demo is later. */
  now: Date;
  rng: Rng;
  /** What the earlier parts made, for the later ones. */
  data: DemoData;
}

/**
 * A stable id for the n-th demo record of a kind: the same on every seed (and independent of the other
 * parts), so a demo id written in a note or a bookmark stays valid after `npm run seed`.
 */
export function demoId(kind: string, n: number | string): string {
  const h = createHash('sha1').update(`rental-crm-demo:${kind}:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** `today` shifted by n days (negative: the past). */
export function dayOf(ctx: DemoContext, offset: number): string {
  return addDays(ctx.today, offset);
}

/** A moment on `day` at `hour` (UTC), never later than the reference midnight. */
export function at(ctx: DemoContext, day: string, hour = 9): Date {
  const t = new Date(`${day}T00:00:00.000Z`).getTime() + hour * 3_600_000;
  return new Date(Math.min(t, ctx.now.getTime()));
}

/** Gives a new entity its stable id and creation time and persists it. */
export function place<T extends BaseEntity>(
  ctx: DemoContext,
  entity: T,
  kind: string,
  n: number | string,
  createdAt: Date,
): T {
  entity.id = demoId(kind, n);
  entity.createdAt = createdAt;
  entity.updatedAt = createdAt;
  ctx.em.persist(entity);
  return entity;
}
