import { Arg, Args, ID, Resolver, Root, Subscription } from 'type-graphql';
import type { SubscribeResolverData } from 'type-graphql';
import { Guard } from '../../graphql/guard';
import { isAdmin, isAuthenticated } from '../../graphql/rules';
import { findOr404 } from '../../db/find-or-404';
import { OutboxEvent } from '../../events/outbox-event.entity';
import { liveStream } from '../../live/live-stream';
import type { LiveMessage } from '../../live/publish';
import { Notification } from '../accounts/notifications/notification.entity';
import { Contact } from '../crm/contacts/contact.entity';
import { RentalOrder } from '../rental/orders/rental-order.entity';
import { Task } from '../sales/tasks/task.entity';
import { Activity } from '../communications/activities/activity.entity';
import type { LiveContext } from './live.services';
import { EventStreamArgs, JobProgress } from './live.types';

type Args = Record<string, unknown>;
type Load<T> = (message: LiveMessage, ctx: LiveContext, args: Args) => Promise<T | null | undefined> | T | undefined;

/**
 * A subscription over the live messages of `topic` (docs/events.md, "Live events"): `check` runs once when it starts
 * (the record it follows must be the subscriber's: another organization's is a 404), `load` on every message, under
 * the subscriber's tenancy, and decides what the subscriber receives (nothing: not theirs).
 */
function on<T>(
  topic: (args: Args) => string,
  load: Load<T>,
  check?: (ctx: LiveContext, args: Args) => Promise<unknown>,
) {
  return async ({ args, context }: SubscribeResolverData<unknown, Args, LiveContext>) => {
    await check?.(context, args);
    const wanted = topic(args);
    return liveStream(context.services.liveHub, context, {
      accepts: (t) => t === wanted,
      load: async (message) => load(message, context, args),
    });
  };
}

const id = (message: LiveMessage) => String(message.data.id);
const isMine = (message: LiveMessage, key: string, ctx: LiveContext) => message.data[key] === ctx.principal.userId;

/** The live subscriptions: each event read under the subscriber's tenancy, its field's rule checked again per event. */
@Resolver()
export class LiveResolver {
  @Guard(isAuthenticated)
  @Subscription(() => Notification, {
    description: 'Each notification made for me (the signed-in user)',
    subscribe: on(
      () => 'notification',
      (m, ctx) => (isMine(m, 'recipientId', ctx) ? ctx.em.findOne(Notification, { id: id(m) }) : undefined),
    ),
  })
  notificationAdded(@Root() notification: Notification): Notification {
    return notification;
  }

  @Guard(isAuthenticated)
  @Subscription(() => Activity, {
    description: "A contact's timeline as it grows: each activity logged (or changed) on the contact",
    subscribe: on(
      () => 'activity',
      (m, ctx, args) => (m.data.contactId === args.contactId ? ctx.em.findOne(Activity, { id: id(m) }) : undefined),
      (ctx, args) => findOr404(ctx.em, Contact, String(args.contactId), 'Contact'),
    ),
  })
  contactActivity(
    @Arg('contactId', () => ID, { description: 'The contact (a lead or customer: its contactId)' }) _contactId: string,
    @Root() activity: Activity,
  ): Activity {
    return activity;
  }

  @Guard(isAuthenticated)
  @Subscription(() => Task, {
    description: 'Each task assigned to me, when it is created, assigned to me or changed',
    subscribe: on(
      () => 'task',
      (m, ctx) => (isMine(m, 'assigneeId', ctx) ? ctx.em.findOne(Task, { id: id(m) }) : undefined),
    ),
  })
  assignedTaskChanged(@Root() task: Task): Task {
    return task;
  }

  @Guard(isAuthenticated)
  @Subscription(() => RentalOrder, {
    description: 'Each change of a rental order (booked, priced, checked out, returned, ...); one order with `id`',
    subscribe: on(
      () => 'order',
      (m, ctx, args) => (!args.id || args.id === id(m) ? ctx.em.findOne(RentalOrder, { id: id(m) }) : undefined),
      async (ctx, args) => (args.id ? findOr404(ctx.em, RentalOrder, String(args.id), 'Transaction') : undefined),
    ),
  })
  transactionChanged(
    @Arg('id', () => ID, { nullable: true, description: 'Only this order' }) _id: string | undefined,
    @Root() order: RentalOrder,
  ): RentalOrder {
    return order;
  }

  @Guard(isAuthenticated)
  @Subscription(() => JobProgress, {
    description: "A background job's progress (an import, an export), as the job publishes it",
    subscribe: on(
      (args) => `job:${String(args.id)}`,
      (m) => ({ id: m.topic.slice('job:'.length), progress: m.data }),
      // the job must be one the subscriber may read (GET /api/jobs/:id): a member's own, any for an admin
      (ctx, args) => ctx.services.backgroundJobs.get(ctx.em, ctx.principal, String(args.id)),
    ),
  })
  jobProgress(@Arg('id', () => ID) _id: string, @Root() progress: JobProgress): JobProgress {
    return progress;
  }

  @Guard(isAdmin)
  @Subscription(() => OutboxEvent, {
    description: "The organization's events as they are written (the webhook events: docs/events.md)",
    subscribe: on(
      () => 'event',
      (m, ctx, args) => {
        const kinds = args.kinds as string[] | undefined;
        if (kinds?.length && !kinds.includes(String(m.data.kind))) return undefined;
        return ctx.em.findOne(OutboxEvent, { id: id(m) });
      },
    ),
  })
  eventPublished(@Args() _args: EventStreamArgs, @Root() event: OutboxEvent): OutboxEvent {
    return event;
  }
}
