import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../../graphql/context';
import type { Page } from '../../../db/pagination';
import { findOr404 } from '../../../db/find-or-404';
import type { PlainRow } from '../../../db/read-path';
import { DeletePayload } from '../../../lib/fields';
import { User } from '../../accounts/users/user.entity';
import { Contact } from '../../crm/contacts/contact.entity';
import { sourceOfKind } from '../extraction/task-extraction.service';
import type { CommunicationsContext } from '../communications.services';
import { ExtractedTasksPayload } from '../voice-memos/voice-memo.types';
import { Activity, ActivityType } from './activity.entity';
import { ActivityInput, ActivityListArgs, ActivityPage, ActivityUpdateInput } from './activity.types';
import { ContactSentiment } from './sentiment.types';
import { TimelineArgs, TimelinePage } from './timeline.types';
import { Guard } from '../../../graphql/guard';
import { isAuthenticated } from '../../../graphql/rules';

const TEXT_KIND = {
  call: 'call_transcript',
  email: 'email',
  sms: 'sms',
  meeting: 'meeting_notes',
  note: 'note',
} as const;

@Resolver(() => Activity)
export class ActivityResolver {
  @Guard(isAuthenticated)
  @Query(() => ActivityPage, {
    description: 'Activities (paginated; contactId, type, direction, source, ownerId, authorId, opportunityId, dates)',
  })
  activities(@Args() args: ActivityListArgs, @Ctx() ctx: CommunicationsContext): Promise<Page<Activity>> {
    return ctx.services.activities.list(ctx.em, args);
  }

  @Guard(isAuthenticated)
  @Query(() => Activity)
  activity(@Arg('id', () => ID) id: string, @Ctx() ctx: CommunicationsContext): Promise<Activity> {
    return ctx.services.activities.get(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Query(() => TimelinePage, {
    description: "A contact's history: activities, tasks, stage changes and rental orders, newest first",
  })
  contactTimeline(
    @Arg('id', () => ID, { description: 'The contact (a lead or customer: its contactId)' }) id: string,
    @Args() args: TimelineArgs,
    @Ctx() ctx: CommunicationsContext,
  ) {
    return ctx.services.timeline.forContact(ctx.em, id, args);
  }

  @Guard(isAuthenticated)
  @Query(() => ContactSentiment, { description: "A contact's sentiment trend over its communications" })
  contactSentiment(@Arg('id', () => ID) id: string, @Ctx() ctx: CommunicationsContext): Promise<ContactSentiment> {
    return ctx.services.activities.sentiment(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Activity, { description: "Log a call, email, SMS or meeting; moves the contact's lastContactedAt" })
  createActivity(@Arg('input') input: ActivityInput, @Ctx() ctx: CommunicationsContext): Promise<Activity> {
    return ctx.services.activities.create(ctx.em, ctx.principal, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => Activity, { description: 'Webhook-made activities accept only opportunityId and summary' })
  updateActivity(
    @Arg('id', () => ID) id: string,
    @Arg('input') input: ActivityUpdateInput,
    @Ctx() ctx: CommunicationsContext,
  ): Promise<Activity> {
    return ctx.services.activities.update(ctx.em, ctx.principal, id, input);
  }

  @Guard(isAuthenticated)
  @Mutation(() => DeletePayload)
  deleteActivity(@Arg('id', () => ID) id: string, @Ctx() ctx: CommunicationsContext): Promise<DeletePayload> {
    return ctx.services.activities.delete(ctx.em, id);
  }

  @Guard(isAuthenticated)
  @Mutation(() => ExtractedTasksPayload, {
    description: 'AI task extraction from the activity body (email, call transcript, meeting notes); idempotent',
  })
  extractActivityTasks(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: CommunicationsContext,
  ): Promise<ExtractedTasksPayload> {
    return ctx.em.transactional(async (tx) => {
      const a = await findOr404(tx, Activity, id, 'Activity', { lock: true });
      const kind = TEXT_KIND[a.type as ActivityType];
      const tasks = await ctx.services.extraction.extract(tx, {
        explicit: true,
        organizationId: a.organization.id,
        source: sourceOfKind(kind),
        sourceId: a.id,
        kind,
        text: [a.subject, a.body].filter(Boolean).join('\n\n'),
        at: a.occurredAt,
        authorId: a.author?.id ?? null,
        contactId: a.contact.id,
        opportunityId: a.opportunity?.id ?? null,
      });
      return { tasks };
    });
  }

  @FieldResolver(() => Contact)
  contact(@Root() a: Activity, @Ctx() ctx: Context): Promise<Contact | null> {
    return ctx.loaders.byId(Contact).load(a.contact.id);
  }

  @FieldResolver(() => User, { nullable: true })
  author(@Root() a: Activity, @Ctx() ctx: Context): Promise<PlainRow<User> | null> | null {
    return a.author ? ctx.loaders.rowsById(User).load(a.author.id) : null;
  }
}
